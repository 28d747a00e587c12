import { describe, expect, it } from 'vitest';
import { Bic, bicModel, type BicParams } from './Bic.js';
import { ackOf, stateAt } from './ccTestState.js';

const NS3: BicParams = { beta: 0.8, maxIncr: 16, lowWnd: 14, smoothPart: 5, b: 4, fastConvergence: true };
const bic = (p: Partial<BicParams> = {}) => new Bic({ ...NS3, ...p });

/** A state at `cwnd` segments, in congestion avoidance unless `ssthresh` says otherwise. */
const at = (cwnd: number, ssthresh = 2) => stateAt(cwnd, ssthresh);

/** A BIC whose last maximum is `wMax` segments (a loss at that window). */
function afterLossAt(wMax: number, p: Partial<BicParams> = {}): Bic {
  const cc = bic(p);
  cc.ssthreshAfter(at(wMax), 'loss');
  expect(cc.metrics()['wMax']).toBe(wMax);
  return cc;
}

describe("BIC as ns-3.37's TcpBic runs it (tcp-bic.cc)", () => {
  it("has ns-3.37's defaults", () => {
    const d = Object.fromEntries(bicModel.info.params.map((p) => [p.key, p.default]));
    expect(d).toEqual({ beta: 0.8, maxIncr: 16, lowWnd: 14, smoothPart: 5, b: 4, fastConvergence: true });
  });

  it('far below W_max grows linearly: S_max = 16 segments per window acknowledged', () => {
    const cc = afterLossAt(100);
    // w = 20: distance ⌊80/4⌋ = 20 > 16 → cnt = ⌊20/16⌋ = 1; w = 32: ⌊68/4⌋ = 17 → ⌊32/16⌋ = 2
    expect(cc.cnt(20)).toBe(1);
    expect(cc.cnt(32)).toBe(2);
    // w = 14 at the low window: ⌊14/16⌋ = 0, at least 1
    expect(cc.cnt(14)).toBe(1);
  });

  it('closer to W_max searches by binary steps: a quarter of the distance per window acknowledged', () => {
    const cc = afterLossAt(100);
    // w = 80 (β·W_max): distance ⌊20/4⌋ = 5 → cnt = ⌊80/5⌋ = 16
    expect(cc.cnt(80)).toBe(16);
    // w = 92: distance 2 → cnt = 46
    expect(cc.cnt(92)).toBe(46);
  });

  it('within b segments of W_max creeps at b/smoothPart = 0.8 segments per window, and as far beyond it', () => {
    const cc = afterLossAt(100);
    // w = 95: distance ⌊5/4⌋ = 1 → cnt = ⌊95·5/4⌋ = 118; w = 97: distance 0 → ⌊97·5/4⌋ = 121
    expect(cc.cnt(95)).toBe(118);
    expect(cc.cnt(97)).toBe(121);
    // w = 100, 103: W_max ≤ w < W_max + b → ⌊w·5/4⌋
    expect(cc.cnt(100)).toBe(125);
    expect(cc.cnt(103)).toBe(128);
  });

  it('beyond that probes for a new maximum, slowly and then faster, up to S_max (max probing)', () => {
    const cc = afterLossAt(100);
    // W_max + b ≤ w < W_max + S_max·(b − 1) = 148: cnt = ⌊w·3/(w − W_max)⌋
    expect(cc.cnt(104)).toBe(78);
    expect(cc.cnt(110)).toBe(33);
    expect(cc.cnt(147)).toBe(9);
    // from 148 on: linear, ⌊w/16⌋
    expect(cc.cnt(148)).toBe(9);
    expect(cc.cnt(400)).toBe(25);
  });

  it('below the low window is NewReno: one segment per window; before any loss cnt is at most 20', () => {
    const cc = bic();
    expect(cc.cnt(10)).toBe(10);
    // W_max = 0: w = 40 < 0 + 48 → ⌊40·3/40⌋ = 3; w = 500 → ⌊500/16⌋ = 31, clamped to 20
    expect(cc.cnt(40)).toBe(3);
    expect(cc.cnt(500)).toBe(20);
    // the clamp holds only while W_max = 0
    expect(afterLossAt(100).cnt(500)).toBe(31);
  });

  it('adds one segment once MORE than cnt segments are acknowledged, then restarts the count', () => {
    const cc = afterLossAt(100);
    const s = at(80, 80);
    for (let i = 0; i < 16; i++) s.cwnd = cc.onAck(s, ackOf(i + 1));
    expect(s.cwnd).toBe(80); // 16 = cnt is not enough
    expect(cc.onAck(s, ackOf(17))).toBe(81);
    // the count restarted: an ACK of 16 segments is not enough at w = 80 either
    expect(cc.onAck(s, ackOf(33, -1, 16))).toBe(80);
    expect(cc.onAck(s, ackOf(34, -1, 1))).toBe(81);
  });

  it('slow start: one segment per ACK, the rest of the ACK counted once the window reaches ssthresh', () => {
    const cc = afterLossAt(100);
    expect(cc.onAck(at(10, 50), ackOf(1, -1, 2))).toBe(11);
    // cwnd 79 → 80 = ssthresh; the 17 other segments exceed cnt(80) = 16: 81
    expect(cc.onAck(at(79, 80), ackOf(2, -1, 18))).toBe(81);
  });

  it("an ACK of no new segment in slow start still adds one, and its count wraps round (ns-3's unsigned arithmetic)", () => {
    const cc = afterLossAt(100);
    expect(cc.onAck(at(10, 50), ackOf(1, -1, 0))).toBe(11);
    // at ssthresh the count 0 − 1 wraps to 2³² − 1 > cnt: one more segment
    expect(cc.onAck(at(79, 80), ackOf(2, -1, 0))).toBe(81);
  });

  it('a loss keeps β·cwnd (fractions of a segment too) and remembers cwnd as W_max', () => {
    const cc = bic();
    expect(cc.ssthreshAfter(at(100), 'loss')).toBe(80);
    expect(cc.metrics()['wMax']).toBe(100);
    // the window counts whole segments: 21.9 → 21 → 16.8
    expect(cc.ssthreshAfter(at(21.9), 'ecn')).toBeCloseTo(16.8, 12);
  });

  it('fast convergence: a loss below W_max lowers W_max to ⌊β·cwnd⌋', () => {
    const cc = afterLossAt(100);
    expect(cc.ssthreshAfter(at(90), 'loss')).toBe(72);
    expect(cc.metrics()['wMax']).toBe(72);
    const slow = afterLossAt(100, { fastConvergence: false });
    slow.ssthreshAfter(at(90), 'loss');
    expect(slow.metrics()['wMax']).toBe(90);
  });

  it('below the low window a congestion event halves the flight, at least 2 segments', () => {
    const cc = bic();
    const s = at(10);
    Object.assign(s, { pipe: 9 });
    expect(cc.ssthreshAfter(s, 'loss')).toBe(4.5);
    Object.assign(s, { pipe: 3 });
    expect(cc.ssthreshAfter(s, 'timeout')).toBe(2);
    expect(cc.metrics()['wMax']).toBe(10);
  });
});
