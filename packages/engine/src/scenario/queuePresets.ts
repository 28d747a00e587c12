/**
 * The lab's queue lessons as one-click presets: bufferbloat (the same flows through a deep FIFO,
 * CoDel, PIE and FQ-CoDel side by side), fair queueing (mixed RTTs and an unresponsive UDP flow
 * under FIFO, DRR, SFQ and FQ-CoDel, one preset each) and DCTCP (its queue held near K beside
 * NewReno on RED). docs/lab.md says why each is built the way it is.
 */
import { dumbbell } from './builders.js';
import type { QueueSpec, ScenarioFlow, ScenarioInput, ScenarioLink, ScenarioNode, TransportSpec } from './types.js';

interface LaneFlow {
  id: string;
  transport: TransportSpec;
  app?: ScenarioFlow['app'];
  start?: string;
}

interface Lane {
  /** Short name, used in node ids (a1, b1 …) and as the routers' label. */
  label: string;
  queue: QueueSpec;
  flows: LaneFlow[];
}

interface LanesOptions {
  name: string;
  description: string;
  lanes: Lane[];
  bottleneckRate: string;
  bottleneckDelay: string;
  buffer: string;
  accessRate: string;
  accessDelay: string;
  duration: string;
  probeInterval: string;
}

/**
 * Parallel dumbbells, one per lane, laid out one above the other: source host s<k> —access—
 * router a<k> —bottleneck (the lane's discipline)— router b<k> —access— sink d<k>. Every lane
 * carries the same kind of flows, so the lanes differ only in their discipline and can be
 * compared at the same moment of one run.
 */
export function parallelBottlenecks(o: LanesOptions): ScenarioInput {
  const nodes: ScenarioNode[] = [];
  const links: ScenarioLink[] = [];
  const flows: ScenarioFlow[] = [];
  const ports: string[] = [];
  const spacing = Math.min(150, 600 / Math.max(1, o.lanes.length - 1));
  o.lanes.forEach((lane, i) => {
    const k = i + 1;
    const y = 300 + (i - (o.lanes.length - 1) / 2) * spacing;
    nodes.push(
      { id: `s${k}`, kind: 'host', x: 150, y },
      { id: `a${k}`, kind: 'router', x: 400, y, label: lane.label },
      { id: `b${k}`, kind: 'router', x: 700, y, label: lane.label },
      { id: `d${k}`, kind: 'host', x: 950, y },
    );
    links.push(
      { a: `s${k}`, b: `a${k}`, rate: o.accessRate, delay: o.accessDelay, buffer: '10000 packets' },
      {
        a: `a${k}`,
        b: `b${k}`,
        rate: o.bottleneckRate,
        delay: o.bottleneckDelay,
        buffer: o.buffer,
        queue: lane.queue,
      },
      { a: `b${k}`, b: `d${k}`, rate: o.accessRate, delay: o.accessDelay, buffer: '10000 packets' },
    );
    ports.push(`a${k}->b${k}`);
    for (const f of lane.flows)
      flows.push({
        id: f.id,
        from: `s${k}`,
        to: `d${k}`,
        transport: f.transport,
        app: f.app ?? { type: 'bulk' },
        start: f.start ?? '0s',
      });
  });
  return {
    version: 1,
    name: o.name,
    description: o.description,
    seed: 1,
    duration: o.duration,
    nodes,
    links,
    flows,
    probes: { interval: o.probeInterval, ports },
  };
}

/**
 * Bufferbloat: a CUBIC download and a NewReno newcomer through four 10 Mb/s bottlenecks, and in
 * each lane a voice call — the latency-sensitive flow the lesson is about: 200-byte packets every
 * 20 ms over UDP (80 kb/s: G.711's 160-byte frames with 40 bytes of RTP/UDP/IPv4 headers, RFC 3551
 * §4.5.14), whose one-way delay the delay chart shows lane by lane.
 */
export function bufferbloatScenario(): ScenarioInput {
  const lanes: [string, string, QueueSpec][] = [
    ['fifo', 'FIFO', { type: 'droptail' }],
    ['codel', 'CoDel', { type: 'codel' }],
    ['pie', 'PIE', { type: 'pie' }],
    ['fqcodel', 'FQ-CoDel', { type: 'fq-codel' }],
  ];
  const sc = parallelBottlenecks({
    name: 'Bufferbloat: FIFO, CoDel, PIE, FQ-CoDel',
    description:
      'The same flows (a CUBIC download from 0 s, a NewReno flow joining at 10 s, and a voice call: 200-byte UDP packets every 20 ms) cross four 10 Mb/s bottlenecks with a deep 500-packet buffer (0.4 s at 10 Mb/s): a FIFO, CoDel, PIE and FQ-CoDel. All four keep the link busy, but the FIFO stays nearly full, so every packet through it waits up to 0.4 s — ten times the 40 ms path — while the AQMs hold their queues to a few milliseconds (PIE lets slow-start bursts through, then drains them). Watch the one-way delay chart for the calls (the FIFO’s waits 0.3–0.4 s, FQ-CoDel’s stays within a millisecond of its 20 ms path), the RTT chart and the four gauges; pick one port in the queue chart for its sojourn time and the AQM’s own state.',
    lanes: lanes.map(([id, label, queue]) => ({
      label,
      queue,
      flows: [
        { id: `${id}-cubic`, transport: { type: 'tcp', cc: 'cubic' } },
        { id: `${id}-newreno`, transport: { type: 'tcp', cc: 'newreno' }, start: '10s' },
      ],
    })),
    bottleneckRate: '10Mbps',
    bottleneckDelay: '10ms',
    buffer: '500 packets',
    accessRate: '100Mbps',
    accessDelay: '5ms',
    duration: '40s',
    probeInterval: '50ms',
  });
  // the calls come after the eight TCP flows, which keep the palette's eight colours
  lanes.forEach(([id], i) =>
    sc.flows.push({
      id: `${id}-voip`,
      from: `s${i + 1}`,
      to: `d${i + 1}`,
      transport: { type: 'udp' },
      app: { type: 'cbr', params: { rate: '80kbps', packetSize: '200B' } },
      start: '0s',
    }),
  );
  return sc;
}

