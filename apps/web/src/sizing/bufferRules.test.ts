import { describe, expect, it } from 'vitest';
import type { ScenarioInput } from '@cclab/engine';
import {
  bdpRule,
  bufferFieldValue,
  currentBuffer,
  likelyBottleneck,
  meanRttS,
  packetBytesFor,
  parsePositive,
  sizingPorts,
  sqrtNRule,
  withPortBuffer,
  type SizingPort,
} from './bufferRules';

describe('buffer-sizing rules, by hand', () => {
  it('bandwidth-delay product: 10 Mb/s × 60 ms = 75 000 B = 50 packets of 1500 B', () => {
    const b = bdpRule(10e6, 0.06, 1500);
    expect(b.bytes).toBeCloseTo(75_000, 9);
    expect(b.packets).toBeCloseTo(50, 9);
  });

  it('Appenzeller et al.: the same over √4 = 2 → 37 500 B = 25 packets; none without a flow', () => {
    const b = sqrtNRule(10e6, 0.06, 4, 1500)!;
    expect(b.bytes).toBeCloseTo(37_500, 9);
    expect(b.packets).toBeCloseTo(25, 9);
    // 100 Mb/s × 250 ms / √10000 = 3.125 MB / 100 = 31 250 B
    expect(sqrtNRule(100e6, 0.25, 10_000, 1000)!.bytes).toBeCloseTo(31_250, 9);
    expect(sqrtNRule(10e6, 0.06, 0, 1500)).toBeNull();
  });

  it('the buffer field gets whole packets, rounded up, at least one', () => {
    expect(bufferFieldValue({ bytes: 0, packets: 87.5 })).toBe('88 packets');
    expect(bufferFieldValue({ bytes: 0, packets: 50 })).toBe('50 packets');
    expect(bufferFieldValue({ bytes: 0, packets: 0.2 })).toBe('1 packets');
  });

  it('a typed RTT or packet size must be a positive number; the error names the field', () => {
    expect(parsePositive('', 'RTT', 'ms')).toEqual({ value: null });
    expect(parsePositive(' 60 ', 'RTT', 'ms')).toEqual({ value: 60 });
    expect(parsePositive('abc', 'RTT', 'ms').error).toMatch(/^RTT: .*positive/);
    expect(parsePositive('-3', 'Packet size', 'bytes').error).toMatch(/^Packet size: /);
  });
});

/**
 * s1 —5 ms— r1 —20 ms, 10 Mb/s— r2 —5 ms— d, and s2 —15 ms— r1: two unlimited TCP downloads
 * (f1 from s1, f2 from s2), a 1 MB TCP transfer (short) and a UDP call (not long-lived).
 * Round trips: f1 2 × (5 + 20 + 5) = 60 ms, f2 2 × (15 + 20 + 5) = 80 ms.
 */
function dumbbell(): ScenarioInput {
  return {
    version: 1,
    duration: '10s',
    nodes: [
      { id: 's1', kind: 'host' },
      { id: 's2', kind: 'host' },
      { id: 'r1', kind: 'router' },
      { id: 'r2', kind: 'router' },
      { id: 'd', kind: 'host' },
    ],
    links: [
      { a: 's1', b: 'r1', rate: '100Mbps', delay: '5ms' },
      { a: 's2', b: 'r1', rate: '100Mbps', delay: '15ms' },
      { a: 'r1', b: 'r2', rate: '10Mbps', delay: '20ms', buffer: '100 packets' },
      { a: 'r2', b: 'd', rate: '100Mbps', delay: '5ms' },
    ],
    flows: [
      { id: 'f1', from: 's1', to: 'd', transport: { type: 'tcp', cc: 'newreno' }, app: { type: 'bulk' } },
      { id: 'f2', from: 's2', to: 'd', transport: { type: 'tcp', cc: 'cubic' }, app: { type: 'bulk' } },
      {
        id: 'short',
        from: 's1',
        to: 'd',
        transport: { type: 'tcp' },
        app: { type: 'bulk', params: { bytes: 1e6 } },
      },
      {
        id: 'call',
        from: 's1',
        to: 'd',
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate: '80kbps', packetSize: '200B' } },
      },
    ],
  };
}

function ports(s: ScenarioInput): SizingPort[] {
  const r = sizingPorts(s);
  if (!r.ok) throw new Error(r.error);
  return r.ports;
}

describe('the rules for a port of the scenario', () => {
  const all = ports(dumbbell());
  const port = all.find((p) => p.name === 'r1->r2')!;

  it('knows which flows cross each direction, and which are long-lived', () => {
    expect(port.flows.map((f) => f.id)).toEqual(['f1', 'f2', 'short', 'call']);
    expect(port.flows.filter((f) => f.longLived).map((f) => f.id)).toEqual(['f1', 'f2']);
    // data go r1 → r2: nothing crosses r2 → r1 but ACKs
    expect(all.find((p) => p.name === 'r2->r1')!.flows).toEqual([]);
    expect(port.rateBps).toBe(10e6);
    expect(port.forward).toBe(true);
    expect(all.find((p) => p.name === 'r2->r1')!.forward).toBe(false);
  });

  it('takes each flow’s round trip from the links’ delays, and their mean', () => {
    const rtt = Object.fromEntries(port.flows.map((f) => [f.id, f.rttS]));
    expect(rtt.f1).toBeCloseTo(0.06, 12);
    expect(rtt.f2).toBeCloseTo(0.08, 12);
    expect(meanRttS(port)).toBeCloseTo(0.07, 12);
  });

  it('picks the slowest of the ports the most long-lived flows cross: the bottleneck', () => {
    // r2 → d carries the same flows at 100 Mb/s
    expect(likelyBottleneck(all)!.name).toBe('r1->r2');
  });

  it('sizes r1 → r2: 10 Mb/s × 70 ms = 87 500 B = 87.5 packets of 1000 B; over √2: 61 872 B', () => {
    const pb = packetBytesFor(port);
    expect(pb).toBe(1000); // TCP's default packet size on the wire
    const rtt = meanRttS(port)!;
    expect(bdpRule(port.rateBps, rtt, pb).packets).toBeCloseTo(87.5, 9);
    expect(sqrtNRule(port.rateBps, rtt, 2, pb)!.bytes).toBeCloseTo(87_500 / Math.SQRT2, 6);
    expect(currentBuffer(port, pb)).toEqual({ packets: 100, bytes: 100_000 });
  });

  it('"Use this buffer" sets the link’s buffer; for b→a of a link set per direction, its reverse', () => {
    const s = dumbbell();
    expect(withPortBuffer(s, port, '88 packets').links[2]!.buffer).toBe('88 packets');
    const split: ScenarioInput = {
      ...s,
      links: s.links.map((l, i) => (i === 2 ? { ...l, reverse: { buffer: '100 packets' } } : l)),
    };
    const back = ports(split).find((p) => p.name === 'r2->r1')!;
    const edited = withPortBuffer(split, back, '7 packets').links[2]!;
    expect(edited.reverse?.buffer).toBe('7 packets');
    expect(edited.buffer).toBe('100 packets');
  });

  it('names the problem of a scenario it cannot route', () => {
    const bad = { ...dumbbell(), links: dumbbell().links.slice(0, 2) };
    const r = sizingPorts(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/flows\[0\]/);
  });
});
