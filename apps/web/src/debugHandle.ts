/**
 * `window.__cclab`: a read-only window into application state for end-to-end tests and for
 * curious users in the devtools console (and one way to break it on purpose: `workerFault`, to
 * see the lab recover). Nothing in the app depends on it.
 */
import type { ScenarioInput } from '@cclab/engine';
import { encodeScenario } from './codec/urlCodec';
import type { Lab } from './lab';
import { GLYPH_STRIDE } from './worker/LiveView';

export interface DebugHandle {
  startupSource: string;
  scenario(): unknown;
  selection(): unknown;
  run(): { status: string; nowNs: number; progress: number; speed: number; issues: unknown[] };
  series(): {
    flows: { id: string; cwnd: number[]; t: number[] }[];
    ports: { name: string; queue: number[] }[];
    markers: number;
  };
  live(): { queues: number[]; util: number[]; flight: number; drops: number };
  /** Packet glyphs of the overlay's latest draw: port, flow, departure (ns), fraction along the link, x, y. */
  glyphs(): number[][];
  canUndo(): boolean;
  /** The editor's pan and zoom (kept beside the scenario). */
  camera(): unknown;
  /** Make the simulation fail: 'kill' terminates the worker; 'throw', 'hang' and 'engine' happen inside it. */
  workerFault(kind: 'kill' | 'throw' | 'hang' | 'engine'): void;
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
      })),
      markers: lab.series.markers.length,
    }),
    live: () => ({
      queues: [...lab.live.queues],
      util: [...lab.live.util],
      flight: lab.live.flight.length / 5,
      drops: lab.live.drops.length,
    }),
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
  };
}
