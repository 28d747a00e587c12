import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultScenario, getRegistry, type RunSummary } from '@cclab/engine';
import { SimController } from '../../worker/SimController';
import type { WorkerLike } from '../../worker/SimClient';
import type { FromWorker, ToWorker } from '../../worker/protocol';
import { SplitSession } from './SplitSession';
import { splitFields, splitVariants, type SplitChoice } from './splitVariants';
import { MAX_PLAY_SLICE_WALL_MS } from './splitClock';

/**
 * A worker in the same thread: a real SimController (the engine) behind the message protocol,
 * doing its work when the test says (`deliver`), so one run can be made slower than the other.
 */
class InlineWorker implements WorkerLike {
  onmessage: ((ev: MessageEvent<FromWorker>) => void) | null = null;
  private readonly inbox: ToWorker[] = [];
  private readonly ctl = new SimController(() => 0);
  private lastSeq = 0;
  terminated = false;
  postMessage(msg: ToWorker): void {
    if (!this.terminated) this.inbox.push(msg);
  }
  terminate(): void {
    this.terminated = true;
  }
  private reply(m: FromWorker): void {
    this.onmessage?.({ data: m } as MessageEvent<FromWorker>);
  }
  private postFrame(): void {
    const f = this.ctl.frame();
    const summary = this.ctl.summary();
    this.reply({ ...f, ack: this.lastSeq, ...(summary ? { summary } : {}) });
  }
  /** Handles the commands received, and runs an advance to its end (as the worker's slices would). */
  deliver(): void {
    while (this.inbox.length > 0) {
      const m = this.inbox.shift()!;
      if (m.seq !== undefined) this.lastSeq = m.seq;
      if (m.type === 'load') {
        const r = this.ctl.load(m.runId, m.scenario);
        if (!r.ok) throw new Error('the variant should load');
        this.reply({ v: 1, type: 'loaded', runId: m.runId, meta: r.meta });
        this.postFrame();
      } else if (m.type === 'advance') {
        this.ctl.advance(m.toNs, m.speed);
        while (this.ctl.advancing) this.ctl.tick();
        this.postFrame();
      }
    }
  }
}

let paints: FrameRequestCallback[] = [];
let wallMs = 0;
const FRAME_MS = 1000 / 60;

beforeEach(() => {
  paints = [];
  wallMs = 0;
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => paints.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => {});
  vi.spyOn(performance, 'now').mockImplementation(() => wallMs);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function session(choice: SplitChoice, scenario = defaultScenario()) {
  const r = splitVariants(scenario, choice, splitFields(scenario, getRegistry()));
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('; '));
  const workers: InlineWorker[] = [];
  const s = new SplitSession(r, () => workers[workers.push(new InlineWorker()) - 1]!, 2);
  return { s, workers };
}

/** One animation frame: the workers that are due do their work, then the page paints. */
function frame(workers: InlineWorker[], due: (i: number) => boolean = () => true) {
  wallMs += FRAME_MS;
  workers.forEach((w, i) => due(i) && w.deliver());
  const cbs = paints;
  paints = [];
  for (const cb of cbs) cb(wallMs);
}

const nows = (s: SplitSession) => [s.a.run.getState().nowNs, s.b.run.getState().nowNs];
const summaries = (s: SplitSession) => [s.a.run.getState().summary, s.b.run.getState().summary] as RunSummary[];

describe('the split view’s two runs (real engine, in-thread workers)', () => {
  it('keeps NewReno and CUBIC in lockstep though B’s worker answers only every tenth frame, and pauses both at one time', () => {
    const { s, workers } = session({ path: 'flows[*].transport.cc', a: 'newreno', b: 'cubic' });
    expect(workers).toHaveLength(2); // one worker per run
    frame(workers);
    frame(workers);
    expect(s.state.getState().ready).toBe(true);
    s.play();
    let apart = 0;
    for (let i = 0; i < 300; i++) {
      frame(workers, (w) => w === 0 || i % 10 === 0);
      const [a, b] = nows(s);
      apart = Math.max(apart, Math.abs(a! - b!));
    }
    const [a, b] = nows(s);
    expect(Math.min(a!, b!)).toBeGreaterThan(0.5e9);
    expect(apart).toBeGreaterThan(0);
    // one slice at most: MAX_PLAY_SLICE_WALL_MS of wall time × speed 2
    expect(apart).toBeLessThanOrEqual(MAX_PLAY_SLICE_WALL_MS * 1e6 * 2);
    s.pause();
    for (let i = 0; i < 6; i++) frame(workers);
    const [pa, pb] = nows(s);
    expect(pa).toBe(pb);
    const [sa, sb] = summaries(s);
    expect(sa!.simulatedS).toBe(sb!.simulatedS);
    expect(sa!.flows.map((f) => f.cc)).toEqual(['newreno', 'newreno']);
    expect(sb!.flows.map((f) => f.cc)).toEqual(['cubic', 'cubic']);
    s.dispose();
    expect(workers.every((w) => w.terminated)).toBe(true);
  });

  it('runs both to the end; with A = B (one seed) the two runs are the same run', () => {
    const { s, workers } = session(
      { path: 'flows[*].transport.cc', a: 'newreno', b: 'newreno' },
      { ...defaultScenario(), duration: '5s' },
    );
    frame(workers);
    frame(workers);
    s.batch();
    for (let i = 0; i < 200 && !s.state.getState().finished; i++) frame(workers, (w) => w === 1 || i % 2 === 0);
    expect(s.state.getState().finished).toBe(true);
    expect(nows(s)).toEqual([5e9, 5e9]);
    const [sa, sb] = summaries(s);
    expect(sb).toEqual(sa);
    // and Step moves both on together after a Reset
    s.reset();
    frame(workers);
    frame(workers);
    s.step();
    frame(workers);
    frame(workers);
    expect(nows(s)).toEqual([50e6, 50e6]);
    s.dispose();
  });
});
