import { describe, expect, it } from 'vitest';
import { defaultScenario } from '@cclab/engine';
import { createRunStore } from '../state/runStore';
import { SeriesStore } from '../state/SeriesStore';
import { LiveView } from './LiveView';
import { SimController } from './SimController';
import { BUSY_DEADLINE_MS, DEADLINE_MS, PING_MS, SimClient, type RunTrouble, type WorkerLike } from './SimClient';
import type { FromWorker, ToWorker } from './protocol';

/**
 * A worker in the same thread: a real SimController behind the message protocol, answering
 * when the test says so (`deliver`), or not at all once hung or dead.
 */
class FakeWorker implements WorkerLike {
  onmessage: ((ev: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  onmessageerror: ((ev: MessageEvent) => void) | null = null;
  readonly inbox: ToWorker[] = [];
  terminated = false;
  hung = false;
  private readonly ctl = new SimController(() => 0);
  private runId = 0;
  /** `seq` of the last command handled. */
  private lastSeq = 0;

  postMessage(msg: ToWorker): void {
    if (!this.terminated) this.inbox.push(msg);
  }
  terminate(): void {
    this.terminated = true;
  }
  private reply(m: FromWorker): void {
    this.onmessage?.({ data: m } as MessageEvent<FromWorker>);
  }
  /** Handles every queued command (unless hung or dead). */
  deliver(): void {
    while (!this.hung && !this.terminated && this.inbox.length > 0) {
      const m = this.inbox.shift()!;
      if (m.seq !== undefined) this.lastSeq = m.seq;
      if (m.type === 'ping') this.reply({ v: 1, type: 'pong', seq: m.seq });
      else if (m.type === 'load') {
        this.runId = m.runId;
        const r = this.ctl.load(m.runId, m.scenario);
        this.reply(
          r.ok
            ? { v: 1, type: 'loaded', runId: m.runId, meta: r.meta }
            : { v: 1, type: 'invalid', runId: m.runId, issues: r.issues },
        );
      } else if (m.type === 'seek') {
        // the worker's slices of re-simulation, all at once
        this.runId = m.runId;
        const r = this.ctl.seek(m.runId, m.scenario, m.toNs, m.then);
        while (this.ctl.seeking) this.ctl.tick();
        if (r.ok) this.reply({ v: 1, type: 'seeked', runId: m.runId, meta: r.meta });
        this.postFrame();
      } else if (m.type === 'play') this.ctl.play(m.speed);
      else if (m.type === 'pause') this.ctl.pause();
    }
  }
  /** Posts a frame as the worker does: its status, and the last command it handled. */
  postFrame(): void {
    this.reply({ ...this.ctl.frame(), ack: this.lastSeq });
  }
  /** The run goes on one sampling interval and a frame says so (the worker had not read the latest command yet). */
  stepAndPostFrame(): void {
    this.ctl.step();
    this.postFrame();
  }
  /** Says it is busy (as before building a large scenario) and then answers nothing for a while. */
  busyFor(): void {
    this.reply({ v: 1, type: 'busy', what: 'load' });
    this.hung = true;
  }
  crash(message: string, atNs: number): void {
    this.reply({ v: 1, type: 'crashed', runId: this.runId, message, atNs });
  }
  fail(message: string): void {
    this.onerror?.({ message, preventDefault: () => {} } as ErrorEvent);
  }
}

function harness() {
  let now = 0;
  let tick: (() => void) | null = null;
  const workers: FakeWorker[] = [];
  const troubles: RunTrouble[] = [];
  const run = createRunStore();
  const series = new SeriesStore();
  const client = new SimClient(
    () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    run,
    series,
    new LiveView(),
    {
      schedule: () => {},
      clock: () => now,
      setInterval: (cb) => {
        tick = cb;
        return 1;
      },
      clearInterval: () => {},
      report: (t) => troubles.push(t),
    },
  );
  const worker = () => workers.at(-1)!;
  /** Lets `ms` of wall time pass in heartbeat steps, the current worker answering as it can. */
  const pass = (ms: number) => {
    for (let t = 0; t < ms; t += PING_MS) {
      now += PING_MS;
      tick!();
      worker().deliver();
    }
  };
  return {
    client,
    run,
    series,
    workers,
    worker,
    troubles,
    pass,
    sleep: (ms: number) => {
      now += ms;
    },
    /** One heartbeat without the worker getting to answer. */
    beatOnly: () => {
      now += PING_MS;
      tick!();
    },
  };
}

describe('the simulation client’s watch over its worker', () => {
  it('a live worker, idle or busy, is never declared lost', () => {
    const h = harness();
    h.client.load(defaultScenario(), true);
    h.worker().deliver();
    expect(h.run.getState().status).toBe('playing');
    h.pass(10 * DEADLINE_MS);
    expect(h.workers).toHaveLength(1);
    expect(h.troubles).toEqual([]);
  });

  it('a worker that stops answering (terminated, hung) is replaced, the scenario reloaded and the controls usable', () => {
    const h = harness();
    const s = defaultScenario();
    h.client.load(s, true);
    h.worker().deliver();
    h.run.setState({ nowNs: 12.5e9 });
    h.worker().hung = true;
    h.pass(DEADLINE_MS);
    expect(h.workers).toHaveLength(1); // not yet: the deadline has only just been reached
    h.pass(2 * PING_MS);
    expect(h.workers).toHaveLength(2);
    expect(h.workers[0]!.terminated).toBe(true);
    expect(h.troubles).toEqual([
      {
        kind: 'worker-restarted',
        message: expect.stringMatching(/stopped responding \(no answer for 1\d s\)/),
        atNs: 12.5e9,
      },
    ]);
    // the new worker got the same scenario, paused at time zero; Play works again
    expect(h.run.getState()).toMatchObject({ status: 'paused', nowNs: 0, crash: null });
    h.client.play();
    expect(h.run.getState().status).toBe('playing');
    expect(h.worker().inbox.at(-1)).toMatchObject({ type: 'play' });
  });

  it('a worker that said it is busy (building a large scenario) gets a longer deadline, not an endless one', () => {
    const h = harness();
    h.client.load(defaultScenario(), true);
    h.worker().busyFor();
    h.pass(3 * DEADLINE_MS);
    expect(h.workers).toHaveLength(1);
    expect(h.troubles).toEqual([]);
    h.pass(BUSY_DEADLINE_MS);
    expect(h.workers).toHaveLength(2);
    expect(h.troubles[0]).toMatchObject({ kind: 'worker-restarted' });
  });

  it('a page that slept (a background tab) is not taken for a dead worker', () => {
    const h = harness();
    h.client.load(defaultScenario(), false);
    h.worker().deliver();
    h.beatOnly(); // a ping is out
    h.sleep(5 * DEADLINE_MS); // the page slept: no heartbeat, and the answer not yet read
    h.beatOnly();
    h.worker().deliver();
    h.pass(3 * PING_MS);
    expect(h.workers).toHaveLength(1);
    expect(h.troubles).toEqual([]);
  });

  it('an uncaught error in the worker replaces it at once', () => {
    const h = harness();
    h.client.load(defaultScenario(), true);
    h.worker().deliver();
    h.worker().fail('Uncaught RangeError: Invalid typed array length');
    expect(h.workers).toHaveLength(2);
    expect(h.troubles[0]).toMatchObject({ kind: 'worker-restarted', message: expect.stringMatching(/RangeError/) });
    h.worker().deliver();
    expect(h.run.getState().status).toBe('paused');
  });

  it('a worker lost again while reloading the scenario is not restarted in a loop; Reset tries again', () => {
    const h = harness();
    h.client.load(defaultScenario(), true);
    h.worker().deliver();
    h.worker().fail('first');
    h.worker().fail('second, during the reload');
    expect(h.workers).toHaveLength(3);
    expect(h.worker().inbox.filter((m) => m.type === 'load')).toEqual([]);
    expect(h.troubles.at(-1)).toMatchObject({ kind: 'worker-gave-up' });
    expect(h.run.getState()).toMatchObject({ status: 'error', crash: expect.stringMatching(/Reset tries once more/) });
    h.client.reset();
    h.worker().deliver();
    expect(h.run.getState()).toMatchObject({ status: 'paused', crash: null });
  });

  it('an engine error shows its message and leaves Play (as Replay) and Reset usable', () => {
    const h = harness();
    h.client.load(defaultScenario(), true);
    h.worker().deliver();
    h.worker().crash('no simulated-time progress in 10000000 events at t = 0 s', 0);
    expect(h.run.getState()).toMatchObject({
      status: 'done',
      crash: expect.stringMatching(/no simulated-time progress/),
    });
    expect(h.troubles).toEqual([{ kind: 'engine-error', message: expect.stringMatching(/progress/), atNs: 0 }]);
    h.client.play();
    expect(h.worker().inbox.at(-1)).toMatchObject({ type: 'load' });
    h.worker().deliver();
    expect(h.run.getState()).toMatchObject({ status: 'playing', crash: null });
  });

  it('commands that make no sense in the current state are ignored (Space while loading, step while invalid)', () => {
    const h = harness();
    const bad = defaultScenario();
    bad.links[0]!.rate = 'fast';
    h.client.load(bad, false);
    h.client.play(); // still loading: remembered, not sent
    expect(h.worker().inbox.map((m) => m.type)).toEqual(['load']);
    h.worker().deliver();
    expect(h.run.getState().status).toBe('error');
    h.client.play();
    h.client.step();
    h.client.batch();
    expect(h.worker().inbox).toEqual([]);
    expect(h.run.getState().status).toBe('error');
    // Space during loading of a good scenario plays once loaded (not "Paused" while it runs)
    h.client.load(defaultScenario(), false);
    h.client.play();
    h.worker().deliver();
    expect(h.run.getState().status).toBe('playing');
  });

  it('a frame made before a Play or Pause was handled does not undo what the button shows', () => {
    const h = harness();
    h.client.load(defaultScenario(), true);
    h.worker().deliver();
    h.client.pause();
    h.worker().deliver();
    h.client.flush();
    h.worker().postFrame(); // the worker says "paused"…
    h.client.play(); // …while Play is already on its way
    h.client.flush();
    expect(h.run.getState().status).toBe('playing');
    h.worker().deliver(); // the worker plays; its frames say so
    h.worker().postFrame();
    h.client.flush();
    expect(h.run.getState().status).toBe('playing');
    // and the other way round: a "playing" frame in flight when Pause is pressed
    h.worker().postFrame();
    h.client.pause();
    h.client.flush();
    expect(h.run.getState().status).toBe('paused');
    h.worker().deliver();
    h.worker().postFrame();
    h.client.flush();
    expect(h.run.getState().status).toBe('paused');
  });
});

describe('rewinding through the simulation client', () => {
  const seeks = (w: FakeWorker) => w.inbox.filter((m) => m.type === 'seek').map((m) => (m as { toNs: number }).toNs);

  it('a rewind replaces the series with the run from zero to that time; frames of the run before it are dropped', () => {
    const h = harness();
    h.client.load(defaultScenario(), false);
    h.worker().deliver();
    h.client.seek(8e9);
    h.worker().deliver();
    h.client.flush();
    expect(h.series.flows[0]!.column('t').at(-1)).toBe(8);
    h.client.seek(5e9);
    expect(h.run.getState().seekingToNs).toBe(5e9);
    h.worker().stepAndPostFrame(); // the run at 8.05 s, sent before the worker read the seek
    h.worker().deliver();
    h.client.flush();
    const st = h.run.getState();
    expect([st.nowNs, st.status, st.seekingToNs]).toEqual([5e9, 'paused', null]);
    const t = h.series.flows[0]!.column('t');
    expect([t[0], t.at(-1), t.length]).toEqual([0, 5, 101]); // every 50 ms sample from 0 to 5 s, once
  });

  it('while one rewind is on its way, a drag’s further positions wait and only the last one goes next', () => {
    const h = harness();
    h.client.load(defaultScenario(), false);
    h.worker().deliver();
    h.client.seek(5e9);
    h.client.seek(6e9);
    h.client.seek(7e9);
    expect(seeks(h.worker())).toEqual([5e9]);
    expect(h.run.getState().seekingToNs).toBe(7e9); // the slider shows where it goes
    h.worker().deliver();
    h.client.flush(); // 5 s shown; then the last position goes
    expect(seeks(h.worker())).toEqual([7e9]);
    h.worker().deliver();
    h.client.flush();
    expect([h.run.getState().nowNs, h.run.getState().seekingToNs]).toEqual([7e9, null]);
  });

  it('rewinding keeps the furthest time reached; another scenario (an undone change, a new branch) starts it afresh there', () => {
    const h = harness();
    const s = defaultScenario();
    h.client.load(s, false);
    h.worker().deliver();
    h.client.seek(8e9);
    h.worker().deliver();
    h.client.flush();
    h.client.seek(3e9);
    h.worker().deliver();
    h.client.flush();
    expect([h.run.getState().nowNs, h.run.getState().reachedNs]).toEqual([3e9, 8e9]);
    h.client.seek(3e9, { ...s, version: 2, events: [{ at: '1s', flow: 'f0', cc: 'cubic' }] });
    h.worker().deliver();
    h.client.flush();
    expect([h.run.getState().nowNs, h.run.getState().reachedNs]).toEqual([3e9, 3e9]);
  });
});
