import { describe, expect, it } from 'vitest';
import { Random } from '../core/Random.js';
import { LinkImpairment, PARETO_JITTER_SHAPE, type ImpairmentSpec } from './LinkImpairment.js';

const NONE: ImpairmentSpec = {
  burstLoss: null,
  jitterNs: 0,
  jitterDistribution: 'uniform',
  reorder: false,
  duplicate: 0,
};

/** A Random whose next() returns the scripted values in turn. */
function scripted(values: number[]): Random {
  const r = new Random(1);
  let i = 0;
  r.next = () => {
    if (i >= values.length) throw new Error('script ran out');
    return values[i++]!;
  };
  return r;
}

/** The loss pattern (1 lost, 0 sent) of `n` packets through a chain seeded `seed`. */
function pattern(spec: ImpairmentSpec, n: number, seed = 7): number[] {
  const imp = new LinkImpairment(spec, new Random(seed, 'test'));
  return Array.from({ length: n }, () => (imp.lostInBurst() ? 1 : 0));
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};

describe('Gilbert–Elliott burst loss (netem loss_gilb_ell)', () => {
  it('the state a packet finds decides its transition and its loss: the packet that turns the chain bad is not lost', () => {
    // p 0.1, r 0.5, lossGood 0, lossBad 1; two draws per packet: transition, then loss
    const spec = { ...NONE, burstLoss: { p: 0.1, r: 0.5, lossGood: 0, lossBad: 1 } };
    const imp = new LinkImpairment(spec, scripted([0.05, 0.99, 0.9, 0.0, 0.2, 0.0, 0.6, 0.99]));
    // 1: good, 0.05 < p → bad; loss draw 0.99 against the good state's 0: sent
    expect([imp.lostInBurst(), imp.bad]).toEqual([false, true]);
    // 2: bad, 0.9 ≥ r → stays bad; loss draw 0 < 1: lost
    expect([imp.lostInBurst(), imp.bad]).toEqual([true, true]);
    // 3: bad, 0.2 < r → good; the loss draw is still against the bad state it found: lost
    expect([imp.lostInBurst(), imp.bad]).toEqual([true, false]);
    // 4: good, 0.6 ≥ p → stays good; sent
    expect([imp.lostInBurst(), imp.bad]).toEqual([false, false]);
    expect(imp.burstLosses).toBe(2);
  });

  it('loses P(good)·lossGood + P(bad)·lossBad of the packets, P(bad) = p/(p+r)', () => {
    // p 0.05, r 0.25: P(bad) = 1/6. Successive states are correlated (1 − p − r = 0.7), which
    // widens the sample's spread by √((1+0.7)/(1−0.7)) ≈ 2.4: over 200,000 packets the
    // standard error is ≈ 0.002, the tolerance 5 of them
    const simple = pattern({ ...NONE, burstLoss: { p: 0.05, r: 0.25, lossGood: 0, lossBad: 1 } }, 200_000);
    expect(Math.abs(mean(simple) - 1 / 6)).toBeLessThan(0.01);
    // Gilbert–Elliott proper: 1 % in the good state, 60 % in the bad: (5/6)·0.01 + (1/6)·0.6 = 0.10833
    const ge = pattern({ ...NONE, burstLoss: { p: 0.05, r: 0.25, lossGood: 0.01, lossBad: 0.6 } }, 200_000);
    expect(Math.abs(mean(ge) - ((5 / 6) * 0.01 + (1 / 6) * 0.6))).toBeLessThan(0.008);
  });

  it('a burst of losses lasts 1/r packets on average when only the bad state loses, and every packet', () => {
    const runs: number[] = [];
    let run = 0;
    for (const lost of pattern({ ...NONE, burstLoss: { p: 0.02, r: 0.2, lossGood: 0, lossBad: 1 } }, 300_000)) {
      if (lost) run++;
      else if (run > 0) {
        runs.push(run);
        run = 0;
      }
    }
    // geometric with mean 1/r = 5 (sd ≈ 4.5): ≈ 5,000 bursts, standard error ≈ 0.07
    expect(runs.length).toBeGreaterThan(4000);
    expect(Math.abs(mean(runs) - 5)).toBeLessThan(0.3);
    // and Bernoulli loss at the same rate would make bursts of 1/(1 − 1/11) ≈ 1.1
    expect(runs.filter((n) => n >= 10).length / runs.length).toBeGreaterThan(0.1);
  });

  it('draws nothing without burst loss', () => {
    const imp = new LinkImpairment(NONE, scripted([]));
    expect(imp.lostInBurst()).toBe(false);
    expect(imp.jitterNs()).toBe(0);
    expect(imp.duplicates()).toBe(false);
  });
});

describe('jitter', () => {
  const draws = (distribution: ImpairmentSpec['jitterDistribution'], n = 100_000) => {
    const imp = new LinkImpairment({ ...NONE, jitterNs: 1000, jitterDistribution: distribution }, new Random(3, 'j'));
    return Array.from({ length: n }, () => imp.jitterNs());
  };

  it('uniform: within ± jitter, mean 0, standard deviation jitter/√3 (netem without a table)', () => {
    const xs = draws('uniform');
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(-1000);
    expect(Math.max(...xs)).toBeLessThan(1000);
    expect(Math.abs(mean(xs))).toBeLessThan(10); // se 1000/√3/√1e5 ≈ 1.8
    expect(Math.abs(sd(xs) - 1000 / Math.sqrt(3))).toBeLessThan(10);
  });

  it('normal: mean 0 and standard deviation jitter', () => {
    const xs = draws('normal');
    expect(Math.abs(mean(xs))).toBeLessThan(15); // se ≈ 3.2
    expect(Math.abs(sd(xs) - 1000)).toBeLessThan(15);
    // about 68 % within one deviation
    expect(Math.abs(xs.filter((x) => Math.abs(x) < 1000).length / xs.length - 0.6827)).toBeLessThan(0.01);
  });

  it('pareto (shape 3): mean 0, skewed right, never below the smallest Pareto value standardised', () => {
    const xs = draws('pareto', 200_000);
    const a = PARETO_JITTER_SHAPE;
    // the smallest Pareto value, 1, standardised: (1 − α/(α−1)) / (√(α/(α−2))/(α−1)) = −1/√3 for α = 3
    const floor = (-1 / Math.sqrt(a / (a - 2))) * 1000;
    expect(floor).toBeCloseTo(-577.35, 1);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(floor - 1e-9);
    expect(Math.abs(mean(xs))).toBeLessThan(20);
    // most values below the mean, a few far above it
    expect(xs.filter((x) => x < 0).length / xs.length).toBeGreaterThan(0.6);
    expect(Math.max(...xs)).toBeGreaterThan(5000);
  });
});

describe('duplication', () => {
  it('copies the given share of packets and counts them', () => {
    const imp = new LinkImpairment({ ...NONE, duplicate: 0.1 }, new Random(5, 'd'));
    let copies = 0;
    for (let i = 0; i < 100_000; i++) if (imp.duplicates()) copies++;
    expect(Math.abs(copies / 100_000 - 0.1)).toBeLessThan(0.005); // se ≈ 0.001
    expect(imp.copies).toBe(copies);
  });
});
