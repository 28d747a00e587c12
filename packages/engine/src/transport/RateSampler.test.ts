import { describe, expect, it } from 'vitest';
import type { RateSample } from './cc/CongestionControl.js';
import { RateSampler } from './RateSampler.js';

const MS = 1e6;
const SEG = 1000; // bytes per segment: a segment per 100 ms is 80,000 bit/s

const sample = (): RateSample => ({
  deliveryRateBps: NaN,
  delivered: NaN,
  intervalNs: NaN,
  rttNs: NaN,
  priorDelivered: NaN,
  newlyAcked: NaN,
  newlyLost: NaN,
  isAppLimited: true,
  totalDelivered: NaN,
});

/**
 * Delivery-rate samples worked by hand from draft-cheng-iccrg-delivery-rate-estimation-02 §3.3:
 * rate = (C.delivered − P.delivered) / max(P.sent_time − P.first_sent_time, now − P.delivered_time).
 */
describe('RateSampler', () => {
  it('a flight of three, acknowledged in two ACKs, then a segment sent after the first', () => {
    const r = new RateSampler(10);
    const rs = sample();
    r.onSent(0, false, true, false, 0);
    r.onSent(1, false, false, false, 0);
    r.onSent(2, false, false, false, 0);
    // t = 100 ms, ACK of 0: P = 0 (sent at 0 with 0 delivered at 0); 1 segment over max(0, 100 ms)
    expect(r.onAck(-1, 0, SEG, 100 * MS, rs)).toBe(true);
    expect(rs).toEqual({
      deliveryRateBps: 80_000,
      delivered: 1,
      intervalNs: 100 * MS,
      rttNs: 100 * MS,
      priorDelivered: 0,
      newlyAcked: 1,
      newlyLost: 0,
      isAppLimited: false,
      totalDelivered: 1,
    });
    // segment 3 leaves now: 1 delivered, last delivery at 100 ms, its flight began at 0 (P's send)
    r.onSent(3, false, false, true, 100 * MS);
    // t = 110 ms, ACK of 1 and 2: both sent at 0, P the higher (2): 3 − 0 over 110 ms
    expect(r.onAck(0, 2, SEG, 110 * MS, rs)).toBe(true);
    expect([rs.delivered, rs.intervalNs, rs.newlyAcked, rs.totalDelivered, rs.rttNs]).toEqual([
      3,
      110 * MS,
      2,
      3,
      110 * MS,
    ]);
    expect(rs.deliveryRateBps).toBeCloseTo((3 * SEG * 8) / 0.11, 6);
    // t = 200 ms, ACK of 3: 4 − 1 delivered over max(100 − 0, 200 − 100) ms; it was app-limited
    expect(r.onAck(2, 3, SEG, 200 * MS, rs)).toBe(true);
    expect([rs.delivered, rs.intervalNs, rs.deliveryRateBps, rs.priorDelivered, rs.isAppLimited]).toEqual([
      3,
      100 * MS,
      240_000,
      1,
      true,
    ]);
  });

  it('the interval is the longer of the send and the ACK intervals', () => {
    const r = new RateSampler(10);
    const rs = sample();
    r.onSent(0, false, true, false, 0);
    r.onSent(1, false, false, false, 50 * MS);
    // P = 1: send_elapsed = 50 − 0 (its flight began at 0), ack_elapsed = 60 − 0: 60 ms
    expect(r.onAck(-1, 1, SEG, 60 * MS, rs)).toBe(true);
    expect(rs.intervalNs).toBe(60 * MS);
    r.onSent(2, false, false, false, 60 * MS);
    r.onSent(3, false, false, false, 150 * MS);
    // P = 3: its flight began at the last sample's send time, 50: send_elapsed = 150 − 50 = 100,
    // ack_elapsed = 155 − 60 (the last delivery before it left) = 95: 100 ms for 2 segments
    expect(r.onAck(1, 3, SEG, 155 * MS, rs)).toBe(true);
    expect([rs.intervalNs, rs.delivered, rs.rttNs]).toEqual([100 * MS, 2, 5 * MS]);
    expect(rs.deliveryRateBps).toBeCloseTo((2 * SEG * 8) / 0.1, 6);
  });

  it('a retransmitted segment gives no sample (Karn), but counts as delivered', () => {
    const r = new RateSampler(10);
    const rs = sample();
    r.onSent(0, false, true, false, 0);
    r.onSent(0, true, false, false, 300 * MS);
    expect(r.onAck(-1, 0, SEG, 350 * MS, rs)).toBe(false);
    expect([rs.newlyAcked, rs.totalDelivered, rs.priorDelivered, rs.rttNs, rs.deliveryRateBps]).toEqual([
      1, 1, 0, -1, 0,
    ]);
  });

  it('a segment SACKed first and then covered by the cumulative ACK counts once', () => {
    const r = new RateSampler(10);
    const rs = sample();
    for (let s = 0; s < 3; s++) r.onSent(s, false, s === 0, false, 10 * s * MS);
    r.onDelivered(2, 100 * MS);
    expect(r.onAck(-1, -1, SEG, 100 * MS, rs)).toBe(true);
    expect([rs.newlyAcked, rs.totalDelivered, rs.delivered]).toEqual([1, 1, 1]);
    // the cumulative ACK then covers 0..2: only 0 and 1 are new
    expect(r.onAck(-1, 2, SEG, 120 * MS, rs)).toBe(true);
    expect([rs.newlyAcked, rs.totalDelivered]).toEqual([2, 3]);
  });

  it('an ACK that delivers nothing is no sample', () => {
    const r = new RateSampler(10);
    const rs = sample();
    r.onSent(0, false, true, false, 0);
    expect(r.onAck(-1, -1, SEG, 10 * MS, rs)).toBe(false);
    expect([rs.newlyAcked, rs.priorDelivered, rs.delivered, rs.isAppLimited]).toEqual([0, -1, 0, false]);
  });

  it('a flight after an idle spell starts its clocks at its first send', () => {
    const r = new RateSampler(10);
    const rs = sample();
    r.onSent(0, false, true, false, 1000 * MS);
    // send_elapsed 0, ack_elapsed 1100 − 1000 (not − 0): 100 ms
    expect(r.onAck(-1, 0, SEG, 1100 * MS, rs)).toBe(true);
    expect(rs.intervalNs).toBe(100 * MS);
  });

  it('of segments sent together the highest is P (its app-limited mark is the sample’s)', () => {
    const r = new RateSampler(10);
    const rs = sample();
    r.onSent(0, false, true, false, 0);
    r.onSent(1, false, false, true, 0);
    expect(r.onAck(-1, 1, SEG, 100 * MS, rs)).toBe(true);
    expect(rs.isAppLimited).toBe(true);
  });

  it('without a sample packet (all retransmitted), the last delivered one gives prior_delivered', () => {
    const r = new RateSampler(10);
    const rs = sample();
    r.onSent(0, false, true, false, 0);
    r.onSent(1, false, false, false, 0);
    r.onAck(-1, 0, SEG, 100 * MS, rs);
    // 1 is retransmitted after 0 was delivered: delivered was 1 when it left again
    r.onSent(1, true, false, false, 300 * MS);
    expect(r.onAck(0, 1, SEG, 400 * MS, rs)).toBe(false);
    expect([rs.priorDelivered, rs.newlyAcked]).toEqual([1, 1]);
  });

  it('a sequence number sent again as new data in a reused slot is counted again', () => {
    const r = new RateSampler(10); // 1024 slots: segment 1024 reuses segment 0's
    const rs = sample();
    r.onSent(0, false, true, false, 0);
    r.onAck(-1, 0, SEG, 100 * MS, rs);
    r.onSent(1024, false, true, false, 200 * MS);
    r.onDelivered(1024, 300 * MS);
    expect(r.onAck(0, 0, SEG, 300 * MS, rs)).toBe(true);
    expect([rs.newlyAcked, rs.totalDelivered]).toEqual([1, 2]);
  });

  it('no sample over an interval of zero', () => {
    const r = new RateSampler(10);
    const rs = sample();
    r.onSent(0, false, true, false, 50 * MS);
    expect(r.onAck(-1, 0, SEG, 50 * MS, rs)).toBe(false);
    expect([rs.deliveryRateBps, rs.newlyAcked]).toEqual([0, 1]);
  });
});
