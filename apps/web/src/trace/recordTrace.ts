/**
 * Records a packet trace of the current scenario for the lab's Trace panel: a fresh run of the
 * scenario (runs are deterministic, so it is the run the lab shows) with an ns-2 trace or a pcap
 * of the chosen ports attached (engine trace/attachTraces.ts, the code behind `cclab run
 * --trace-ns2/--trace-pcap`), bounded by the user's size limit. The run stops early once the file
 * is full. Pure: runs in the trace worker and in unit tests.
 */
import { Simulation, attachTraces, validateScenario, type ScenarioInput } from '@cclab/engine';

export type TraceFormat = 'ns2' | 'pcap';

export interface TraceRequest {
  scenario: ScenarioInput;
  format: TraceFormat;
  /** Port names ("r1->r2"). */
  ports: string[];
  maxBytes: number;
}

export interface TraceResult {
  /** The file's bytes, in order. */
  chunks: Uint8Array[];
  bytes: number;
  records: number;
  /** The simulated time the run reached: the scenario's end, or where the file filled up. */
  endNs: number;
  durationNs: number;
  /** The size limit stopped the file before the scenario's end. */
  full: boolean;
}

export const TRACE_FILE_TYPES: Record<TraceFormat, { extension: string; mime: string; label: string }> = {
  ns2: { extension: 'tr', mime: 'text/plain', label: 'ns-2 trace (+ - d r lines)' },
  pcap: { extension: 'pcap', mime: 'application/vnd.tcpdump.pcap', label: 'pcap (Wireshark, tcpdump)' },
};

/**
 * Runs `req.scenario` to its end (or until the trace file is full) in slices of 1/200 of its
 * duration, calling `progress` with the fraction done after each. Throws the scenario's
 * validation error or an Error naming unknown ports.
 */
export function recordTrace(req: TraceRequest, progress: (fraction: number) => void = () => {}): TraceResult {
  const sim = new Simulation(validateScenario(req.scenario));
  const chunks: Uint8Array[] = [];
  const sink = (c: Uint8Array) => void chunks.push(c);
  const session = attachTraces(sim, {
    ports: req.ports,
    maxBytes: req.maxBytes,
    ...(req.format === 'ns2' ? { ns2: sink } : { pcap: sink }),
  });
  const step = Math.max(sim.durationNs / 200, 1e6);
  while (!sim.done && !session.full) {
    sim.runUntil(Math.min(sim.durationNs, sim.nowNs + step));
    progress(sim.nowNs / sim.durationNs);
  }
  const full = session.full && !sim.done;
  const r = session.close();
  const file = req.format === 'ns2' ? r.ns2! : r.pcap!;
  return {
    chunks,
    bytes: file.bytes,
    records: file.records,
    endNs: sim.nowNs,
    durationNs: sim.durationNs,
    full: full || file.omittedRecords > 0,
  };
}
