import { describe, expect, it } from 'vitest';
import { Simulator } from '../src/core/Simulator.js';
import { evaluateMetric, MetricQueryError } from '../src/results/resultMetrics.js';
import { GrantedPort } from '../src/net/GrantedPort.js';
import { Network } from '../src/Network.js';
import { Port } from '../src/net/Port.js';
import { BsDownlinkPort } from '../src/router/bs/BsDownlinkPort.js';
import { TracePort } from '../src/router/channel/TracePort.js';
import { SEED004_PATHS, seed004Scenario, type Seed004Topology } from '../src/scenario/seed004.js';
import type { ScenarioInput } from '../src/scenario/types.js';
import { ScenarioError, validateScenario } from '../src/scenario/validate.js';
import { Simulation } from '../src/Simulation.js';

/** server — gw — BS — UE1..UEn, plus a wired host h on gw. */
function cell(extra: (sc: ScenarioInput) => void = () => {}, ues = 2): ScenarioInput {
  const sc: ScenarioInput = {
    version: 1,
    duration: '2s',
    nodes: [
      { id: 'server', kind: 'host' },
      { id: 'gw', kind: 'router' },
      { id: 'BS', kind: 'bs' },
      { id: 'h', kind: 'host' },
      ...Array.from({ length: ues }, (_, i) => ({ id: `UE${i + 1}`, kind: 'host' as const })),
    ],
    links: [
      { a: 'server', b: 'gw', rate: '100Mbps', delay: '1ms' },
      { a: 'gw', b: 'BS', rate: '100Mbps', delay: '1ms' },
      { a: 'gw', b: 'h', rate: '10Mbps', delay: '1ms' },
      ...Array.from({ length: ues }, (_, i) => ({
        a: 'BS',
        b: `UE${i + 1}`,
        rate: '10Mbps',
        delay: '1ms',
        channel: { type: 'rayleigh' },
      })),
    ],
    flows: [
      {
        id: 'radio',
        from: 'server',
        to: 'UE1',
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate: '1Mbps' } },
      },
      {
        id: 'wire',
        from: 'server',
        to: 'h',
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate: '2Mbps' } },
      },
    ],
  };
  extra(sc);
  return sc;
}

const issuesOf = (sc: ScenarioInput) => {
  try {
    validateScenario(sc);
    return [];
  } catch (e) {
    if (e instanceof ScenarioError) return e.issues;
    throw e;
  }
};

