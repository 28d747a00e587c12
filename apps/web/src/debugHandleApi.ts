/**
 * The shape of `window.__cclab` (debugHandle.ts installs it): types only, so that the end-to-end
 * tests can type what they read from the page without compiling the app.
 */
import type { ScenarioInput } from '@cclab/engine';
import type { Selection, ViewTransform } from './state/scenarioStore';

export interface DebugHandle {
  startupSource: string;
  scenario(): ScenarioInput;
  selection(): Selection;
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
  camera(): ViewTransform | null;
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
