import { describe, expect, it } from 'vitest';
import { Ecn } from '../net/Packet.js';
import { resolveParams } from '../model/params.js';
import { accountingHolds, QueueBench, type QueueBenchOptions } from './queueTestKit.js';
import { RedQueueDisc, redModel } from './RedQueueDisc.js';

/**
 * RED's mechanisms one at a time, on a QueueBench, with expected values worked by hand from the
 * equations of Floyd & Jacobson 1993 and ns-2.35 queue/red.cc (see docs/models.md, RED).
 */

const PACKET_MODE = { byteMode: false, queueInBytes: false };

function red(params: Record<string, unknown>, opts: QueueBenchOptions = {}) {
  const bench = new QueueBench({ limit: { packets: 100 }, ...opts });
  const issues: { path: string; message: string }[] = [];
  const p = resolveParams(redModel.info.params, params, 'p', issues);
  expect(issues).toEqual([]);
  const disc = bench.attach(redModel.create(p, bench.limit, bench.build()) as RedQueueDisc);
  return { bench, disc };
}

function probes(d: RedQueueDisc) {
  const out = new Float64Array(4);
  d.probeValues(out, 0);
  return { avg: out[0]!, p: out[1]!, min: out[2]!, max: out[3]! };
}

/** Offers `n` packets of `size` bytes at the current time; returns how many were queued. */
function offer(bench: QueueBench, d: RedQueueDisc, n: number, size = 1000, ecn = false, flow = 0): number {
  let queued = 0;
  for (let i = 0; i < n; i++) if (d.enqueue(bench.packet(flow, size, ecn))) queued++;
  return queued;
}

describe('RED average queue', () => {
  it('is the EWMA avg ← (1 − w)·avg + w·q of the queue each arrival finds', () => {
    // w = 0.5; arrivals find q = 0, 1, 2, 3: avg = 0, 0.5, 0.25 + 1 = 1.25, 0.625 + 1.5 = 2.125
    const { bench, disc } = red({ ...PACKET_MODE, qWeight: 0.5, minThresh: 40, maxThresh: 80 });
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      offer(bench, disc, 1);
      seen.push(probes(disc).avg);
    }
    expect(seen).toEqual([0, 0.5, 1.25, 2.125]);
  });

  it('in byte mode averages bytes and reports it in packets of meanPktSize', () => {
    // 1000-byte packets, w = 0.5: q = 0, 1000, 2000 B → avg 0, 500, 1250 B = 0, 1, 2.5 packets of 500 B
    const { bench, disc } = red({ qWeight: 0.5, minThresh: 40, maxThresh: 80 });
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      offer(bench, disc, 1);
      seen.push(probes(disc).avg);
    }
    expect(disc.avg).toBe(1250);
    expect(seen).toEqual([0, 1, 2.5]);
  });

  // w = 0.5 on an 8 kb/s link with 500-byte mean packets: C = 8000 / 4000 = 2 packets/s. Four
  // arrivals at t = 0 leave avg = 2.125; the four packets then leave at t = 0, the last one (1000
  // B) taking 1 s to transmit.
  function idleBench(idleFrom: string) {
    const r = red(
      { ...PACKET_MODE, qWeight: 0.5, minThresh: 40, maxThresh: 80, idleFrom },
      { rateBps: 8000, limit: { packets: 100 } },
    );
    offer(r.bench, r.disc, 4);
    for (let i = 0; i < 4; i++) r.disc.dequeue();
    expect(r.disc.avg).toBe(2.125);
    return r;
  }

  it('decays over an idle period as m = ⌊C·idle⌋ arrivals of an empty queue (ns-2: idle from the end of transmission)', () => {
    // idle from t = 1 s (end of the last transmission) to 2.6 s: m = ⌊2 · 1.6⌋ = 3, so
    // avg = 2.125 · 0.5^(3+1) + 0.5 · 0 = 0.1328125
    const { bench, disc } = idleBench('transmitEnd');
    bench.advanceTo(2.6e9);
    offer(bench, disc, 1);
    expect(disc.avg).toBe(0.1328125);
  });

  it('does not decay for an arrival during the last packet’s transmission', () => {
    // at t = 0.5 s the link is still sending: m = 0, avg = 2.125 · 0.5 = 1.0625
    const { bench, disc } = idleBench('transmitEnd');
    bench.advanceTo(0.5e9);
    offer(bench, disc, 1);
    expect(disc.avg).toBe(1.0625);
  });

  it('with idleFrom dequeue counts the idle time from the last dequeue (ns-3)', () => {
    // idle from t = 0 to 2.6 s: m = ⌊5.2⌋ = 5 → avg = 2.125 · 0.5^6 = 0.033203125
    const { bench, disc } = idleBench('dequeue');
    bench.advanceTo(2.6e9);
    offer(bench, disc, 1);
    expect(disc.avg).toBe(0.033203125);
  });
});