/** The disciplines the fair-queueing lesson compares, by preset id suffix. */
export const FAIR_QUEUEING_VARIANTS: readonly { id: string; label: string; queue: QueueSpec }[] = [
  { id: 'fifo', label: 'FIFO', queue: { type: 'droptail' } },
  { id: 'drr', label: 'DRR', queue: { type: 'drr' } },
  { id: 'sfq', label: 'SFQ', queue: { type: 'sfq' } },
  { id: 'fq-codel', label: 'FQ-CoDel', queue: { type: 'fq-codel' } },
];

/**
 * Fair queueing: three NewReno flows with round-trip times of 30, 70 and 170 ms and a 6 Mb/s
 * unresponsive UDP (CBR) flow share a 10 Mb/s bottleneck under one discipline.
 */
export function fairQueueingScenario(variant: (typeof FAIR_QUEUEING_VARIANTS)[number]): ScenarioInput {
  const tcp = { type: 'tcp', cc: 'newreno' } as const;
  const s = dumbbell({
    name: `Fair queueing: ${variant.label}`,
    description: `Three NewReno flows (round-trip times 30, 70 and 170 ms) and an unresponsive 6 Mb/s UDP flow share a 10 Mb/s bottleneck under ${variant.label}. ${
      variant.id === 'fifo'
        ? 'FIFO serves packets in arrival order: the UDP flow, which never slows down, keeps its 6 Mb/s and the TCP flows split what is left, the shortest round trip taking most.'
        : `${variant.label} gives each flow its own queue and serves them in turn: the UDP flow is held near a fair share (about half its packets are dropped at the router) and the TCP flows share the rest far more evenly.`
    } Compare the throughput chart with the other fair-queueing presets (or switch the bottleneck's discipline in the link inspector).`,
    flows: [
      { transport: tcp },
      { transport: tcp },
      { transport: tcp },
      { transport: { type: 'udp' }, app: { type: 'cbr', params: { rate: '6Mbps' } }, start: '2s' },
    ],
    bottleneckRate: '10Mbps',
    bottleneckDelay: '10ms',
    bottleneckBuffer: '100 packets',
    bottleneckQueue: variant.queue,
    accessRate: '100Mbps',
    accessDelay: '3ms',
    accessDelays: ['2ms', '22ms', '72ms', '2ms'],
    duration: '40s',
    probeInterval: '50ms',
  });
  const names = ['tcp-30ms', 'tcp-70ms', 'tcp-170ms', 'udp-6mbps'];
  s.flows.forEach((f, i) => (f.id = names[i]!));
  return s;
}

/**
 * DCTCP: two DCTCP flows over RED step marking at K = 20 packets beside two ECN NewReno flows over
 * RED (ns-2 defaults in packet mode, ECN), both on 100 Mb/s bottlenecks with sub-millisecond delays.
 */
export function dctcpScenario(): ScenarioInput {
  return parallelBottlenecks({
    name: 'DCTCP: queue held near K vs NewReno on RED',
    description:
      'Two DCTCP flows cross a 100 Mb/s bottleneck that CE-marks every arrival finding K = 20 packets or more queued (RFC 8257 §3.1); two ECN-capable NewReno flows cross an identical bottleneck under RED. DCTCP cuts its window in proportion to the fraction of marked packets, so its queue stays within a few packets of K with the link full; NewReno halves its window at each mark, and RED holds its queue around RED’s minimum threshold, about three times as long and swinging far wider (pick each port in the queue chart).',
    lanes: [
      {
        label: 'DCTCP, K=20',
        queue: { type: 'red', params: { stepThreshold: 20 } },
        flows: [
          { id: 'dctcp-1', transport: { type: 'tcp', cc: 'dctcp' } },
          { id: 'dctcp-2', transport: { type: 'tcp', cc: 'dctcp' }, start: '0.5s' },
        ],
      },
      {
        label: 'NewReno, RED',
        // packet mode, so RED's average and thresholds count the same packets the queue chart stacks
        queue: { type: 'red', params: { ecn: true, byteMode: false, queueInBytes: false } },
        flows: [
          { id: 'newreno-1', transport: { type: 'tcp', cc: 'newreno', params: { ecn: true } } },
          { id: 'newreno-2', transport: { type: 'tcp', cc: 'newreno', params: { ecn: true } }, start: '0.5s' },
        ],
      },
    ],
    bottleneckRate: '100Mbps',
    bottleneckDelay: '250us',
    buffer: '200 packets',
    accessRate: '1Gbps',
    accessDelay: '100us',
    duration: '10s',
    probeInterval: '10ms',
  });
}

/** The queue lessons as entries of the built-in presets list (presets.ts). */
export const queueLessonPresets: { id: string; title: string; scenario: () => ScenarioInput }[] = [
  { id: 'bufferbloat', title: 'Bufferbloat: FIFO, CoDel, PIE, FQ-CoDel', scenario: bufferbloatScenario },
  ...FAIR_QUEUEING_VARIANTS.map((v) => ({
    id: `fair-queueing-${v.id}`,
    title: `Fair queueing: ${v.label}`,
    scenario: () => fairQueueingScenario(v),
  })),
  { id: 'dctcp', title: 'DCTCP: queue held near K vs NewReno on RED', scenario: dctcpScenario },
];
