import { describe, expect, it } from 'vitest';
import { PacketKind } from '../net/Packet.js';
import { QueueBench } from '../queue/queueTestKit.js';
import { resolveParams } from '../model/params.js';
import { LblcaBranch } from './lblcaEquations.js';
import { lblcaModel } from './lblcaModel.js';
import type { LblcaQueueDisc } from './LblcaQueueDisc.js';
import type { LblcaFeedback } from './LblcaRouter.js';

const MS = 1e6;

/** An LbLCA port on the bench: 10 Mb/s, 100-packet buffer (packet units), d = 100 ms unless given. */
function port(params: Record<string, unknown> = {}, bench = new QueueBench()) {
  const p = resolveParams(lblcaModel.info.params, { period: '100ms', ...params }, 'p', []);
  const d = bench.attach(lblcaModel.create(p, bench.limit, bench.build()) as LblcaQueueDisc);
  return { bench, d };
}

function probe(d: LblcaQueueDisc, key: string): number {
  const out = new Float64Array(d.probeSpecs().length);
  d.probeValues(out, 0);
  return out[d.probeSpecs().findIndex((s) => s.key === key)]!;
}

// 10 Mb/s of 1000-byte packets: c = 1250 packets/s; δ = 5 % = 62.5 packets/s.
const feedback = (occupancy: number, sumRate: number): LblcaFeedback => ({
  units: 'packets',
  occupancy,
  buffer: 100,
  sumRate,
  sumRateCapacity: sumRate * 1250,
  sumCapacity: 1250,
  measuredNs: 0,
});

describe('LbLCA port shaper', () => {
  it('spaces packets by 1/s in packet units, serving control packets first and unshaped', () => {
    const { bench, d } = port();
    d.setRate(1000); // packets/s: one every ms
    for (let i = 0; i < 3; i++) d.enqueue(bench.packet(0));
    expect(d.dequeue()?.seq).toBe(0);
    expect(d.dequeue()).toBeNull();
    expect(d.nextReadyTimeNs()).toBe(1 * MS);
    const c = bench.packet(1, 40);
    c.kind = PacketKind.Control;
    d.enqueue(c);
    expect(d.nextReadyTimeNs()).toBe(0);
    expect(d.dequeue()).toBe(c);
    bench.advanceTo(1 * MS);
    expect(d.dequeue()?.seq).toBe(1);
    bench.advanceTo(1.5 * MS);
    expect(d.dequeue()).toBeNull();
    // a faster rate shortens the pending gap at once
    d.setRate(4000);
    expect(d.nextReadyTimeNs()).toBe(1.5 * MS);
    expect(d.dequeue()?.seq).toBe(2);
  });

  it('spaces packets by 8L/s when the buffer counts bytes', () => {
    const { bench, d } = port({}, new QueueBench({ limit: { bytes: 100_000 } }));
    d.setRate(8e6); // bit/s
    d.enqueue(bench.packet(0, 500));
    d.enqueue(bench.packet(0, 1000));
    d.enqueue(bench.packet(0, 1000));
    expect(d.dequeue()?.sizeBytes).toBe(500);
    expect(d.nextReadyTimeNs()).toBe(0.5 * MS);
    bench.advanceTo(0.5 * MS);
    expect(d.dequeue()).not.toBeNull();
    expect(d.nextReadyTimeNs()).toBe(1.5 * MS);
  });

  it('holds every data packet at a rate of zero or below (literal eq. 6.6) until the rate rises', () => {
    const { bench, d } = port();
    d.setRate(-5);
    d.enqueue(bench.packet(0));
    expect(d.dequeue()).toBeNull();
    expect(d.nextReadyTimeNs()).toBe(Infinity);
    const wakes = bench.wakes;
    d.setRate(100);
    expect(bench.wakes).toBe(wakes + 1);
    expect(d.dequeue()).not.toBeNull();
  });
});

