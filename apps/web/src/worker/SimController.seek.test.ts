/**
 * Rewind in the worker (SimController.seek): the moment a seek shows is the one a run stepping
 * from zero passes through (the engine is deterministic, so that straight run is the reference),
 * and a run played on from a seek ends as a straight run does.
 */
import { describe, expect, it } from 'vitest';
import { defaultScenario, type ScenarioInput } from '@cclab/engine';
import { SeriesStore } from '../state/SeriesStore';
import { LiveView } from './LiveView';
import { SimController } from './SimController';

/** A lab's view of a run: the series store and live view, fed every frame. */
function view(ctl: SimController) {
  const series = new SeriesStore();
  const live = new LiveView();
  series.reset(ctl.meta);
  live.reset(ctl.meta);
  let summary: unknown = null;
  return {
    series,
    live,
    take() {
      const f = ctl.frame();
      series.append(f);
      live.apply(f, 0);
      summary = ctl.summary();
    },
    /** Everything the page shows: every series column, the markers, the animation state, the summary. */
    picture() {
      const cols = (c: { names: readonly string[]; column(n: string): Float64Array }) =>
        Object.fromEntries(c.names.map((n) => [n, [...c.column(n)]]));
      return {
        flows: series.flows.map(cols),
        ports: series.ports.map(cols),
        markers: series.markers,
        nowNs: live.nowNs,
        queues: [...live.queues],
        queueBytes: [...live.queueBytes],
        flight: [...live.flight],
        backlog: [...live.backlog],
        util: [...live.util],
        portDrops: [...live.portDrops],
        reasons: live.reasons,
        summary,
      };
    },
  };
}

/** Seeks and does the worker's ticks until the seek is there. */
function seekThere(ctl: SimController, scenario: ScenarioInput, toNs: number, then: 'paused' | 'playing' | 'batch') {
  expect(ctl.seek(2, scenario, toNs, then).ok).toBe(true);
  let ticks = 0;
  while (ctl.seeking && ticks++ < 10_000) ctl.tick();
  expect(ctl.seeking).toBe(false);
}

describe('rewind: the worker re-simulates to a time', () => {
  it('shows at 10 s exactly what a run stepping from zero shows there: series, packets, queues, utilisation, summary', () => {
    const scenario = defaultScenario();
    const straight = new SimController(() => 0);
    straight.load(1, scenario);
    const a = view(straight);
    for (let k = 0; k < 200; k++) {
      straight.step();
      a.take();
    }
    expect(straight.nowNs).toBe(10e9);

    // the other run went on to 14 s, then rewinds to 10 s
    const rewound = new SimController(() => 0);
    rewound.load(1, scenario);
    for (let k = 0; k < 280; k++) rewound.step();
    rewound.frame();
    seekThere(rewound, scenario, 10e9, 'paused');
    expect(rewound.status).toBe('paused');
    const b = view(rewound);
    b.take();
    const pa = a.picture();
    const pb = b.picture();
    expect(pb.nowNs).toBe(10e9);
    expect(pa.flight.length).toBeGreaterThan(0); // packets on the wire at 10 s, to compare
    expect(pa.util.some((u) => u > 0)).toBe(true);
    expect(pb).toEqual(pa);
  });

  it('played on from a rewound moment, the run ends as a straight run does', () => {
    const scenario: ScenarioInput = { ...defaultScenario(), duration: '20s' };
    const straight = new SimController(() => 0);
    straight.load(1, scenario);
    const a = view(straight);
    straight.batch();
    while (straight.tick()) a.take();
    a.take();

    const rewound = new SimController(() => 0);
    rewound.load(1, scenario);
    rewound.batch();
    while (rewound.nowNs < 15e9) rewound.tick();
    seekThere(rewound, scenario, 7.3e9, 'batch');
    const b = view(rewound);
    b.take();
    expect(b.live.nowNs).toBe(7.3e9);
    while (rewound.tick()) b.take();
    b.take();
    expect(rewound.status).toBe('done');
    const { flight: _fa, util: _ua, queues: _qa, ...endA } = a.picture();
    const { flight: _fb, util: _ub, queues: _qb, ...endB } = b.picture();
    expect(endB.flows[0]!.t!.length).toBe(401);
    expect(endB).toEqual(endA);
  });

  it('Play or Pause during a seek decide what the run does once there; Step waits', () => {
    const ctl = new SimController(() => 0);
    ctl.load(1, defaultScenario());
    expect(ctl.seek(2, defaultScenario(), 5e9, 'paused').ok).toBe(true);
    ctl.step(); // ignored while seeking
    ctl.play(2);
    while (ctl.seeking) ctl.tick();
    expect(ctl.nowNs).toBe(5e9);
    expect(ctl.status).toBe('playing');
    ctl.seek(3, defaultScenario(), 2e9, 'playing');
    ctl.pause();
    while (ctl.seeking) ctl.tick();
    expect([ctl.nowNs, ctl.status]).toEqual([2e9, 'paused']);
    // beyond the end: the end, and done
    ctl.seek(4, defaultScenario(), 1e12, 'paused');
    while (ctl.seeking) ctl.tick();
    expect([ctl.nowNs, ctl.status]).toEqual([60e9, 'done']);
  });
});