describe('RED drop probability', () => {
  it('p_b rises linearly from 0 at min to maxP at max: avg 10 between 5 and 15 gives 0.05', () => {
    // w = 1 makes avg the queue the arrival finds; with wait, n·p_b stays below 1 up to q = 10
    // (n = 6, p_b = 0.05 → 0.3), so nothing is dropped on the way
    const { bench, disc } = red({ ...PACKET_MODE, qWeight: 1, minThresh: 5, maxThresh: 15 });
    expect(offer(bench, disc, 11)).toBe(11);
    expect(probes(disc).avg).toBe(10);
    expect(probes(disc).p).toBeCloseTo(0.05, 15);
    expect(disc.dropProbability(7.5)).toBeCloseTo(0.025, 15);
    expect(disc.dropProbability(4)).toBeLessThan(0);
  });

  it('gentle: p_b rises from maxP at max to 1 at 2·max; without gentle it is 1 from max', () => {
    // maxP + (1 − maxP)·(avg − max)/max: avg 20 → 0.1 + 0.9 · 5/15 = 0.4; avg 30 → 1
    const g = red({ ...PACKET_MODE, minThresh: 5, maxThresh: 15 }).disc;
    expect(g.dropProbability(15)).toBeCloseTo(0.1, 15);
    expect(g.dropProbability(20)).toBeCloseTo(0.4, 15);
    expect(g.dropProbability(30)).toBeCloseTo(1, 15);
    expect(g.dropProbability(45)).toBe(1);
    const h = red({ ...PACKET_MODE, minThresh: 5, maxThresh: 15, gentle: false }).disc;
    expect(h.dropProbability(14.99)).toBeCloseTo(0.0999, 12);
    expect(h.dropProbability(15)).toBe(1);
  });

  it('p_a = p_b / (1 − n·p_b) without wait, and the wait form p_b / (2 − n·p_b) from n·p_b ≥ 1', () => {
    const nowait = red({ ...PACKET_MODE, wait: false }).disc;
    nowait.count = 4;
    expect(nowait.uniformProbability(0.05, 1000)).toBeCloseTo(0.05 / 0.8, 15);
    nowait.count = 20;
    expect(nowait.uniformProbability(0.05, 1000)).toBe(1);
    const wait = red(PACKET_MODE).disc;
    wait.count = 4;
    expect(wait.uniformProbability(0.05, 1000)).toBe(0);
    wait.count = 30; // n·p_b = 1.5 → 0.05 / 0.5
    expect(wait.uniformProbability(0.05, 1000)).toBeCloseTo(0.1, 15);
    wait.count = 40;
    expect(wait.uniformProbability(0.05, 1000)).toBe(1);
  });

  it('in byte mode counts mean-size packets by bytes and scales p_a by size / meanPktSize', () => {
    // n = ⌊5499 / 500⌋ = 10: p_a = 0.05 / (1 − 0.5) = 0.1, × 1000/500 = 0.2, × 40/500 = 0.008
    const d = red({ wait: false }).disc;
    d.countBytes = 5499;
    expect(d.uniformProbability(0.05, 1000)).toBeCloseTo(0.2, 15);
    expect(d.uniformProbability(0.05, 40)).toBeCloseTo(0.008, 15);
    d.countBytes = 10000; // n·p_b = 1 → p_a = 1, not scaled
    expect(d.uniformProbability(0.05, 40)).toBe(1);
  });

  /** Every arrival finds exactly 10 packets (w = 1, so avg = 10 and p_b = 0.05). */
  function steadyDropRate(params: Record<string, unknown>, arrivals: number): number {
    const { bench, disc } = red({ ...PACKET_MODE, qWeight: 1, minThresh: 5, maxThresh: 15, ...params });
    while (disc.lengthPackets < 10) offer(bench, disc, 1);
    let dropped = 0;
    for (let i = 0; i < arrivals; i++) {
      if (disc.enqueue(bench.packet(0, 1000))) disc.dequeue();
      else dropped++;
    }
    expect(accountingHolds(disc)).toBe(true);
    return dropped / arrivals;
  }

  it('uniformises the gaps between drops: 1 in 1/(2·p_b) arrivals without wait, 1 in ≈1.5/p_b with wait', () => {
    // n counts the arrivals since the last drop, this one included. Without wait p_a = 1/(20 − n)
    // for n = 1..19, so the gap is uniform on 1..19 (mean 10); with wait p_a = 1/(40 − n) for
    // n = 20..39, uniform on 20..39 (mean 29.5). Geometric gaps (p_a = p_b) would drop 1 in 20.
    expect(steadyDropRate({ wait: false }, 40000)).toBeCloseTo(1 / 10, 2);
    expect(steadyDropRate({}, 60000)).toBeCloseTo(1 / 29.5, 2);
  });
});

