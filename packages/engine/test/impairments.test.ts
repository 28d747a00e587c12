import { describe, expect, it } from 'vitest';
import type { Packet } from '../src/net/Packet.js';
import type { Port } from '../src/net/Port.js';
import type { PortTracer } from '../src/net/PortTracer.js';
import { Simulation } from '../src/Simulation.js';
import { ScenarioError, validateScenario } from '../src/scenario/validate.js';
import type { ImpairmentsSpec, ScenarioInput, ScenarioLink } from '../src/scenario/types.js';

/**
 * Link impairments in a running network (docs/scenario-format.md "Link impairments"): h1 → r → h2,
 * a UDP CBR flow of 1000-byte packets, the impairments on r → h2 (or as given).
 */
function line(bottleneck: Partial<ScenarioLink>, rate = '4Mbps', duration = '5s', seed = 1): ScenarioInput {
  return {
    version: 1,
    duration,
    seed,
    nodes: [
      { id: 'h1', kind: 'host' },
      { id: 'r', kind: 'router' },
      { id: 'h2', kind: 'host' },
    ],
    links: [
      { a: 'h1', b: 'r', rate: '100Mbps', delay: '1ms' },
      { a: 'r', b: 'h2', rate: '10Mbps', delay: '10ms', buffer: 1000, ...bottleneck },
    ],
    flows: [
      {
        id: 'f',
        from: 'h1',
        to: 'h2',
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate, packetSize: '1000B' } },
      },
    ],
  };
}

/** What port r → h2 delivered (sequence numbers in arrival order, delays) and dropped. */
function watch(sim: Simulation, name = 'r->h2') {
  const port = sim.network.portByName(name)!;
  const seen = { arrived: [] as number[], delaysNs: [] as number[], lost: [] as number[], sent: 0 };
  const tracer: PortTracer = {
    enqueue: () => {},
    dequeue: () => seen.sent++,
    drop: (_p: Port, pkt: Packet) => seen.lost.push(pkt.seq),
    receive: (_p: Port, pkt: Packet) => {
      seen.arrived.push(pkt.seq);
      seen.delaysNs.push(sim.sim.now - pkt.sendTimeNs);
    },
  };
  port.tracer = tracer;
  return { port, seen };
}

function run(sc: ScenarioInput, name?: string) {
  const sim = new Simulation(sc);
  const w = watch(sim, name);
  sim.run();
  return { sim, ...w };
}

const outOfOrder = (seqs: number[]) => seqs.filter((s, i) => i > 0 && s < seqs[i - 1]!).length;