describe('scenario: time-varying links and base stations', () => {
  it('builds each direction from its own channel: a→b from `channel`, b→a from `reverse.channel` only', () => {
    const sim = new Simulation(
      cell((sc) => {
        sc.links[2]!.channel = { type: 'trace', params: { preset: 'constant-2mbps' } };
      }),
    );
    const port = (n: string) => sim.network.portByName(n)!;
    expect(port('gw->h')).toBeInstanceOf(TracePort);
    expect(port('h->gw')).not.toBeInstanceOf(GrantedPort);
    expect(port('h->gw')).toBeInstanceOf(Port);
    expect(port('BS->UE1')).toBeInstanceOf(BsDownlinkPort);
    expect(port('UE1->BS')).not.toBeInstanceOf(GrantedPort);
    // a base station's wired side is an ordinary port
    expect(port('BS->gw')).not.toBeInstanceOf(GrantedPort);
    expect(sim.network.baseStations[0]!.downlinks.map((p) => p.name)).toEqual(['BS->UE1', 'BS->UE2']);
  });

  it('gives UEs without a mean SNR the thesis’s 5, 9, 13, 5, … dB in link order', () => {
    const sim = new Simulation(cell(() => {}, 4));
    expect(sim.network.baseStations[0]!.downlinks.map((p) => p.meanSnrDb)).toEqual([5, 9, 13, 5]);
    const given = new Simulation(
      cell((sc) => {
        sc.links[4]!.channel = { type: 'rayleigh', params: { meanSnrDb: 20 } };
      }, 3),
    );
    expect(given.network.baseStations[0]!.downlinks.map((p) => p.meanSnrDb)).toEqual([5, 20, 13]);
  });

  it('names the field of every wireless mistake', () => {
    const cases: [(sc: ScenarioInput) => void, string, RegExp][] = [
      [
        (sc) => (sc.links[2]!.channel = { type: 'wifi' }),
        'links[2].channel.type',
        /unknown channel "wifi" \(known: fixed, trace, rayleigh\)/,
      ],
      [
        (sc) => (sc.links[2]!.reverse = { channel: { type: 'trace', params: { preset: 'custom', ms: [5, 3] } } }),
        'links[2].reverse.channel.params.ms',
        /timestamps must not decrease \(line 2: 3 after 5\)/,
      ],
      [
        (sc) => (sc.links[2]!.channel = { type: 'trace', params: { ms: [1, 2] } }),
        'links[2].channel.params.ms',
        /read only with preset "custom"/,
      ],
      [(sc) => (sc.nodes[1]!.bs = {}), 'nodes[1].bs', /only a base station \(kind "bs"\)/],
      [
        (sc) => (sc.nodes[2]!.bs = { scheduler: { type: 'edf' } }),
        'nodes[2].bs.scheduler.type',
        /unknown base-station scheduler "edf" \(known: rr, max-snr, qlen, qdelay, pf\)/,
      ],
      [
        (sc) => (sc.nodes[2]!.bs = { scheduler: { type: 'qdelay', params: { averaging: -1 } } }),
        'nodes[2].bs.scheduler.params.averaging',
        /.+/,
      ],
      [
        (sc) => (sc.links[3]!.channel = { type: 'rayleigh', params: { bandwidth: 20 } }),
        'links[3].channel.params.bandwidth',
        /is the base station's on its downlinks: set it in nodes\[2\]\.bs\.params/,
      ],
      [
        (sc) => (sc.nodes[2]!.bs = { params: { amcThresholds: [1, 2], amcBitsPerSymbol: [1] } }),
        'nodes[2].bs.params.amcBitsPerSymbol',
        /has 1 entries but there are 2 thresholds/,
      ],
      [
        (sc) => (sc.links[2]!.channel = { type: 'rayleigh', params: { amcThresholds: [3, 2, 1] } }),
        'links[2].channel.params.amcThresholds',
        /must be ascending/,
      ],
    ];
    for (const [edit, path, msg] of cases) {
      const issues = issuesOf(cell(edit));
      const hit = issues.find((i) => i.path === path);
      expect(hit, `${path} in ${JSON.stringify(issues)}`).toBeDefined();
      expect(hit!.message).toMatch(msg);
    }
  });

  it('splits flow-set metrics into wired and wireless flows (crossing a time-varying link or not)', () => {
    const sim = new Simulation(cell());
    sim.run();
    const agg = (subset?: 'wired' | 'wireless') => evaluateMetric(sim, { metric: 'aggregatePacketsPerMs', subset });
    const one = (flow: string) => evaluateMetric(sim, { metric: 'aggregatePacketsPerMs', flows: [flow] });
    expect(agg('wireless')).toBe(one('radio'));
    expect(agg('wired')).toBe(one('wire'));
    expect(agg()).toBeCloseTo(one('radio') + one('wire'), 12);
    expect(evaluateMetric(sim, { metric: 'jain', subset: 'wired' })).toBe(1);
    expect(() => evaluateMetric(sim, { metric: 'jain', flows: ['wire'], subset: 'wireless' })).toThrow(
      new MetricQueryError('subset', 'no flow is wireless'),
    );
    expect(() => evaluateMetric(sim, { metric: 'jain', subset: 'radio' as 'wired' })).toThrow(
      /not "wired" or "wireless"/,
    );
  });
});

describe('seed 004 topologies', () => {
  it.each(['fair', 'random'] as const)(
    '%s: 42 nodes, 11 flows on the thesis’s paths, edges forming a tree',
    (t: Seed004Topology) => {
      const sc = seed004Scenario({ topology: t, cc: 'quic-tcp', scheduler: 'qdelay', duration: '1s' });
      expect(sc.nodes.length).toBe(42);
      expect(sc.nodes.filter((n) => n.kind === 'bs').map((n) => n.id)).toEqual(['BS']);
      expect(sc.flows.map((f) => f.path)).toEqual(SEED004_PATHS[t]);
      const onPaths = new Set(SEED004_PATHS[t].flat());
      // N9–N13, N20, N27, N28 are on no path (digest 004 §2)
      expect(sc.nodes.map((n) => n.id).filter((id) => !onPaths.has(id))).toEqual([
        'N9',
        'N10',
        'N11',
        'N12',
        'N13',
        'N20',
        'N27',
        'N28',
      ]);
      // a tree: one edge fewer than the nodes it joins
      expect(sc.links.length).toBe(onPaths.size - 1);
      // so shortest-path routing reproduces every path
      const resolved = validateScenario(sc);
      const net = new Network(new Simulator(1), resolved, null);
      for (const f of resolved.flows) expect(net.route(f.from, f.to, null)).toEqual(f.path);
      // ftp0–ftp5 reach UE1–UE6 through the base station; the others never touch it
      for (const f of sc.flows) {
        const i = Number(f.id.slice(3));
        expect(f.path!.includes('BS')).toBe(i < 6);
        if (i < 6) expect(f.to).toBe(`UE${i + 1}`);
      }
      const net2 = new Simulation(sc).network;
      const limit = (name: string) => net2.portByName(name)!.bufferLimit;
      expect(limit('BS->UE3')).toEqual({ packets: 3000 });
      expect(limit('N22->N3')).toEqual({ packets: 2000 });
      expect(net2.baseStations[0]!.downlinks.map((p) => p.meanSnrDb)).toEqual([5, 9, 13, 5, 9, 13]);
    },
  );
});
