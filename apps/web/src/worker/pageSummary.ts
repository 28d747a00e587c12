/**
 * The run summary as the page gets it: the engine's RunSummary without each port's per-flow
 * throughput map (`flowThroughputBps`), which the lab never shows. Those maps are objects keyed by
 * flow id, slow to copy between threads: at 2,000 nodes and 1,000 flows the summary's structured
 * clone is 1.9 MB and takes 9–84 ms to read on the page's thread, 5 ms without them; at 5,000
 * nodes 3.8 MB, 30–128 ms against 14–49 ms (V8's serializer, the one postMessage uses, in Node on
 * e2e/fixtures/scaleScenario.mjs networks). The CLI and the engine's API keep the whole summary.
 */
import type { PortSummary, RunSummary } from '@cclab/engine';

export type PagePortSummary = Omit<PortSummary, 'flowThroughputBps'>;
export type PageSummary = Omit<RunSummary, 'ports'> & { ports: PagePortSummary[] };

/** `s` without the ports' per-flow throughput maps. */
export function forThePage(s: RunSummary): PageSummary {
  return {
    ...s,
    ports: s.ports.map((p) => {
      const { flowThroughputBps: _unused, ...rest } = p;
      return rest;
    }),
  };
}
