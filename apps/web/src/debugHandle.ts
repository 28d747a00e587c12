/**
 * `window.__cclab`: a read-only window into application state for end-to-end tests and for
 * curious users in the devtools console (and one way to break it on purpose: `workerFault`, to
 * see the lab recover). Nothing in the app depends on it.
 */
import type { ScenarioInput } from '@cclab/engine';
import { encodeScenario } from './codec/urlCodec';
import type { Lab } from './lab';
import type { DebugHandle } from './debugHandleApi';
import { GLYPH_STRIDE } from './worker/LiveView';
import { FLIGHT_STRIDE } from './worker/protocol';

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
