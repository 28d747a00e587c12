/**
 * Demos of router-assisted control: XCP's explicit feedback beside TCP on the same kind of link
 * (seed 003), and the wireless base station's schedulers trading throughput for fairness (seed
 * 004). Design constants feed both the scenario and the bounds.
 */
import { parallelBottlenecks } from '../scenario/queuePresets.js';
import type { ScenarioInput, TransportSpec } from '../scenario/types.js';
import { flatten } from './layout.js';
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
  const s = parallelBottlenecks({
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
  return flatten(s, 45);
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
 * base station (10 ms TDMA slots, Rayleigh fading, adaptive modulation; docs/models.md) serves a
 * far user (5 dB mean SNR) and a near one (13 dB); the server sends each user a 12 Mb/s UDP
 * stream, more than the cell could carry even for the near user alone, so both queues stay
 * backlogged and the scheduler alone decides who is served.
 */
export const WIRELESS_DEMO = { snrs: [5, 13], streamMbps: 12 } as const;
/** The lowest SNR of the AMC table that carries anything (seed 004 Table 1, docs/models.md). */
const AMC_LOWEST_DB = 1.03;

function wirelessScenario(): ScenarioInput {
  // mirrored and flat (docs: layout.ts): max-SNR's cell on the left, PF's on the right
  const cells = [
    { bs: 'BS-A', label: 'max-SNR', scheduler: 'max-snr', x: 300, ueX: 80, tag: 'A' },
    { bs: 'BS-B', label: 'prop. fair', scheduler: 'pf', x: 700, ueX: 920, tag: 'B' },
  ];
  const nodes: ScenarioInput['nodes'] = [{ id: 'server', kind: 'host', x: 500, y: 250 }];
  const links: ScenarioInput['links'] = [];
  const flows: ScenarioInput['flows'] = [];
  for (const c of cells) {
    nodes.push({
      id: c.bs,
      kind: 'bs',
      x: c.x,
      y: 250,
      label: `${c.bs} ${c.label}`,
      bs: { scheduler: { type: c.scheduler } },
    });
    links.push({ a: 'server', b: c.bs, rate: '100Mbps', delay: '5ms', buffer: '1000 packets' });
    WIRELESS_DEMO.snrs.forEach((snr, i) => {
      const ue = `${c.tag}${i + 1}`;
      nodes.push({ id: ue, kind: 'host', x: c.ueX, y: 210 + i * 80, label: `${ue} · ${snr} dB` });
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
      'Two identical cells, each with a far user (5 dB mean SNR) and a near one (13 dB), each user offered more than the cell can carry. BS-A serves, in each 10 ms slot, the user whose channel is best (max-SNR); BS-B the user whose channel is best relative to what it has been getting (proportional fair). Max-SNR carries more in all and starves the far user; PF shares.',
    seed: 1,
    duration: `${DEMO_WINDOW_S}s`,
    nodes,
    links,
    flows,
    probes: { interval: '100ms', ports: ['BS-A->A1', 'BS-A->A2', 'BS-B->B1', 'BS-B->B2'] },
  };
}

export const wirelessSchedulersDemo: Demo = {
  id: 'wireless-schedulers',
  title: 'Wireless schedulers: max-SNR vs proportional fair',
  point:
    'Max-SNR carries the most bits but starves the far user; proportional fair gives up a little total for a fair share.',
  note: {
    show: 'The throughput chart: in cell A (max-SNR) the near user A2 on top and the far user A1 far below; in cell B (PF) both served. The gauges over each base station: the queue of the UE being served is outlined; the SNR and rate charts below.',
    ask: 'Max-SNR always serves the user with the best channel. Is that the best policy?',
    answer:
      'For total throughput, yes — every slot carries the most it can. For the far user, no: its channel is the better one in only about one slot in seven (3.2 against 20 in mean SNR), so it gets little. PF serves whoever is best relative to its own average: each user gets its good moments.',
    changes: [
      {
        label: 'Stop the near users’ streams',
        effect:
          'With nobody better to serve, max-SNR gives the far user every slot it can use: it was starved by the scheduler, not by its channel.',
        edits: [
          { flow: 'to-A2', action: 'stop' },
          { flow: 'to-B2', action: 'stop' },
        ],
      },
    ],
  },
  scenario: wirelessScenario,
  verify(s = wirelessScenario()) {
    const ports = ['BS-A->A1', 'BS-A->A2', 'BS-B->B1', 'BS-B->B2'];
    const { snaps } = runWindows(s, ports, [2]);
    const w = between(snaps[0]!, snaps[1]!);
    const cell = (tag: string) =>
      s.flows.map((f, i) => (f.to.startsWith(tag) ? w.goodputBps[i]! : -1)).filter((x) => x >= 0);
    const a = cell('A');
    const b = cell('B');
    const sum = (xs: number[]) => xs.reduce((p, q) => p + q, 0);
    // slot shares: the time each downlink transmits, over the time its cell transmits at all
    const share = (far: number, near: number) => w.utilisation[far]! / (w.utilisation[far]! + w.utilisation[near]!);
    // Over 2–20 s, with both queues backlogged (12 Mb/s offered to each user):
    // - max-SNR serves in every slot the user of the highest instantaneous rate, which maximises
    //   each slot's bits, so its total is at least any other scheduler's on the same channel
    //   statistics (Knopp & Humblet, ICC 1995); the two cells fade independently, so we allow 2 %
    //   for 1800 slots' sampling noise.
    // - Rayleigh fading makes each user's SNR exponential with its mean m; the far user has the
    //   better SNR with probability m_far / (m_far + m_near) = 10^0.5 / (10^0.5 + 10^1.3) = 13.7 %
    //   (the AMC table's steps blur the comparison, hence 1.5 × that as the bound).
    // - PF on independent, identically shaped fading gives each user about an equal share of the
    //   slots, 1/N (Jalali, Padovani & Pankaj, VTC 2000; Viswanath, Tse & Laroia 2002) — of the
    //   slots where it can be served: below the AMC table's lowest threshold, 1.03 dB, the far user
    //   is in outage (P = 1 − e^(−10^0.103 / 10^0.5) = 33 %). So at least ½ × 67 % = 0.335.
    // So PF's goodputs are far more even: its Jain index is higher.
    const mFar = 10 ** (WIRELESS_DEMO.snrs[0] / 10);
    const mNear = 10 ** (WIRELESS_DEMO.snrs[1] / 10);
    return [
      claim('total goodput of the max-SNR cell over the PF cell’s', sum(a) / sum(b), '>=', 0.98, '×'),
      claim(
        'far user’s share of max-SNR’s slots (it is best with probability m_far / (m_far + m_near), ×1.5)',
        share(0, 1),
        '<=',
        (1.5 * mFar) / (mFar + mNear),
        '',
      ),
      claim(
        'far user’s share of PF’s slots (half of those where it is not in outage)',
        share(2, 3),
        '>=',
        0.5 * Math.exp(-(10 ** (AMC_LOWEST_DB / 10)) / mFar),
        '',
      ),
      claim('Jain’s index of the PF cell’s goodputs over the max-SNR cell’s', jain(b) / jain(a), '>=', 1, '×'),
    ];
  },
};
