import { describe, expect, it } from 'vitest';
import { ackOf, stateAt } from './ccTestState.js';
import { Ns3Cubic } from './Ns3Cubic.js';

const S = 1e9;
const cubic = (p: Partial<{ c: number; beta: number; fastConvergence: boolean }> = {}) =>
  new Ns3Cubic({ c: 0.4, beta: 0.7, fastConvergence: true, renoFriendly: false, rtt: 'min', ...p });

/** A state whose window is `cwnd` segments (the rest as FakeCcState). */
const at = (cwnd: number) => stateAt(cwnd);

describe("ns-3.37's TcpCubic (tcp-cubic.cc, as Ns3Cubic runs it)", () => {
  it('before the first loss cnt is clamped to 20 acknowledged segments per increase', () => {
    // W_max = 0: origin = cwnd, K = 0, target = cwnd at the epoch start → cnt = 100·cwnd = 1000, clamped
    expect(cubic().update(10, 0)).toBe(20);
  });

  it('after a loss: K = ∛((W_max − cwnd)/C) and cnt = ⌊cwnd/(target − cwnd)⌋, at least 2', () => {
    // C = 0.5 and W_max − cwnd = 32: K = ∛64 = 4 s exactly
    const cc = cubic({ c: 0.5 });
    expect(cc.ssthreshAfter(at(1000), 'loss', 0)).toBe(700);
    expect(cc.metrics()['wMax']).toBe(1000);
    // the epoch starts at the first update after the loss (t = 0): target = 1000 − ⌊0.5·4³⌋ = 968 = cwnd
    expect(cc.update(968, 10 * S)).toBe(100 * 968);
    expect(cc.metrics()['k']).toBe(4);
    // t = 2 s: target = 1000 − ⌊0.5·2³⌋ = 996 → ⌊968/28⌋ = 34
    expect(cc.update(968, 12 * S)).toBe(34);
    // t = K: target = W_max → ⌊968/32⌋ = 30
    expect(cc.update(968, 14 * S)).toBe(30);
    // t = 6 s: past K, convex: target = 1000 + 4 → ⌊968/36⌋ = 26
    expect(cc.update(968, 16 * S)).toBe(26);
    // far past K the target races ahead: never below 2
    expect(cc.update(968, 100 * S)).toBe(2);
  });

  it('on loss: β·cwnd (whole segments, at least 2); fast convergence lowers W_max below the last one', () => {
    const cc = cubic();
    expect(cc.ssthreshAfter(at(100.7), 'loss', 0)).toBe(70);
    expect(cc.cwndAfter(at(100.7), 'loss')).toBe(70);
    expect(cc.metrics()['wMax']).toBe(100);
    // a second loss below W_max: W_max = ⌊80·(1 + 0.7)/2⌋ = 68
    cc.ssthreshAfter(at(80), 'loss', 0);
    expect(cc.metrics()['wMax']).toBe(68);
    const plain = cubic({ fastConvergence: false });
    plain.ssthreshAfter(at(100), 'loss', 0);
    plain.ssthreshAfter(at(80), 'loss', 0);
    expect(plain.metrics()['wMax']).toBe(80);
    expect(cc.cwndAfter(at(2), 'loss')).toBe(2);
  });

  it('a timeout restarts from one segment and forgets W_max (CubicReset): the clamp applies again', () => {
    const cc = cubic();
    cc.ssthreshAfter(at(100), 'loss', 0);
    expect(cc.ssthreshAfter(at(50), 'timeout', 0)).toBe(35);
    expect(cc.cwndAfter(at(50), 'timeout')).toBe(1);
    expect(cc.metrics()).toEqual({ wMax: 0, k: 0, origin: 0 });
    expect(cc.update(10, 5 * S)).toBe(20);
  });

  it('slow start counts acknowledged segments and is not capped at ssthresh', () => {
    const s = at(99);
    s.ssthresh = 100;
    s.highestAck = 0;
    // three segments at once take cwnd past ssthresh: 102, not 100 (RFC 3465 byte counting)
    expect(cubic().onAck(s, ackOf(0, -1, 3), S)).toBe(102);
  });

  it('in congestion avoidance adds one segment once cnt segments are acknowledged', () => {
    const cc = cubic();
    const s = at(10);
    s.ssthresh = 5;
    s.highestAck = 0;
    // before any loss cnt = 20: the 20th acknowledged segment adds one
    let w = 10;
    for (let i = 1; i <= 19; i++) {
      w = cc.onAck(s, ackOf(i), S + i * 1e6);
      expect(w).toBe(10);
    }
    expect(cc.onAck(s, ackOf(20), S + 20e6)).toBe(11);
  });
});