describe('LbLCA router controller on one port', () => {
  it('updates the rate every period from the neighbour’s feedback and sends its own feedback upstream', () => {
    const { bench, d } = port();
    bench.advanceTo(0);
    for (let i = 0; i < 30; i++) d.enqueue(bench.packet(0)); // Θ = 30 of B = 100
    bench.control.deliver('lblca', 1, feedback(60, 625));
    bench.advanceTo(100 * MS);
    // upper case: 1250 + (90 − 60)/0.1 − 1250·(625/1250) = 925 packets/s
    expect(d.sendingRate).toBeCloseTo(925, 9);
    expect(probe(d, 'sendRateBps')).toBeCloseTo(925 * 8000, 6);
    expect(probe(d, 'branch')).toBe(LblcaBranch.Upper);
    expect(probe(d, 'occupancyShare')).toBeCloseTo(0.3, 12);
    expect(probe(d, 'arrivalRateBps')).toBeCloseTo(300 * 8000, 6); // 30 packets in 0.1 s
    expect(probe(d, 'feedbackOccupancyShare')).toBeCloseTo(0.6, 12);
    const sent = bench.control.sent;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ tNs: 100 * MS, toNode: 1, protocol: 'lblca', sizeBytes: 40 });
    expect(sent[0]!.body).toMatchObject({ occupancy: 30, buffer: 100, sumRate: 925, sumCapacity: 1250 });
    // the next period, the same feedback: 925 + 300 − 625
    bench.advanceTo(200 * MS);
    expect(d.sendingRate).toBeCloseTo(600, 9);
    expect(bench.control.sent).toHaveLength(2);
  });

  it('literal eq. 6.6 caps the rate at δ; δ of the arrival rate is 5 % of what arrived', () => {
    const lit = port({ rateRule: 'literal' });
    for (let i = 0; i < 30; i++) lit.d.enqueue(lit.bench.packet(0));
    lit.bench.control.deliver('lblca', 1, feedback(60, 625));
    lit.bench.advanceTo(100 * MS);
    expect(lit.d.sendingRate).toBe(62.5);
    const arr = port({ deltaOf: 'arrival' });
    for (let i = 0; i < 30; i++) arr.d.enqueue(arr.bench.packet(0));
    arr.bench.control.deliver('lblca', 1, feedback(95, 625)); // ≥ b_u: δ
    arr.bench.advanceTo(100 * MS);
    expect(arr.d.sendingRate).toBeCloseTo(0.05 * 300, 9);
  });

  it('without feedback: the line rate, or δ while its own buffer is at or below b_l·B (edge own-buffer)', () => {
    const line = port();
    line.bench.advanceTo(100 * MS);
    expect(line.d.sendingRate).toBe(1250);
    expect(probe(line.d, 'branch')).toBe(LblcaBranch.None);
    const own = port({ edge: 'own-buffer' });
    own.bench.advanceTo(100 * MS);
    expect(own.d.sendingRate).toBe(62.5);
    for (let i = 0; i < 11; i++) own.d.enqueue(own.bench.packet(0));
    own.bench.advanceTo(200 * MS);
    expect(own.d.sendingRate).toBe(1250);
  });

  it('sends feedback only to a neighbour that runs LbLCA, after the processing delay', () => {
    const quiet = port();
    quiet.bench.control.peerRuns = false;
    quiet.bench.advanceTo(300 * MS);
    expect(quiet.bench.control.sent).toHaveLength(0);
    const late = port({ feedbackDelay: '30ms' });
    late.bench.advanceTo(100 * MS);
    expect(late.bench.control.sent).toHaveLength(0);
    late.bench.advanceTo(130 * MS);
    expect(late.bench.control.sent.map((s) => s.tNs)).toEqual([130 * MS]);
  });

  it('d defaults to the largest round-trip propagation delay of the flows', () => {
    const { bench, d } = port({ period: 0 }, new QueueBench({ delayNs: 25 * MS })); // bench RTTs 50 ms
    bench.advanceTo(49 * MS);
    expect(bench.control.sent).toHaveLength(0);
    bench.advanceTo(50 * MS);
    expect(bench.control.sent).toHaveLength(1);
    void d;
  });
});
