/**
 * `window.__cclab`: a read-only window into application state for end-to-end tests and for
 * curious users in the devtools console. Nothing in the app depends on it.
 */
import type { ScenarioInput } from '@cclab/engine';
import { encodeScenario } from './codec/urlCodec';
import type { Lab } from './lab';

export interface DebugHandle {
  startupSource: string;
  scenario(): unknown;
  selection(): unknown;
  run(): { status: string; nowNs: number; progress: number; speed: number; issues: unknown[] };
  series(): {
    flows: { id: string; cwnd: number[]; t: number[] }[];
    ports: { name: string; queue: number[]; disc: Record<string, number[]> }[];
    markers: number;
  };
  live(): { queues: number[]; util: number[]; flight: number; drops: number; control: number };
  canUndo(): boolean;
  /** The URL codec, for tests that craft links. */
  encode(s: unknown): string;
}

declare global {
  interface Window {
    __cclab?: DebugHandle;
  }
}

export function installDebugHandle(lab: Lab, startupSource: string): void {
  window.__cclab = {
    startupSource,
    scenario: () => structuredClone(lab.scenario.getState().scenario),
    selection: () => structuredClone(lab.scenario.getState().selection),
    run: () => {
      const r = lab.run.getState();
      return { status: r.status, nowNs: r.nowNs, progress: r.progress, speed: r.speed, issues: r.issues };
    },
    series: () => ({
      flows: (lab.series.meta?.flowIds ?? []).map((id, i) => ({
        id,
        cwnd: [...lab.series.flows[i]!.column(1)],
        t: [...lab.series.flows[i]!.column(0)],
      })),
      ports: (lab.series.meta?.probedPorts ?? []).map((name, i) => ({
        name,
        queue: [...lab.series.ports[i]!.column(1)],
        disc: Object.fromEntries(
          (lab.series.meta?.discProbes[i] ?? []).map((p, c) => [p.key, [...lab.series.disc[i]!.column(c)]]),
        ),
      })),
      markers: lab.series.markers.length,
    }),
    live: () => ({
      queues: [...lab.live.queues],
      util: [...lab.live.util],
      flight: lab.live.flight.length / 5,
      drops: lab.live.drops.length,
      control: controlInFlight(lab),
    }),
    canUndo: () => lab.scenario.getState().past.length > 0,
    encode: (s) => encodeScenario(s as ScenarioInput),
  };
}

/** Router control packets (flow index past the last flow) among the packets on the wire. */
function controlInFlight(lab: Lab): number {
  const flows = lab.series.meta?.flowIds.length ?? 0;
  const fl = lab.live.flight;
  let n = 0;
  for (let i = 1; i < fl.length; i += 5) if (fl[i]! >= flows) n++;
  return n;
}