describe('link impairments in a network', () => {
  it('burst loss: losses at the chain’s rate, in runs of 1/r on average, counted as link losses', () => {
    // 500 packets/s for 20 s; p 0.02, r 0.25: P(bad) = 0.02/0.27 ≈ 7.4 %, runs of 4
    const { port, seen } = run(line({ impairments: { burstLoss: { p: 0.02, r: 0.25 } } }, '4Mbps', '20s'));
    expect(seen.sent).toBeGreaterThan(9900);
    const share = seen.lost.length / seen.sent;
    expect(Math.abs(share - 0.02 / 0.27)).toBeLessThan(0.025);
    expect(port.linkLosses).toBe(seen.lost.length);
    expect(port.impairments!.burstLosses).toBe(seen.lost.length);
    // consecutive sequence numbers lost together: runs of ≈ 4, never seen with Bernoulli loss of 7 %
    const runs: number[] = [];
    seen.lost.forEach((s, i) => {
      if (i > 0 && s === seen.lost[i - 1]! + 1) runs[runs.length - 1]!++;
      else runs.push(1);
    });
    expect(seen.lost.length / runs.length).toBeGreaterThan(3);
  });

  it('jitter without reordering: delays spread, arrivals stay in order', () => {
    const base = run(line({}));
    const j = run(line({ impairments: { jitter: '5ms' } }));
    expect(outOfOrder(j.seen.arrived)).toBe(0);
    // every packet sent arrives, or is still on the wire at the end
    expect(j.seen.sent).toBe(base.seen.sent);
    expect(j.seen.arrived.length + j.port.onWireCount).toBe(j.seen.sent);
    // every delay at least the base's (in order, a packet waits for any later-jittered one before it)
    const spread = (d: number[]) => Math.max(...d) - Math.min(...d);
    expect(spread(base.seen.delaysNs)).toBe(0);
    expect(spread(j.seen.delaysNs)).toBeGreaterThan(8e6);
    expect(spread(j.seen.delaysNs)).toBeLessThanOrEqual(10e6);
  });

  it('jitter with reordering: packets 2 ms apart under ± 5 ms overtake each other', () => {
    const { port, seen } = run(line({ impairments: { jitter: '5ms', reorder: true } }));
    const n = seen.arrived.length;
    expect(n + port.onWireCount).toBe(seen.sent);
    expect(port.onWireCount).toBeGreaterThan(0);
    expect(outOfOrder(seen.arrived) / n).toBeGreaterThan(0.2);
    // nothing lost or made up: every packet arrives once
    expect(new Set(seen.arrived).size).toBe(n);
  });

  it('jitter is cut where a packet would arrive before it left', () => {
    // ± 50 ms uniform jitter on a 10 ms link: about 40 % of draws are below −10 ms
    const { seen } = run(line({ impairments: { jitter: '50ms', reorder: true } }));
    const serviceNs = (1000 * 8 * 1e9) / 10e6;
    // sendTimeNs is the source's, 1 ms and 80 µs of access link before r
    const access = 1e6 + (1000 * 8 * 1e9) / 100e6;
    expect(Math.min(...seen.delaysNs)).toBeCloseTo(access + serviceNs, -3);
  });

  it('duplication: the share of packets given arrives twice, each copy queued and sent like a packet', () => {
    const { sim, port, seen } = run(line({ impairments: { duplicate: 0.2 } }, '4Mbps', '10s'));
    const access = sim.network.portByName('h1->r')!;
    const originals = access.disc.stats.departures - access.onWireCount;
    const copies = port.impairments!.copies;
    // every original and every copy is offered to r → h2's queue
    expect(port.disc.stats.arrivals).toBe(originals + copies);
    expect(Math.abs(copies / originals - 0.2)).toBeLessThan(0.03);
    // a copy arrives as a second packet with its original's sequence number, just before it
    const extra = seen.arrived.length - new Set(seen.arrived).size;
    expect(extra).toBeGreaterThan(copies - 5);
    expect(extra).toBeLessThanOrEqual(copies);
    const twice = seen.arrived.findIndex((s, i) => i > 0 && s === seen.arrived[i - 1]);
    expect(twice).toBeGreaterThan(0);
    expect(port.disc.stats.departures).toBe(seen.arrived.length + port.onWireCount);
  });

  it('the impairments draw from a stream of their own: adding jitter loses the same packets to lossRate', () => {
    const lost = (impairments?: ImpairmentsSpec) =>
      run(line({ lossRate: 0.05, ...(impairments ? { impairments } : {}) })).seen.lost;
    const plain = lost();
    expect(plain.length).toBeGreaterThan(50);
    expect(lost({ jitter: '3ms', jitterDistribution: 'normal' })).toEqual(plain);
  });

  it('is deterministic: the same scenario and seed, the same arrivals; another seed, others', () => {
    const sc = (seed: number) =>
      line(
        { impairments: { burstLoss: { p: 0.05, r: 0.3 }, jitter: '4ms', reorder: true, duplicate: 0.05 } },
        '4Mbps',
        '5s',
        seed,
      );
    const a = run(sc(1)).seen;
    expect(run(sc(1)).seen).toEqual(a);
    expect(run(sc(2)).seen.arrived).not.toEqual(a.arrived);
  });

  it('a link’s impairments apply both ways; reverse.impairments replaces them for b → a', () => {
    const sc: ScenarioInput = line({ impairments: { duplicate: 0.5 }, reverse: { impairments: { jitter: '1ms' } } });
    const sim = new Simulation(sc);
    expect(sim.network.portByName('r->h2')!.impairments!.spec.duplicate).toBe(0.5);
    const back = sim.network.portByName('h2->r')!.impairments!.spec;
    expect([back.duplicate, back.jitterNs]).toEqual([0, 1e6]);
    expect(sim.network.portByName('h1->r')!.impairments).toBeNull();
  });

  it('a time-varying link (a delivery trace) loses, jitters and duplicates the same way', () => {
    const sc = line(
      {
        rate: '100Mbps',
        channel: { type: 'trace', params: { preset: 'cellular-synthetic' } },
        impairments: { burstLoss: { p: 0.02, r: 0.25 }, jitter: '3ms', duplicate: 0.2 },
      },
      '2Mbps',
      '10s',
    );
    const { sim, port, seen } = run(sc);
    const imp = port.impairments!;
    expect(imp.burstLosses).toBeGreaterThan(0);
    expect(port.linkLosses).toBeGreaterThanOrEqual(imp.burstLosses);
    const access = sim.network.portByName('h1->r')!;
    const originals = access.disc.stats.departures - access.onWireCount;
    expect(port.disc.stats.arrivals).toBe(originals + imp.copies);
    expect(Math.abs(imp.copies / originals - 0.2)).toBeLessThan(0.04);
    expect(seen.arrived.length - new Set(seen.arrived).size).toBeGreaterThan(0);
  });

  it('TCP through bursty loss and reordering jitter finishes and delivers', () => {
    const sc = line({ impairments: { burstLoss: { p: 0.01, r: 0.5 }, jitter: '2ms', reorder: true } }, '1Mbps', '10s');
    sc.flows[0] = { ...sc.flows[0]!, transport: { type: 'tcp', cc: 'newreno' }, app: { type: 'bulk' } };
    const sim = new Simulation(sc);
    sim.run();
    expect(sim.flows[0]!.stats.packetsReceived).toBeGreaterThan(1000);
  });

  it('rejects impossible impairments naming the field', () => {
    const issues = (impairments: unknown): string[] => {
      try {
        validateScenario(line({ impairments } as Partial<ScenarioLink>));
      } catch (e) {
        return (e as ScenarioError).issues.map((i) => `${i.path}: ${i.message}`);
      }
      return [];
    };
    expect(issues({ burstLoss: { p: 0.1, r: 0 } })).toEqual([
      'links[1].impairments.burstLoss.r: must be > 0 when p is: with r = 0 the chain never leaves its bad state',
    ]);
    expect(issues({ reorder: true })).toEqual([
      'links[1].impairments.reorder: reorders only with a jitter: give jitter too',
    ]);
    expect(issues({ jitterDistribution: 'normal' })).toEqual([
      'links[1].impairments.jitterDistribution: shapes the jitter: give jitter too',
    ]);
    expect(issues({ jitter: '2ms', jitterDistribution: 'cauchy' })).toEqual([
      'links[1].impairments.jitterDistribution: "cauchy" is not one of uniform, normal, pareto',
    ]);
    expect(issues({ duplicate: 1.5 })).toEqual(['links[1].impairments.duplicate: must be ≤ 1']);
    expect(issues({ burstLoss: { p: 0.1 } })[0]).toMatch(/^links\[1\]\.impairments\.burstLoss\.r: /);
    expect(issues({ jitter: '-5ms' })[0]).toMatch(/^links\[1\]\.impairments\.jitter: /);
    expect(issues({ jiter: '5ms' })[0]).toMatch(/^links\[1\]\.impairments/);
    expect(
      issues({ burstLoss: { p: 0.1, r: 0.3, lossGood: 0.01, lossBad: 0.5 }, jitter: 0.002, duplicate: 0.01 }),
    ).toEqual([]);
  });
});