/**
 * Three packets waiting and the average pinned (w ≈ 0) at `avg`, after one arrival at avg 10
 * (between min 5 and max 15), which only starts the count (ns-2 edv_.old).
 */
function pinned(params: Record<string, unknown>, avg: number, opts: QueueBenchOptions = {}) {
  const r = red({ ...PACKET_MODE, qWeight: 1e-12, minThresh: 5, maxThresh: 15, ...params }, opts);
  offer(r.bench, r.disc, 2);
  r.disc.avg = 10;
  offer(r.bench, r.disc, 1);
  expect(r.disc.stats.drops + r.disc.stats.marks).toBe(0);
  r.disc.avg = avg;
  return r;
}

describe('RED forced drops and the buffer limit', () => {
  it('with useMarkP off, an average at 2·max (gentle) or max (not gentle) forces a drop; below it the first arrival only starts the count', () => {
    const gentle = pinned({ useMarkP: false }, 29.9);
    gentle.disc.count = -1e9; // keep p_a at 0 below 2·max
    offer(gentle.bench, gentle.disc, 1);
    expect(gentle.bench.drops).toEqual([]);
    gentle.disc.avg = 30.001; // w·q pulls the pinned average down by ~1e-11
    offer(gentle.bench, gentle.disc, 1);
    expect(gentle.bench.drops.at(-1)!.reason).toBe('forced');
    const abrupt = pinned({ useMarkP: false, gentle: false }, 15.001);
    offer(abrupt.bench, abrupt.disc, 1);
    expect(abrupt.bench.drops.map((d) => d.reason)).toEqual(['forced']);
  });

  it('with useMarkP (ns-2’s default) a high average drops through p_b = 1 (early), but spares packets smaller than meanPktSize in byte mode', () => {
    const r = pinned({}, 31);
    offer(r.bench, r.disc, 1); // n = 2, p_b = 1: p_a = 1
    expect(r.bench.drops.map((d) => d.reason)).toEqual(['early']);
    // byte mode: after that drop n = ⌊40 / 500⌋ = 0, so p_a = 0 for a 40-byte packet
    const b = red({ qWeight: 1e-12, minThresh: 5, maxThresh: 15 });
    offer(b.bench, b.disc, 3);
    b.disc.avg = 31 * 500;
    offer(b.bench, b.disc, 1); // starts the count
    offer(b.bench, b.disc, 1); // n = ⌊2000/500⌋ = 4 → p_a = 1: dropped
    expect(b.bench.drops.length).toBe(1);
    expect(offer(b.bench, b.disc, 1, 40)).toBe(1);
    expect(offer(b.bench, b.disc, 1, 1000)).toBe(0);
  });

  it('refuses an arrival once the waiting packets reach the buffer (ns-2: N wait beside the one on the wire)', () => {
    const { bench, disc } = red({ ...PACKET_MODE, qWeight: 1e-12 }, { limit: { packets: 10 } });
    expect(offer(bench, disc, 12)).toBe(10);
    expect(bench.drops.map((d) => d.reason)).toEqual(['overflow', 'overflow']);
  });

  it('in byte mode counts a buffer of N packets as N × meanPktSize bytes (ns-2), or refuses what does not fit (ns-3)', () => {
    // 10 packets × 500 B = 5000 B: 1500-byte arrivals are refused once 4500 + 1500 = 6000 B wait
    const ns2 = red({ qWeight: 1e-12 }, { limit: { packets: 10 } });
    expect(offer(ns2.bench, ns2.disc, 6, 1500)).toBe(4);
    // but never more packets than the buffer holds: 40-byte packets stop at 10
    const small = red({ qWeight: 1e-12 }, { limit: { packets: 10 } });
    expect(offer(small.bench, small.disc, 12, 40)).toBe(10);
    const fitBytes = red({ qWeight: 1e-12, limitMode: 'fit' }, { limit: { bytes: 5000 } });
    expect(offer(fitBytes.bench, fitBytes.disc, 6, 1500)).toBe(3);
    const ns2Bytes = red({ qWeight: 1e-12 }, { limit: { bytes: 5000 } });
    expect(offer(ns2Bytes.bench, ns2Bytes.disc, 6, 1500)).toBe(4);
  });

  it('drop-front discards the second-oldest waiting packet (ns-2 pickPacketToDrop), drop-tail the arrival', () => {
    const front = red({ ...PACKET_MODE, qWeight: 1e-12, dropFrom: 'front' }, { limit: { packets: 4 } });
    offer(front.bench, front.disc, 5); // packets 0–3 queued; 4 forces out packet 1
    expect(front.bench.drops.map((d) => [d.seq, d.reason])).toEqual([[1, 'overflow']]);
    expect(front.disc.lengthPackets).toBe(4);
    expect(accountingHolds(front.disc)).toBe(true);
    const tail = red({ ...PACKET_MODE, qWeight: 1e-12 }, { limit: { packets: 4 } });
    offer(tail.bench, tail.disc, 5);
    expect(tail.bench.drops.map((d) => d.seq)).toEqual([4]);
  });

  it('resets the count since the last drop on a forced drop unless told not to (ns-3)', () => {
    for (const [reset, expected] of [
      [true, 0],
      [false, 3],
    ] as const) {
      const { bench, disc } = red(
        { ...PACKET_MODE, qWeight: 1e-12, resetCountOnForcedDrop: reset },
        { limit: { packets: 2 } },
      );
      offer(bench, disc, 3);
      expect(disc.count).toBe(expected);
    }
  });
});

