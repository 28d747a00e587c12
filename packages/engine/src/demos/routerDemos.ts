/**
 * Demos of router-assisted control: XCP's explicit feedback beside TCP on the same kind of link
 * (seed 003), and the wireless base station's schedulers trading throughput for fairness (seed
 * 004). Design constants feed both the scenario and the bounds.
 */
import { parallelBottlenecks } from '../scenario/queuePresets.js';
import type { ScenarioInput, TransportSpec } from '../scenario/types.js';
import { between, jain, runWindows } from './measure.js';
import { claim, DEMO_WINDOW_S, type Demo } from './types.js';

// ─── 7. XCP's stability ──────────────────────────────────────────────────────────────────────

/**
 * Two lanes of 20 Mb/s with a 10 ms bottleneck and a one-BDP buffer (round trip 2 × (2 + 10 + 2)
 * = 28 ms → 70 packets; we give 100): three XCP flows through an XCP router, three NewReno flows
 * through a DropTail; in each lane the flows start at 0, 3 and 6 s.
 */
export const XCP_DEMO = { rateBps: 20e6, bufferPackets: 100, starts: [0, 3, 6], settleS: 10 } as const;

const XCP_TRANSPORT: TransportSpec = { type: 'tcp', cc: 'reno', params: { xcp: true, timestamps: true } };

function xcpScenario(): ScenarioInput {
  const starts = XCP_DEMO.starts.map((t) => `${t}s`);
  return parallelBottlenecks({
    name: 'Demo: XCP vs TCP',
    description:
      'Three XCP flows through an XCP router beside three NewReno flows through a DropTail, on identical 20 Mb/s links; in each lane the flows join at 0, 3 and 6 s. XCP routers tell each sender how much to change its window: the link fills within a few round trips, the queue stays near empty and newcomers get an equal share at once. TCP fills the buffer and shares unevenly.',
    lanes: [
      {
        label: 'XCP',
        queue: { type: 'xcp' },
        flows: starts.map((start, i) => ({ id: `xcp${i + 1}`, transport: XCP_TRANSPORT, start })),
      },
      {
        label: 'DropTail',
        queue: { type: 'droptail' },
        flows: starts.map((start, i) => ({ id: `tcp${i + 1}`, transport: { type: 'tcp', cc: 'newreno' }, start })),
      },
    ],
    bottleneckRate: '20Mbps',
    bottleneckDelay: '10ms',
    buffer: `${XCP_DEMO.bufferPackets} packets`,
    accessRate: '100Mbps',
    accessDelay: '2ms',
    duration: `${DEMO_WINDOW_S}s`,
    probeInterval: '50ms',
  });
}

export const xcpDemo: Demo = {
  id: 'xcp',
  title: 'XCP: full link, empty queue, fair shares',
  point:
    'Beside TCP on the same link, XCP fills it with a near-empty queue and gives each newcomer an equal share at once.',
  note: {
    show: 'The queue chart (All ports): the XCP port near zero, the DropTail port sawing up to its buffer; the throughput chart: the XCP flows split 20 Mb/s in equal thirds soon after each join, the TCP flows unevenly.',
    ask: 'How can a protocol fill the link without filling the buffer?',
    answer:
      'The router measures spare bandwidth and queue every control interval and writes each sender’s window change into its packets (Katabi et al. 2002): no losses are needed to find the limit, so no standing queue is built.',
    changes: [
      {
        label: 'Halve the XCP link to 10 Mb/s',
        effect: 'The XCP flows settle at a third of 10 Mb/s each within a few round trips, still with an empty queue.',
        edits: [{ link: 'a1-b1', set: { rate: '10Mbps' } }],
      },
      {
        label: 'Halve the TCP link to 10 Mb/s',
        effect: 'The TCP flows take losses and several seconds of sawtooth to settle.',
        edits: [{ link: 'a2-b2', set: { rate: '10Mbps' } }],
      },
    ],
  },
  scenario: xcpScenario,
  verify(s = xcpScenario()) {
    const { snaps } = runWindows(s, ['a1->b1', 'a2->b2'], [XCP_DEMO.settleS]);
    const w = between(snaps[0]!, snaps[1]!);
    const xcpFlows = s.flows.map((f, i) => (f.id.startsWith('xcp') ? i : -1)).filter((i) => i >= 0);
    // Over 10–20 s, every flow has joined (last at 6 s) and had 4 s — over a hundred 28 ms round
    // trips — to converge. XCP's efficiency controller drains any persistent queue (φ = α(C − y) −
    // β·Q/d, Katabi et al. 2002 §3.5), so the mean queue should be a few packets: we claim under a
    // tenth of the buffer. Its utilisation target is C itself; we allow 10 % under it. Its fairness
    // controller (AIMD on the feedback) equalises the three flows' rates: Jain ≥ 0.95. A TCP lane
    // with a one-BDP buffer keeps a sawtooth queue averaging a substantial part of it.
    return [
      claim(
        'mean XCP queue, 10–20 s (a tenth of the 100-packet buffer)',
        w.meanQueuePackets[0]!,
        '<=',
        XCP_DEMO.bufferPackets / 10,
        'packets',
      ),
      claim('XCP link utilisation, 10–20 s', w.utilisation[0]!, '>=', 0.9, ''),
      claim(
        'Jain’s index of the three XCP flows’ goodputs, 10–20 s',
        jain(xcpFlows.map((i) => w.goodputBps[i]!)),
        '>=',
        0.95,
        '',
      ),
      claim(
        'mean DropTail queue over the XCP one (TCP fills its buffer to find the limit)',
        w.meanQueuePackets[1]! / Math.max(w.meanQueuePackets[0]!, 1),
        '>=',
        3,
        '×',
      ),
    ];
  },
};

