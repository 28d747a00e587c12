import { describe, expect, it } from 'vitest';
import { wirelessSchedulersDemo, xcpDemo } from './routerDemos.js';
import { between, jain, runWindows } from './measure.js';
import { demoEditEvent } from './types.js';

/** Bounds worked out by hand from each demo's design (docs/lab.md "Demos"), then held to the run. */
const find = (claims: ReturnType<typeof xcpDemo.verify>, part: string) => {
  const c = claims.find((x) => x.statement.includes(part));
  if (!c) throw new Error(`no claim mentions "${part}"`);
  return c;
};

describe('demo: XCP beside TCP', () => {
  const claims = xcpDemo.verify();
  it('XCP: queue under a tenth of the buffer, link over 90 % busy, equal shares (10–20 s)', () => {
    // XCP's φ = α(C − y) − β·Q/d drains any persistent queue and drives the input rate to C
    // (Katabi et al. 2002 §3.5); its AIMD fairness controller equalises the rates. Bounds: 100/10
    // packets, 0.9, Jain 0.95.
    expect(find(claims, 'mean XCP queue').bound).toBe(10);
    expect(find(claims, 'mean XCP queue').holds).toBe(true);
    expect(find(claims, 'utilisation').measured).toBeGreaterThanOrEqual(0.9);
    expect(find(claims, 'Jain').measured).toBeGreaterThanOrEqual(0.95);
  });
  it('TCP on the same kind of link keeps a queue at least three times XCP’s', () => {
    expect(find(claims, 'DropTail').holds).toBe(true);
  });
  it('the live change "halve the XCP link" is followed: a third of 10 Mb/s each, queue still small', () => {
    // over 14–20 s, 4 s (≈ 140 round trips) after the halving at 10 s
    const change = xcpDemo.note.changes[0]!;
    const s = xcpDemo.scenario();
    s.version = 2;
    s.events = change.edits.map((e) => demoEditEvent(e, '10s'));
    const { snaps } = runWindows(s, ['a1->b1'], [14]);
    const w = between(snaps[0]!, snaps[1]!);
    const xcp = [0, 1, 2].map((i) => w.goodputBps[i]!);
    expect(w.utilisation[0]).toBeGreaterThan(0.9);
    expect(w.meanQueuePackets[0]).toBeLessThan(10);
    expect(jain(xcp)).toBeGreaterThan(0.95);
    // each below a third of 10 Mb/s (goodput excludes headers)
    for (const g of xcp) expect(g).toBeLessThan(10e6 / 3);
  });
});

describe('demo: wireless schedulers', () => {
  const claims = wirelessSchedulersDemo.verify();
  it('max-SNR carries at least what PF does (to 2 % sampling noise)', () => {
    // max-SNR maximises each slot's bits among backlogged users (Knopp & Humblet 1995)
    expect(find(claims, 'total goodput').bound).toBe(0.98);
    expect(find(claims, 'total goodput').holds).toBe(true);
  });
  it('max-SNR gives the far user only the slots where it is best; PF about half of its usable ones', () => {
    // exponential SNRs (Rayleigh) with means 10^0.5 = 3.16 and 10^1.3 = 19.95: P(far > near) =
    // 3.16 / 23.11 = 0.137; × 1.5 for the AMC steps = 0.205
    const maxSnr = find(claims, 'share of max-SNR');
    expect(maxSnr.bound).toBeCloseTo(0.205, 3);
    expect(maxSnr.holds).toBe(true);
    // outage below 1.03 dB: P = 1 − exp(−1.268 / 3.162) = 0.330; PF: ½ × 0.670 = 0.335
    const pf = find(claims, 'share of PF');
    expect(pf.bound).toBeCloseTo(0.335, 3);
    expect(pf.holds).toBe(true);
  });
  it('PF’s goodputs are fairer (Jain’s index)', () => {
    expect(find(claims, 'Jain').measured).toBeGreaterThan(1);
  });
});
