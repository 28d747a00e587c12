import { describe, expect, it } from 'vitest';
import { RttEstimator, type RtoConfig } from './RttEstimator.js';

const MS = 1e6;

function rfc(o: Partial<RtoConfig> = {}): RttEstimator {
  return new RttEstimator({
    kind: 'rfc6298',
    initialRtoNs: 3000 * MS,
    minRtoNs: 1 * MS,
    maxRtoNs: 60_000 * MS,
    granularityNs: 10 * MS,
    ...o,
  });
}

/** ns-2.35 defaults (tcl/lib/ns-default.tcl): tcpTick_ 10 ms, minrto_ 200 ms, maxrto_ 60 s, rtxcur_init_ 3 s. */
function ns2(o: Partial<RtoConfig> = {}): RttEstimator {
  return new RttEstimator({
    kind: 'ns2',
    initialRtoNs: 3000 * MS,
    minRtoNs: 200 * MS,
    maxRtoNs: 60_000 * MS,
    granularityNs: 10 * MS,
    ...o,
  });
}

function backOff(e: RttEstimator, times: number): void {
  for (let i = 0; i < times; i++) e.backOff();
}

describe('RFC 6298 estimator', () => {
  it('uses the initial RTO until the first sample, then SRTT = R, RTTVAR = R/2 (§2.1, §2.2)', () => {
    const e = rfc();
    expect(e.sampled).toBe(false);
    expect(e.rtoNs()).toBe(3000 * MS);
    e.sample(100 * MS, 0, true);
    expect(e.sampled).toBe(true);
    expect(e.srttNs).toBe(100 * MS);
    expect(e.rttvarNs).toBe(50 * MS);
    expect(e.rtoNs()).toBe(300 * MS); // 100 + max(G = 10, 4·50)
  });

  it('updates RTTVAR with the old SRTT, then SRTT (§2.3)', () => {
    const e = rfc();
    e.sample(100 * MS, 0, true);
    e.sample(200 * MS, 0, true);
    // RTTVAR = ¾·50 + ¼·|100 − 200| = 62.5; SRTT = ⅞·100 + ⅛·200 = 112.5; RTO = 112.5 + 4·62.5
    expect(e.rttvarNs).toBeCloseTo(62.5 * MS, 3);
    expect(e.srttNs).toBeCloseTo(112.5 * MS, 3);
    expect(e.rtoNs()).toBe(362.5 * MS);
  });

  it('adds the clock granularity when the variance vanishes, and clamps to minRto (§2.3, §2.4)', () => {
    const e = rfc();
    for (let i = 0; i < 40; i++) e.sample(100 * MS, 0, true);
    expect(e.srttNs).toBe(100 * MS);
    expect(e.rtoNs()).toBe(110 * MS); // SRTT + max(G, 4·RTTVAR→0)
    // no two-tick floor here (that is ns-2's): 1 ms samples give 1 + max(G, 4·RTTVAR) = 11 ms
    const fast = rfc();
    for (let i = 0; i < 40; i++) fast.sample(1 * MS, 0, true);
    expect(fast.rtoNs()).toBe(11 * MS);
    const clamped = rfc({ minRtoNs: 1000 * MS });
    clamped.sample(100 * MS, 0, true);
    expect(clamped.rtoNs()).toBe(1000 * MS);
  });

  it('doubles on each expiry up to maxRto, and a reset returns to the estimate (§5.5, §2.5)', () => {
    const e = rfc({ minRtoNs: 1000 * MS });
    e.sample(100 * MS, 0, true);
    const rtos: number[] = [];
    for (let i = 0; i < 8; i++) {
      e.backOff();
      rtos.push(e.rtoNs() / MS);
    }
    expect(rtos).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    e.resetBackoff();
    expect(e.rtoNs()).toBe(1000 * MS);
  });

  it('goes on doubling past a backoff of 64 while the RTO is below maxRto (ns-2 rtt_backoff, rfc2988_)', () => {
    // 200 ms · 64 = 12.8 s is still far from 60 s: the 7th, 8th and 9th expiries double again
    const e = rfc({ minRtoNs: 200 * MS });
    e.sample(10 * MS, 0, true); // estimate 30 ms: the 200 ms minimum applies
    const rtos: number[] = [];
    for (let i = 0; i < 10; i++) {
      e.backOff();
      rtos.push(e.rtoNs() / MS);
    }
    expect(rtos).toEqual([400, 800, 1600, 3200, 6400, 12800, 25600, 51200, 60000, 60000]);
  });

  it('keeps doubling the backoff to 64 after the RTO reached maxRto, and no further (ns-2 rtt_backoff)', () => {
    // RTO = max(minRto, estimate)·backoff, clamped to maxRto. With minRto 10 ms and maxRto 1 s the
    // RTO is at the ceiling from the 2nd expiry on; the multiplier still doubles to 64. A later
    // timestamp sample (which does not end the backoff: Karn) shows it: the estimate falls far
    // below minRto, so RTO = 10 ms · 64 = 640 ms — not 10 ms · 4 (multiplier stopped at the
    // ceiling) and not maxRto (multiplier unbounded).
    const e = rfc({ minRtoNs: 10 * MS, maxRtoNs: 1000 * MS, granularityNs: 1 * MS });
    e.sample(100 * MS, 0, true);
    backOff(e, 10);
    expect(e.rtoNs()).toBe(1000 * MS);
    for (let i = 0; i < 80; i++) e.sample(1 * MS, 0, true);
    expect(e.srttNs + Math.max(MS, 4 * e.rttvarNs)).toBeLessThan(10 * MS);
    expect(e.rtoNs()).toBe(640 * MS);
  });
});