describe('RED with ECN', () => {
  /** avg pinned at `avg` and n large enough that p_a = 1: the next arrival is surely chosen. */
  function chosen(params: Record<string, unknown>, avg: number) {
    const r = pinned({ ecn: true, wait: false, ...params }, avg);
    r.disc.count = 1000;
    return r;
  }

  it('marks an ECT packet chosen early and drops a non-ECT one', () => {
    const r = chosen({}, 10);
    expect(offer(r.bench, r.disc, 1, 1000, true)).toBe(1);
    expect(r.bench.marks.map((m) => m.reason)).toEqual(['early']);
    r.disc.count = 1000;
    expect(offer(r.bench, r.disc, 1, 1000, false)).toBe(0);
    expect(r.bench.drops.map((d) => d.reason)).toEqual(['early']);
  });

  it('with useMarkP drops ECT packets once p_b ≥ markP (ns-2.35 drop_early); without it marks them', () => {
    // avg 20 on the gentle ramp: p_b = 0.4 ≥ mark_p 0.1
    const r = chosen({}, 20);
    expect(offer(r.bench, r.disc, 1, 1000, true)).toBe(0);
    expect(r.bench.marks).toEqual([]);
    const s = chosen({ useMarkP: false }, 20);
    expect(offer(s.bench, s.disc, 1, 1000, true)).toBe(1);
    expect(s.bench.marks.length).toBe(1);
  });

  it('forced drops drop ECT packets too, unless hardDrop is off (ns-3 UseHardDrop false)', () => {
    const hard = chosen({ useMarkP: false }, 30.001);
    expect(offer(hard.bench, hard.disc, 1, 1000, true)).toBe(0);
    expect(hard.bench.drops.map((d) => d.reason)).toEqual(['forced']);
    const soft = chosen({ useMarkP: false, hardDrop: false }, 30.001);
    expect(offer(soft.bench, soft.disc, 1, 1000, true)).toBe(1);
    expect(soft.bench.marks.map((m) => m.reason)).toEqual(['forced']);
  });

  it('the buffer limit drops even an ECT packet that RED would have marked', () => {
    const full = pinned({ ecn: true, wait: false }, 10, { limit: { packets: 3 } });
    full.disc.count = 1000;
    expect(offer(full.bench, full.disc, 1, 1000, true)).toBe(0);
    expect(full.bench.drops.map((d) => d.reason)).toEqual(['overflow']);
    expect(full.bench.marks).toEqual([]);
  });
});

