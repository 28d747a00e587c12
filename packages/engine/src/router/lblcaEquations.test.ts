import { describe, expect, it } from 'vitest';
import {
  feedbackRate,
  LblcaBranch,
  nextOccupancy,
  sendingRate,
  targetRate,
  type TargetRateInput,
} from './lblcaEquations.js';

// A port of capacity 200 sending at 100, its router half full (Θ 50 of 100), the downstream
// router's buffer 100 with the set points 0.1 / 0.9, d = 0.5 s, δ = 10 (all values hand-worked
// from seed 000 eqs. 6.4–6.6).
const base: TargetRateInput = {
  rate: 100,
  capacity: 200,
  occupancy: 50,
  buffer: 100,
  fbOccupancy: 60,
  fbBuffer: 100,
  fbRate: 0.5,
  bl: 0.1,
  bu: 0.9,
  periodS: 0.5,
  delta: 10,
  rates: 'fraction',
};

describe('LbLCA target rate (eq. 6.5, signs as printed)', () => {
  it('downstream at least half full: s + (b_u·B − Fb(a))/d − Fb(b), Fb(b) a share of this port’s capacity', () => {
    // 100 + (90 − 60)/0.5 − 200·0.5
    expect(targetRate(base)).toEqual({ ts: 60, branch: LblcaBranch.Upper });
  });

  it('downstream under half full: s + (b_l·B − Fb(a))/d + Fb(b)', () => {
    // 100 + (10 − 30)/0.5 + 200·0.5
    expect(targetRate({ ...base, fbOccupancy: 30 })).toEqual({ ts: 160, branch: LblcaBranch.Lower });
  });

  it('absolute rates: Fb(b) is subtracted as it is', () => {
    // 100 + 60 − 70
    expect(targetRate({ ...base, rates: 'absolute', fbRate: 70 })).toEqual({ ts: 90, branch: LblcaBranch.Upper });
  });

  it('δ when the own buffer is at or below b_l·B_i, or the downstream at or above b_u·B_{i+1}', () => {
    expect(targetRate({ ...base, occupancy: 10 })).toEqual({ ts: 10, branch: LblcaBranch.Minimum });
    expect(targetRate({ ...base, occupancy: 10.5 }).branch).toBe(LblcaBranch.Upper);
    expect(targetRate({ ...base, fbOccupancy: 90 })).toEqual({ ts: 10, branch: LblcaBranch.Minimum });
    expect(targetRate({ ...base, fbOccupancy: 89 }).branch).toBe(LblcaBranch.Upper);
  });

  it('half full exactly takes the upper case', () => {
    expect(targetRate({ ...base, fbOccupancy: 50 }).branch).toBe(LblcaBranch.Upper);
    expect(targetRate({ ...base, fbOccupancy: 49.9 }).branch).toBe(LblcaBranch.Lower);
  });
});

describe('LbLCA sending rate (eq. 6.6)', () => {
  it('repaired: δ is a floor and the capacity a ceiling', () => {
    expect(sendingRate(60, 10, 200, 'repaired')).toBe(60);
    expect(sendingRate(-5, 10, 200, 'repaired')).toBe(10);
    expect(sendingRate(250, 10, 200, 'repaired')).toBe(200);
  });

  it('literal: min(ts, δ, c) never exceeds δ and follows a negative target', () => {
    expect(sendingRate(60, 10, 200, 'literal')).toBe(10);
    expect(sendingRate(-5, 10, 200, 'literal')).toBe(-5);
  });
});

describe('LbLCA feedback rate (eq. 6.4) and occupancy (eqs. 6.1–6.2)', () => {
  it('Fb(b): output over capacity (fraction), or capacity-weighted mean rate (absolute)', () => {
    expect(feedbackRate([50, 100], [100, 300], 2, 'fraction')).toBe(150 / 400);
    expect(feedbackRate([50, 100], [100, 300], 2, 'absolute')).toBe((50 * 100 + 100 * 300) / 400);
    expect(feedbackRate([], [], 0, 'fraction')).toBe(0);
  });

  it('Θ grows by d·(in − out), clipped to [0, B]', () => {
    expect(nextOccupancy(50, 0.5, 100, 40, 100)).toBe(80);
    expect(nextOccupancy(50, 0.5, 100, 300, 100)).toBe(0);
    expect(nextOccupancy(50, 0.5, 300, 0, 100)).toBe(100);
  });
});