describe("ns-2's tick estimator (tcp.cc rtt_update, rtt_timeout, rtt_backoff)", () => {
  it('counts whole ticks: timestamps round to the nearest, a timed segment counts tick boundaries crossed', () => {
    // srtt = the first sample's ticks × tick
    const cases: [number, number, boolean, number][] = [
      [94 * MS, 0, true, 90], // 9.4 ticks → 9
      [95 * MS, 0, true, 100], // 9.5 → 10
      [92 * MS, 9 * MS, false, 100], // sent at 0.9 tick, acked at 10.1: 10 boundaries
      [90 * MS, 9 * MS, false, 90], // acked at 9.9: 9 boundaries
      [2 * MS, 9 * MS, false, 10], // acked at 1.1: 1 boundary
      [2 * MS, 1 * MS, false, 10], // no boundary crossed: at least one tick
      [92 * MS, 15 * MS, false, 90], // sent at 1.5 ticks, acked at 10.7: 9 boundaries
    ];
    for (const [r, sent, ts, srttMs] of cases) {
      const e = ns2();
      e.sample(r, sent, ts);
      expect(e.srttNs).toBe(srttMs * MS);
    }
  });

  it('keeps srtt×8 and rttvar×4 in integers: RTO = floor(srtt + 4·rttvar) ticks, min RTO first', () => {
    const e = ns2({ minRtoNs: 10 * MS });
    e.sample(100 * MS, 0, true); // t = 10: t_srtt 80, t_rttvar 20
    expect(e.srttNs).toBe(100 * MS);
    expect(e.rttvarNs).toBe(50 * MS);
    expect(e.rtoNs()).toBe(300 * MS); // (80 + 20·8) >> 3 = 30 ticks
    e.sample(100 * MS, 0, true); // delta 0; t_rttvar += 0 − (20 >> 2) → 15
    expect(e.rtoNs()).toBe(250 * MS); // (80 + 120) >> 3 = 25
    e.sample(100 * MS, 0, true); // t_rttvar += −(15 >> 2) → 12
    expect(e.rtoNs()).toBe(220 * MS); // (80 + 96) >> 3 = 22
    e.sample(180 * MS, 0, true); // delta 8: t_srtt 88; |8| − (12 >> 2) = 5 → t_rttvar 17
    expect(e.srttNs).toBe(110 * MS);
    expect(e.rtoNs()).toBe(280 * MS); // (88 + 136) >> 3 = 28
    // a sample below srtt moves rttvar by |delta|: 20 ms → t = 2, delta = 2 − (88 >> 3) = −9 →
    // t_srtt 79 (9.875 ticks); |−9| − (17 >> 2) = 5 → t_rttvar 22; (79 + 176) >> 3 = 31 ticks
    e.sample(20 * MS, 0, true);
    expect(e.srttNs).toBe(98.75 * MS);
    expect(e.rtoNs()).toBe(310 * MS);
    // minrto_ applies before the backoff (rfc2988_): 200 ms · 2 once the estimate is below it
    const m = ns2();
    for (let i = 0; i < 20; i++) m.sample(10 * MS, 0, true);
    m.backOff();
    expect(m.rtoNs()).toBe(400 * MS);
  });

  it('after the 4th backoff (t_backoff_ 16 > 8) folds srtt into rttvar, so the next sample starts afresh', () => {
    // three samples of 100 ms: t_srtt 80, t_rttvar 12 (above); RTO 220 ms
    const folded = ns2({ minRtoNs: 10 * MS });
    const kept = ns2({ minRtoNs: 10 * MS });
    for (const e of [folded, kept]) for (let i = 0; i < 3; i++) e.sample(100 * MS, 0, true);
    backOff(folded, 4); // 2, 4, 8, 16: folded at 16
    backOff(kept, 3); // 2, 4, 8: not folded
    expect(folded.rtoNs()).toBe(16 * 220 * MS); // the fold does not touch the current RTO
    expect(kept.rtoNs()).toBe(8 * 220 * MS);
    folded.sample(500 * MS, 0, true);
    kept.sample(500 * MS, 0, true);
    folded.resetBackoff();
    kept.resetBackoff();
    // folded: t_srtt was 0, so it is re-initialised: srtt 500 ms, rttvar 250 ms, RTO 1.5 s
    expect(folded.srttNs).toBe(500 * MS);
    expect(folded.rttvarNs).toBe(250 * MS);
    expect(folded.rtoNs()).toBe(1500 * MS);
    // kept: delta 40 → t_srtt 120 (150 ms); 40 − (12 >> 2) = 37 → t_rttvar 49; (120 + 392) >> 3 = 64
    expect(kept.srttNs).toBe(150 * MS);
    expect(kept.rtoNs()).toBe(640 * MS);
  });

  it('folds even when the RTO hit maxrto_ early: the backoff goes on doubling to 64', () => {
    // maxRto 1 s: RTO 220 ms → 440, 880, 1000 (clamped) at backoff 8; the 4th expiry still
    // doubles t_backoff_ to 16 (< 64) and folds srtt
    const e = ns2({ minRtoNs: 10 * MS, maxRtoNs: 1000 * MS });
    for (let i = 0; i < 3; i++) e.sample(100 * MS, 0, true);
    backOff(e, 4);
    expect(e.rtoNs()).toBe(1000 * MS);
    e.sample(500 * MS, 0, true);
    expect(e.srttNs).toBe(500 * MS);
  });

  it('never goes below two ticks', () => {
    // samples cannot bring it there ((8·t + 8·t_rttvar) >> 3 ≥ 2 ticks), but an initial RTO can
    expect(ns2({ initialRtoNs: 5 * MS, minRtoNs: 1 * MS }).rtoNs()).toBe(20 * MS);
    const e = ns2({ minRtoNs: 1 * MS });
    for (let i = 0; i < 30; i++) e.sample(1 * MS, 0, true); // one tick each: t_srtt 8, t_rttvar 2
    expect(e.rtoNs()).toBe(30 * MS);
  });
});