describe('RED step marking (DCTCP, stepThreshold K)', () => {
  it('marks ECT arrivals finding at least K packets and drops non-ECT ones with reason step', () => {
    const { bench, disc } = red({ stepThreshold: 5 });
    expect(offer(bench, disc, 5, 1000, true)).toBe(5); // find 0–4 waiting
    expect(bench.marks).toEqual([]);
    expect(offer(bench, disc, 2, 1000, true)).toBe(2); // find 5 and 6
    expect(bench.marks.map((m) => m.reason)).toEqual(['step', 'step']);
    expect(offer(bench, disc, 1, 1000, false)).toBe(0);
    expect(bench.drops.map((d) => d.reason)).toEqual(['step']);
    expect(bench.sim.now).toBe(0);
    disc.dequeue();
    disc.dequeue();
    disc.dequeue(); // 4 wait: below K again
    expect(offer(bench, disc, 1, 1000, false)).toBe(1);
    const p = probes(disc);
    expect([p.min, p.max, p.avg, p.p]).toEqual([5, 5, 4, 0]);
  });

  it('needs more than one packet waiting, so K = 1 marks from the second waiting packet on', () => {
    const { bench, disc } = red({ stepThreshold: 1 });
    offer(bench, disc, 3, 1000, true); // find 0, 1, 2
    expect(bench.marks.length).toBe(1);
  });

  it('has no forced drop: only the buffer limit drops ECT packets', () => {
    const { bench, disc } = red({ stepThreshold: 2 }, { limit: { packets: 6 } });
    offer(bench, disc, 8, 1000, true);
    expect(bench.marks.length).toBe(4); // arrivals finding 2, 3, 4, 5
    expect(bench.drops.map((d) => d.reason)).toEqual(['overflow', 'overflow']);
  });
});

describe('RED probes and packets', () => {
  it('reports the automatic thresholds in packets', () => {
    const { disc } = red({}, { rateBps: 10e6, delayNs: 20e6 });
    const p = probes(disc);
    expect(p.min).toBeCloseTo(6.25, 12);
    expect(p.max).toBeCloseTo(18.75, 12);
  });

  it('leaves the ECN field of packets it does not mark unchanged', () => {
    const { bench, disc } = red({ ecn: true });
    const pkt = bench.packet(0, 1000, true);
    disc.enqueue(pkt);
    expect(disc.dequeue()!.ecn).toBe(Ecn.Ect0);
  });
});
