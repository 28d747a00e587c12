/**
 * `window.__cclab`: a read-only window into application state for end-to-end tests and for
 * curious users in the devtools console (and one way to break it on purpose: `workerFault`, to
 * see the lab recover). Nothing in the app depends on it.
 */
import type { ScenarioInput } from '@cclab/engine';
import { encodeScenario } from './codec/urlCodec';
import type { Lab } from './lab';
import { GLYPH_STRIDE } from './worker/LiveView';
import { FLIGHT_STRIDE } from './worker/protocol';

export interface DebugHandle {
  startupSource: string;
  scenario(): unknown;
  selection(): unknown;
  run(): {
    status: string;
    nowNs: number;
    progress: number;
    speed: number;
    issues: unknown[];
    /** The furthest time the run has shown (rewind keeps it), and where a rewind is going (or null). */
    reachedNs: number;
    seekingToNs: number | null;
  };
  series(): {
    flows: { id: string; cwnd: number[]; t: number[]; throughputBps: number[] }[];
    ports: { name: string; queue: number[]; columns: string[] }[];
    /** Each UE behind a base station: its channel's SNR (dB) and AMC rate (bit/s) per sample. */
    ues: { ue: string; t: number[]; snrDb: number[]; rateBps: number[] }[];
    markers: number;
    /** Points kept per series at most (the store halves beyond). */
    maxPoints: number;
  };
  /** One column of a probed port's series, by the engine's column name ("disc:avg", "backlog:f0"). */
  portColumn(port: string, column: string): number[];
  /** One column of a flow's series, by the engine's column name ("delayRunMeanMs"). */
  flowColumn(flow: string, column: string): number[];
  live(): {
    queues: number[];
    util: number[];
    flight: number;
    /** Packets on the wire counted per link (a network drawn with counts, levelOfDetail.ts), in all. */
    wire: number;
    /** Router control packets (LbLCA feedback) among the packets on the wire. */
    control: number;
    drops: number;
    /** Drops and marks being drawn, as "reason" or "mark:reason". */
    dropKinds: string[];
    /** Per-flow backlog of each gauge port with packets queued: port name → flow index → packets. */
    backlog: Record<string, Record<number, number>>;
    reasons: { port: string; drops: Record<string, number>; marks: Record<string, number> }[];
    /** Per base station: the UE (index) its current slot serves, −1 for none. */
    bsServed: number[];
  };
  /** Packet glyphs of the overlay's latest draw: port, flow, departure (ns), fraction along the link, x, y. */
  glyphs(): number[][];
  canUndo(): boolean;
  /** The editor's pan and zoom (kept beside the scenario). */
  camera(): unknown;
  /** Make the simulation fail: 'kill' terminates the worker; 'throw', 'hang' and 'engine' happen inside it. */
  workerFault(kind: 'kill' | 'throw' | 'hang' | 'engine'): void;
  /** The URL codec, for tests that craft links. */
  encode(s: unknown): string;
  /**
   * The split view's two runs (null when it is closed): the shared clock's mode, and per run its
   * status, clock, summary and each flow's cwnd samples.
   */
  split(): {
    mode: string;
    sharedNs: number;
    runs: { status: string; nowNs: number; summary: unknown; cwnd: number[][] }[];
  } | null;
  /** Make one of the split view's workers fail (0: A, 1: B), as `workerFault` does the lab's. */
  splitWorkerFault(run: 0 | 1, kind: 'kill' | 'throw' | 'hang' | 'engine'): void;
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
      return {
        status: r.status,
        nowNs: r.nowNs,
        progress: r.progress,
        speed: r.speed,
        issues: r.issues,
        reachedNs: r.reachedNs,
        seekingToNs: r.seekingToNs,
      };
    },
    series: () => ({
      flows: (lab.series.meta?.flowIds ?? []).map((id, i) => ({
        id,
        cwnd: [...lab.series.flows[i]!.column('cwnd')],
        t: [...lab.series.flows[i]!.column('t')],
        throughputBps: [...lab.series.flows[i]!.column('throughputBps')],
      })),
      ports: (lab.series.meta?.probedPorts ?? []).map((name, i) => ({
        name,
        queue: [...lab.series.ports[i]!.column('queuePackets')],
        columns: [...lab.series.ports[i]!.names],
      })),
      ues: (lab.series.meta?.baseStations ?? []).flatMap((b) =>
        b.ues.map((ue, j) => {
          const c = lab.series.ues[b.firstUe + j]!;
          return { ue, t: [...c.column('t')], snrDb: [...c.column('snrDb')], rateBps: [...c.column('rateBps')] };
        }),
      ),
      markers: lab.series.markers.length,
      maxPoints: lab.series.meta?.maxPoints ?? 0,
    }),
    portColumn: (port, column) => {
      const i = lab.series.meta?.probedPorts.indexOf(port) ?? -1;
      return i < 0 ? [] : [...lab.series.ports[i]!.column(column)];
    },
    flowColumn: (flow, column) => {
      const i = lab.series.meta?.flowIds.indexOf(flow) ?? -1;
      return i < 0 ? [] : [...lab.series.flows[i]!.column(column)];
    },
    live: () => {
      const meta = lab.live.meta;
      const backlog: Record<string, Record<number, number>> = {};
      meta?.ports.forEach((p, i) => {
        const b = lab.live.portBacklog(i);
        if (b.size > 0) backlog[p.name] = Object.fromEntries(b);
      });
      return {
        queues: [...lab.live.queues],
        util: [...lab.live.util],
        flight: lab.live.flight.length / FLIGHT_STRIDE,
        wire: lab.live.wire.reduce((a, b) => a + b, 0),
        control: controlInFlight(lab),
        drops: lab.live.drops.length,
        dropKinds: lab.live.drops.map((d) => (d.mark ? `mark:${d.reason}` : d.reason)),
        backlog,
        reasons: (meta?.ports ?? []).map((p, i) => ({
          port: p.name,
          ...(lab.live.reasons[i] ?? { drops: {}, marks: {} }),
        })),
        bsServed: [...lab.live.bsServed],
      };
    },
    glyphs: () => {
      const out: number[][] = [];
      for (let i = 0; i < lab.live.glyphCount; i++)
        out.push([...lab.live.glyphs.subarray(i * GLYPH_STRIDE, (i + 1) * GLYPH_STRIDE)]);
      return out;
    },
    canUndo: () => lab.scenario.getState().past.length > 0,
    camera: () => structuredClone(lab.scenario.getState().camera),
    workerFault: (kind) => lab.sim.injectFault(kind),
    encode: (s) => encodeScenario(s as ScenarioInput),
    splitWorkerFault: (run, kind) => {
      const session = lab.ui.getState().splitSession;
      (run === 0 ? session?.a : session?.b)?.sim.injectFault(kind);
    },
    split: () => {
      const session = lab.ui.getState().splitSession;
      if (!session) return null;
      const st = session.state.getState();
      return {
        mode: st.finished ? 'finished' : st.mode,
        sharedNs: st.sharedNs,
        runs: [session.a, session.b].map((side) => {
          const r = side.run.getState();
          return {
            status: r.status,
            nowNs: r.nowNs,
            summary: structuredClone(r.summary),
            cwnd: (side.series.meta?.flowIds ?? []).map((_, i) => [...side.series.flows[i]!.column('cwnd')]),
          };
        }),
      };
    },
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