// ─── 8. The base station's schedulers ───────────────────────────────────────────────────────

/**
 * Two cells side by side, identical but for the scheduler: max-SNR and proportional fair. Each
 * base station (10 ms TDMA slots, Rayleigh fading, adaptive modulation) serves three users at
 * mean SNRs of 5, 9 and 13 dB; a server sends each user a 12 Mb/s UDP stream, more than the whole cell could carry even for the nearest user,
 * can carry, so every queue stays backlogged and the scheduler alone decides who is served.
 */
export const WIRELESS_DEMO = { snrs: [5, 9, 13], streamMbps: 12 } as const;

function wirelessScenario(): ScenarioInput {
  const cells = [
    { bs: 'BS-A', label: 'max-SNR', scheduler: 'max-snr', y: 170, tag: 'a' },
    { bs: 'BS-B', label: 'proportional fair', scheduler: 'pf', y: 470, tag: 'b' },
  ];
  const nodes: ScenarioInput['nodes'] = [
    { id: 'server', kind: 'host', x: 100, y: 320 },
    { id: 'gw', kind: 'router', x: 280, y: 320 },
  ];
  const links: ScenarioInput['links'] = [{ a: 'server', b: 'gw', rate: '1Gbps', delay: '5ms', buffer: '1000 packets' }];
  const flows: ScenarioInput['flows'] = [];
  for (const c of cells) {
    nodes.push({
      id: c.bs,
      kind: 'bs',
      x: 520,
      y: c.y,
      label: `${c.bs} (${c.label})`,
      bs: { scheduler: { type: c.scheduler } },
    });
    links.push({ a: 'gw', b: c.bs, rate: '100Mbps', delay: '5ms', buffer: '1000 packets' });
    WIRELESS_DEMO.snrs.forEach((snr, i) => {
      const ue = `${c.tag.toUpperCase()}${i + 1}`;
      nodes.push({ id: ue, kind: 'host', x: 800, y: c.y + (i - 1) * 90, label: `${ue} (${snr} dB)` });
      links.push({
        a: c.bs,
        b: ue,
        rate: '100Mbps',
        delay: '1ms',
        buffer: '200 packets',
        channel: { type: 'rayleigh', params: { meanSnrDb: snr } },
      });
      flows.push({
        id: `to-${ue}`,
        from: 'server',
        to: ue,
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate: `${WIRELESS_DEMO.streamMbps}Mbps` } },
        start: '0s',
      });
    });
  }
  return {
    version: 1,
    name: 'Demo: base station schedulers — max-SNR vs proportional fair',
    description:
      'Two identical cells, three users each at 5, 9 and 13 dB mean SNR, every user offered more than the cell can carry. BS-A serves, in each 10 ms slot, the user whose channel is best (max-SNR); BS-B the user whose channel is best relative to what it has been getting (proportional fair). Max-SNR carries more in all and starves the far user; PF shares.',
    seed: 1,
    duration: `${DEMO_WINDOW_S}s`,
    nodes,
    links,
    flows,
    probes: { interval: '100ms', ports: ['BS-A->A1', 'BS-B->B1'] },
  };
}

export const wirelessSchedulersDemo: Demo = {
  id: 'wireless-schedulers',
  title: 'Wireless schedulers: max-SNR vs proportional fair',
  point:
    'Max-SNR carries the most bits but starves the far user; proportional fair gives up a little total for a fair share.',
  note: {
    show: 'The throughput chart: in cell A (max-SNR) the 13 dB user on top and the 5 dB user near zero; in cell B (PF) all three served. The gauges over each base station: A1’s queue full and rarely outlined (served); the SNR and rate charts below.',
    ask: 'Max-SNR always serves the user with the best channel. Is that the best policy?',
    answer:
      'For total throughput, yes — every slot carries the most it can. For the far user, no: it is almost never the best, so it starves. PF serves whoever is best relative to its own average: each user gets its good moments.',
    changes: [
      {
        label: 'Stop the near user’s stream in both cells',
        effect:
          'Max-SNR now serves the 9 dB user almost always and the far user still starves; PF splits the freed slots between the two.',
        edits: [
          { flow: 'to-A3', action: 'stop' },
          { flow: 'to-B3', action: 'stop' },
        ],
      },
    ],
  },
  scenario: wirelessScenario,
  verify(s = wirelessScenario()) {
    const { snaps } = runWindows(s, [], [2]);
    const w = between(snaps[0]!, snaps[1]!);
    const cell = (tag: string) =>
      s.flows.map((f, i) => (f.to.startsWith(tag) ? w.goodputBps[i]! : -1)).filter((x) => x >= 0);
    const a = cell('A');
    const b = cell('B');
    const sum = (xs: number[]) => xs.reduce((p, q) => p + q, 0);
    // Over 2–20 s (queues backlogged). Max-SNR serves the user of the highest instantaneous rate
    // in every slot, which maximises each slot's bits, so its total is at least any other
    // scheduler's on the same channel statistics (Knopp & Humblet, ICC 1995). Both cells draw their
    // fading independently, so we allow 2 % for 1800 slots' sampling noise. PF equalises each
    // user's share of time weighted by its own channel, max-SNR gives the 5 dB user only the slots
    // where it beats both others: PF's Jain index must be higher.
    return [
      claim('total goodput of the max-SNR cell over the PF cell’s', sum(a) / sum(b), '>=', 0.98, '×'),
      claim('Jain’s index, PF cell minus max-SNR cell', jain(b) - jain(a), '>=', 0.1, ''),
      claim('far user’s (5 dB) share of its cell: PF over max-SNR', b[0]! / sum(b) / (a[0]! / sum(a)), '>=', 2, '×'),
    ];
  },
};
