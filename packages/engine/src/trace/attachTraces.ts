import type { Port } from '../net/Port.js';
import type { Simulation } from '../Simulation.js';
import { Ns2TraceWriter } from './Ns2TraceWriter.js';
import { PcapWriter } from './PcapWriter.js';
import { TracerFanout, type PortTracer } from '../net/PortTracer.js';
import { TraceOutput, type TraceSink } from './TraceOutput.js';
import { tracedFlows } from './traceFlows.js';

export interface TraceOptions {
  /** Ports to trace by name ("r1->r2"); by default the simulation's probed ports. */
  ports?: readonly string[];
  /** Receives the ns-2 trace (text lines). */
  ns2?: TraceSink;
  /** Receives the pcap file. */
  pcap?: TraceSink;
  /** Size limit of each file, bytes: past it, records are counted but not written. */
  maxBytes: number;
}

export interface TraceFileReport {
  bytes: number;
  records: number;
  /** Records left out because the file reached maxBytes. */
  omittedRecords: number;
}

export interface TraceSession {
  readonly ports: readonly Port[];
  /** Whether every file has reached its size limit (running on adds nothing to them). */
  readonly full: boolean;
  /** Flushes the files and detaches the tracers; reports what each file holds. */
  close(): { ns2?: TraceFileReport; pcap?: TraceFileReport };
}

/**
 * Attaches packet traces to ports of a simulation before it runs: an ns-2 trace (`+ - d r`
 * lines, trace/Ns2TraceWriter.ts) and/or a pcap (trace/PcapWriter.ts) of the chosen ports, each
 * bounded by `maxBytes`. Throws an Error naming unknown ports.
 */
export function attachTraces(sim: Simulation, o: TraceOptions): TraceSession {
  if (!(o.maxBytes > 0)) throw new RangeError(`trace size limit ${o.maxBytes}: must be a positive number of bytes`);
  const ports = o.ports ? o.ports.map((n) => sim.network.portByName(n)) : sim.probedPorts;
  const missing = o.ports?.filter((_, i) => ports[i] === undefined) ?? [];
  if (missing.length > 0) {
    const known = sim.network.ports.map((p) => p.name).join(', ');
    throw new Error(`unknown port${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (ports: ${known})`);
  }
  const flows = tracedFlows(sim);
  const now = () => sim.sim.now;
  const ns2 = o.ns2 ? new TraceOutput(o.ns2, o.maxBytes) : null;
  const pcap = o.pcap ? new TraceOutput(o.pcap, o.maxBytes) : null;
  const tracers: PortTracer[] = [];
  if (ns2) tracers.push(new Ns2TraceWriter(ns2, flows, now));
  if (pcap) tracers.push(new PcapWriter(pcap, flows, now));
  const tracer = tracers.length === 1 ? tracers[0]! : new TracerFanout(tracers);
  const traced = ports as Port[];
  for (const p of traced) p.tracer = tracers.length > 0 ? tracer : null;
  const report = (out: TraceOutput): TraceFileReport => {
    out.flush();
    return { bytes: out.bytes, records: out.records, omittedRecords: out.omittedRecords };
  };
  return {
    ports: traced,
    get full() {
      return (ns2 === null || ns2.truncated) && (pcap === null || pcap.truncated);
    },
    close() {
      for (const p of traced) p.tracer = null;
      return { ...(ns2 ? { ns2: report(ns2) } : {}), ...(pcap ? { pcap: report(pcap) } : {}) };
    },
  };
}
