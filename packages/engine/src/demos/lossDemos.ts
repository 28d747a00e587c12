/**
 * A demo about how losses come, not how many: two TCP flows, each alone on its own lossy access
 * link, one losing packets at random (`lossRate`) and one in bursts (Gilbert–Elliott,
 * `impairments.burstLoss`, net/LinkImpairment.ts) at the same average rate. The design constants
 * below are the inputs of both the scenario and the reasoning behind the claims' bounds.
 */
import { dumbbell } from '../scenario/builders.js';
import type { ScenarioInput } from '../scenario/types.js';
import { flatten } from './layout.js';
import { demoSimulation } from './measure.js';
import { claim, DEMO_WINDOW_S, type Demo } from './types.js';

/**
 * Both access links lose 1 % of packets; the bursty one in bad periods of 1/r = 5 packets on
 * average (lossBad 1, lossGood 0), so P(bad) = p/(p + r) = 1 % gives p = 0.01·r/0.99. The
 * bottleneck (100 Mb/s) is never the limit: each flow's rate is set by its losses alone.
 */
export const BURSTY = { loss: 0.01, burstPackets: 5, rttS: 0.06, accessRate: '100Mbps' } as const;
const r = 1 / BURSTY.burstPackets;
const p = (BURSTY.loss * r) / (1 - BURSTY.loss);

function burstyLossScenario(): ScenarioInput {
  const s = dumbbell({
    name: 'Demo: bursty loss against random loss',
    description:
      'Two NewReno (SACK) flows, each alone on its own 100 Mb/s access link that loses 1 % of its packets: s0 → r1 at random, s1 → r1 in bursts of 5 packets on average (a Gilbert–Elliott chain). The shared 100 Mb/s link is never full, so each flow goes as fast as its losses let it.',
    flows: [
      { transport: { type: 'tcp', cc: 'newreno', params: { lossRecovery: 'sack' } } },
      { transport: { type: 'tcp', cc: 'newreno', params: { lossRecovery: 'sack' } } },
    ],
    bottleneckRate: '100Mbps',
    bottleneckDelay: '20ms',
    bottleneckBuffer: '500 packets',
    accessRate: BURSTY.accessRate,
    accessDelay: '5ms',
    accessBuffer: '1000 packets',
    duration: `${DEMO_WINDOW_S}s`,
    probeInterval: '20ms',
  });
  s.flows[0]!.id = 'random';
  s.flows[1]!.id = 'bursty';
  s.links = s.links.map((l) =>
    l.a === 's0' ? { ...l, lossRate: BURSTY.loss } : l.a === 's1' ? { ...l, impairments: { burstLoss: { p, r } } } : l,
  );
  s.probes = { ...s.probes, ports: ['s0->r1', 's1->r1'] };
  return flatten(s, 110);
}

export const burstyLossDemo: Demo = {
  id: 'bursty-loss',
  title: 'Bursty loss against random loss',
  point: 'At the same loss rate, losses in bursts cost TCP far less than scattered ones: it reacts to loss events.',
  note: {
    show: 'The throughput chart: the bursty flow runs about twice as fast. The cwnd chart: the random flow halves often, the bursty one seldom — each burst is one halving. Link losses (×) on s1 → r1 come in clusters.',
    ask: 'Both links lose 1 % of the packets. Which flow is faster, or are they equal?',
    answer:
      'The bursty one: five losses in one window cost one halving, where five scattered losses cost five. TCP’s rate goes with 1/√(loss events), not 1/√(lost packets).',
    changes: [
      {
        label: 'Lower the random link’s loss to 0.2 %',
        effect:
          'Now the random flow meets as many loss events per packet as the bursty one (1 % in bursts of 5): their throughputs come together.',
        edits: [{ link: 's0-r1', set: { lossRate: BURSTY.loss / BURSTY.burstPackets } }],
      },
    ],
  },
  scenario: burstyLossScenario,
  verify(s = burstyLossScenario()) {
    const sim = demoSimulation(s);
    sim.runUntil(DEMO_WINDOW_S * 1e9);
    const [rnd, bst] = ['s0->r1', 's1->r1'].map((n) => sim.network.portByName(n)!);
    const lossShare = (port: typeof rnd) => port!.linkLosses / port!.disc.stats.departures;
    const events = sim.flows.map((f) => f.stats.fastRetransmits + f.stats.timeouts);
    const sent = sim.flows.map((f) => f.stats.packetsSent);
    const goodput = sim.flows.map((f) => f.stats.goodputBytes);
    const eventsPerPacket = events.map((e, i) => e / sent[i]!);
    return [
      claim(
        'the bursty link loses at least half the random link’s share of packets (both are set to 1 %)',
        lossShare(bst) / lossShare(rnd),
        '>=',
        0.5,
        '×',
      ),
      claim('and at most twice it', lossShare(bst) / lossShare(rnd), '<=', 2, '×'),
      claim(
        'loss events (fast retransmits + timeouts) per packet sent on the bursty path are at most ½ of the random path’s: a burst of 5 in one window is one event',
        eventsPerPacket[1]! / eventsPerPacket[0]!,
        '<=',
        0.5,
        '×',
      ),
      claim(
        'the bursty flow’s goodput is at least 1.2 × the random one’s (rate ∝ 1/√(event rate): ≥ √2 at ½ the events, less the cost of repairing several losses at once)',
        goodput[1]! / goodput[0]!,
        '>=',
        1.2,
        '×',
      ),
    ];
  },
};
