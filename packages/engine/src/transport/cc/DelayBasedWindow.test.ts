import { describe, expect, it } from 'vitest';
import { ackOf, FakeCcState } from './ccTestState.js';
import { DelayBasedWindow, type DelayBasedParams } from './DelayBasedWindow.js';

/** The FAST-family machinery with a constant target window, so every expectation is worked by hand. */
class ConstantTarget extends DelayBasedWindow {
  readonly id = 'constant-target';
  constructor(
    private readonly t: number,
    params: DelayBasedParams,
  ) {
    super(params);
  }
  protected target(): number {
    return this.t;
  }
}

const MS = 1e6;

/**
 * One round trip: the whole window is sent at `atNs`, every segment acknowledged `rttNs` later, in
 * order, one ACK per segment; the window after each ACK is what onAck returns.
 */
function round(cc: DelayBasedWindow, s: FakeCcState, atNs: number, rttNs: number): void {
  const first = s.nextSeq;
  const n = Math.round(s.cwnd);
  for (let i = 0; i < n; i++) cc.onSent(s, first + i, false, atNs);
  s.nextSeq = first + n;
  for (let i = 0; i < n; i++) s.cwnd = cc.onAck(s, ackOf(first + i), atNs + rttNs);
}

function setUp(target: number, params: DelayBasedParams, cwnd: number): { cc: DelayBasedWindow; s: FakeCcState } {
  const cc = new ConstantTarget(target, params);
  const s = new FakeCcState();
  s.cwnd = cwnd;
  cc.init(s);
  return { cc, s };
}

describe('DelayBasedWindow (FAST family, seed 004 §1)', () => {
  it('BaseRTT is the least RTT, AvgRTT moves 1/256 of the way per sample, and a retransmitted segment gives none (Karn)', () => {
    const { cc, s } = setUp(100, { miThreshold: 0.00075, updateEveryRtts: 2 }, 4);
    cc.onSent(s, 0, false, 0);
    cc.onSent(s, 1, true, 0);
    s.nextSeq = 2;
    s.cwnd = cc.onAck(s, ackOf(0), 100 * MS);
    s.cwnd = cc.onAck(s, ackOf(1), 500 * MS); // retransmitted: its 500 ms is no sample
    expect(cc.metrics()).toEqual({ baseRttMs: 100, avgRttMs: 100, queueingDelayMs: 0, target: 0 });
    cc.onSent(s, 2, false, 100 * MS);
    s.nextSeq = 3;
    cc.onAck(s, ackOf(2), 300 * MS); // 200 ms
    // AvgRTT = (255/256)·100 + 200/256 = 100 + 100/256 ms
    const m = cc.metrics();
    expect(m['baseRttMs']).toBe(100);
    expect(m['avgRttMs']).toBeCloseTo(100 + 100 / 256, 9);
    expect(m['queueingDelayMs']).toBeCloseTo(100 / 256, 9);
  });

  it('doubles the window per update while the queueing delay is under the MI threshold, spread over the next round', () => {
    const { cc, s } = setUp(1000, { miThreshold: 0.00075, updateEveryRtts: 1 }, 4);
    const windows: number[] = [];
    for (let r = 0; r < 4; r++) {
      round(cc, s, r * 100 * MS, 100 * MS);
      windows.push(s.cwnd);
    }
    // each round's first ACK ends a round trip and sets the target 2w, reached after w ACKs
    expect(windows).toEqual([8, 16, 32, 64]);
  });

  it('with an update every other round trip the window holds between updates', () => {
    const { cc, s } = setUp(1000, { miThreshold: 0.00075, updateEveryRtts: 2 }, 4);
    const windows: number[] = [];
    for (let r = 0; r < 4; r++) {
      round(cc, s, r * 100 * MS, 100 * MS);
      windows.push(s.cwnd);
    }
    // round trips 1 and 3 end without an update; 2 and 4 double
    expect(windows).toEqual([4, 8, 8, 16]);
  });

  it('leaves MI for good once queueing delay reaches the threshold, then moves to min(2w, target)', () => {
    const { cc, s } = setUp(20, { miThreshold: 0.00075, updateEveryRtts: 1 }, 4);
    round(cc, s, 0, 100 * MS); // 8
    round(cc, s, 100 * MS, 100 * MS); // 16
    round(cc, s, 200 * MS, 100 * MS); // 32
    expect(s.cwnd).toBe(32);
    // 2 ms of queueing (above 0.75 ms): the target law, 20, reached over the round's 32 ACKs
    round(cc, s, 300 * MS, 102 * MS);
    expect(s.cwnd).toBeCloseTo(20, 9);
    expect(cc.metrics()['target']).toBe(20);
    // the queue empties again: no return to MI — min(2·20, 20) = 20
    round(cc, s, 400 * MS, 100 * MS);
    expect(s.cwnd).toBeCloseTo(20, 9);
  });

  it('a target above 2w is capped at 2w per update (FAST: w ← min(2w, …))', () => {
    const { cc, s } = setUp(1000, { miThreshold: 0, updateEveryRtts: 1 }, 10);
    // miThreshold 0: no queueing delay is below it, so the target law applies from the start
    round(cc, s, 0, 100 * MS);
    expect(s.cwnd).toBeCloseTo(20, 9);
  });

  it('halves on a loss, ends MI, and restarts from one segment after a timeout', () => {
    const { cc, s } = setUp(1000, { miThreshold: 0.00075, updateEveryRtts: 1 }, 4);
    round(cc, s, 0, 100 * MS); // 8, still MI
    s.cwnd = 40;
    expect(cc.ssthreshAfter(s, 'loss')).toBe(20);
    expect(cc.cwndAfter(s, 'loss')).toBe(20);
    expect(cc.cwndAfter(s, 'timeout')).toBe(1);
    // capped by the receiver window before halving
    s.maxWindow = 30;
    expect(cc.ssthreshAfter(s, 'loss')).toBe(15);
    // after the loss the queue is empty again, yet the update is the target law's min(2w, 1000), not MI's 2w
    s.maxWindow = 1_000_000;
    s.cwnd = 3;
    round(cc, s, 100 * MS, 100 * MS);
    expect(s.cwnd).toBeCloseTo(6, 9); // min(2·3, 1000) = 6 either way…
    const { cc: cc2, s: s2 } = setUp(4, { miThreshold: 0.00075, updateEveryRtts: 1 }, 4);
    round(cc2, s2, 0, 100 * MS);
    expect(s2.cwnd).toBe(8); // …but with target 4, MI ignores it and doubles
    cc2.ssthreshAfter(s2, 'loss');
    round(cc2, s2, 100 * MS, 100 * MS);
    expect(s2.cwnd).toBeCloseTo(4, 9); // and after a loss the law (target 4) decides
  });

  it('never goes below two segments', () => {
    const { cc, s } = setUp(0.5, { miThreshold: 0, updateEveryRtts: 1 }, 4);
    round(cc, s, 0, 100 * MS);
    expect(s.cwnd).toBe(2);
    s.cwnd = 3;
    expect(cc.cwndAfter(s, 'loss')).toBe(2);
    expect(cc.ssthreshAfter(s, 'loss')).toBe(2);
  });
});
