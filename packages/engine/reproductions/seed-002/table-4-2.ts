import { dumbbell } from '../../src/scenario/builders.js';
import type { ReproductionSpec } from '../../src/reproduction/types.js';

/**
 * Seed 002, Chapter 4 / Table 4.2: one TCP flow and two unresponsive UDP (CBR) flows share a
 * long-delay bottleneck, with the UDP load below and above the link capacity. The thesis's table
 * (average throughput, drops, average delay, average jitter) survives only as a container: its
 * values are lost (digest 002 §3), so the paper column states that and the claim checked is the
 * qualitative one of digest 002 §4.1: UDP above capacity starves TCP.
 */
const base = () =>
  dumbbell({
    name: 'Seed 002 Table 4.2: 1 TCP + 2 UDP on a long-delay link',
    description:
      'One NewReno (SACK) flow and two CBR/UDP flows share a 10 Mb/s bottleneck with a 300 ms one-way delay (seed 002 Ch. 4). Bandwidths and buffer are not in the surviving text: ours.',
    flows: [
      { transport: { type: 'tcp', cc: 'sack' }, start: '0s' },
      {
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate: '2Mbps', packetSize: '1000B' } },
        start: '0s',
      },
      {
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate: '2Mbps', packetSize: '1000B' } },
        start: '0s',
      },
    ],
    bottleneckRate: '10Mbps',
    bottleneckDelay: '300ms',
    bottleneckBuffer: '100 packets',
    accessRate: '100Mbps',
    accessDelay: '1ms',
    duration: '120s',
    probeInterval: '500ms',
  });

const udp = (rate: string) => ({
  'flows[f1].app.params.rate': rate,
  'flows[f2].app.params.rate': rate,
});

export const seed002Table42: ReproductionSpec = {
  id: 'seed-002-table-4-2',
  study: '002',
  figure: 'Table 4.2',
  title: 'TCP with two UDP flows on a long-delay link, below and above capacity',
  source: 'Seed 002 (PhD thesis, UUM 2012), Chapter 4, Table 4.2; digest shared/spec/002-dccp.md §2–§4',
  summary:
    'One TCP flow shares a 300 ms bottleneck with two constant-rate UDP flows whose total is 40 % of the link ("not fully utilised") or 120 % ("fully utilised"). The table reports each flow’s average throughput, drops, delay and jitter; the check is that unresponsive UDP above capacity starves TCP.',
  base,
  points: [
    { id: 'under', label: 'UDP 2 × 2 Mb/s (40 % load)', set: udp('2Mbps') },
    { id: 'over', label: 'UDP 2 × 6 Mb/s (120 % load)', set: udp('6Mbps') },
    {
      id: 'over-rtt300',
      label: 'UDP 2 × 6 Mb/s, 300 ms read as RTT',
      set: { ...udp('6Mbps'), 'links[r1-r2].delay': '148ms' },
    },
  ],
  seeds: [1, 2, 3],
  startJitter: 1,
  metrics: [
    { name: 'tcpGoodput', label: 'TCP goodput', metric: 'goodputBps', flow: 'f0', from: 20 },
    { name: 'udpGoodput', label: 'UDP goodput (one flow)', metric: 'goodputBps', flow: 'f1', from: 20 },
    { name: 'tcpDelay', label: 'TCP mean delay', metric: 'meanDelayMs', flow: 'f0' },
    { name: 'tcpJitter', label: 'TCP jitter', metric: 'jitterMs', flow: 'f0' },
    { name: 'udpJitter', label: 'UDP jitter', metric: 'jitterMs', flow: 'f1' },
    { name: 'drops', label: 'Bottleneck drops', metric: 'drops', port: 'r1->r2' },
  ],
  paper: [
    {
      point: 'over',
      metric: 'tcpGoodput',
      numbers: [],
      note: 'value lost: only the thesis front matter and chapter 1 survive (digest 002 §3)',
    },
  ],
  claims: [
    {
      id: 'udp-starves-tcp',
      kind: 'less',
      text: 'UDP above capacity starves TCP on a shared link (digest 002 §4.1): TCP keeps under a tenth of what it gets below capacity',
      left: { point: 'over', metric: 'tcpGoodput' },
      right: { point: 'under', metric: 'tcpGoodput' },
      factor: 0.1,
    },
    {
      id: 'udp-unharmed',
      kind: 'range',
      text: 'Below capacity each UDP flow delivers its full 2 Mb/s',
      of: { point: 'under', metric: 'udpGoodput' },
      min: 1.95e6,
      max: 2.01e6,
    },
    {
      id: 'delay-reading',
      kind: 'less',
      text: 'Reading 300 ms as the round-trip time instead of the one-way delay shortens the path (both readings are offered)',
      left: { point: 'over-rtt300', metric: 'tcpDelay' },
      right: { point: 'over', metric: 'tcpDelay' },
    },
  ],
  notes: [
    'The thesis gives Tprop = 300 ms without saying whether it is one-way or round-trip (digest 002 §2): the entry runs the one-way reading (300 ms on the bottleneck) and the RTT reading (148 ms + 2 × 1 ms access ≈ 150 ms one-way).',
    'Bottleneck rate (10 Mb/s), buffer (100 packets), packet size (1000 B) and UDP rates are not in the surviving text; they are ours. 40 % and 120 % load stand for the thesis’s "not fully / fully utilised" regimes.',
    'TCP variant: the thesis discusses SACK and NewReno; SACK is used.',
    'Goodput is measured after a 20 s warm-up (the long-delay slow start). Flow starts are jittered by up to 1 s per seed (ns-2 practice), so seeds differ.',
  ],
};
