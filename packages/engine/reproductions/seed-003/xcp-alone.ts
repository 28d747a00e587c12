import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { xcpAlone } from '../../src/scenario/seed003.js';

const base = xcpAlone;

const XCP = ['xcp0', 'xcp1', 'xcp2'];

/** Seed 003's XCP-alone reference (digest 003 §4; the given ns-2 reference xcp-3flows). */
export const seed003XcpAlone: ReproductionSpec = {
  id: 'seed-003-xcp-alone',
  study: '003',
  figure: 'ns-2 reference (XCP alone)',
  title: 'XCP alone: three XCP flows on the 20 Mb/s bottleneck',
  source:
    'Seed 003 digest §4 ("XCP alone (ns-2 reference)"); validation/ns2/xcp.tcl ntcp=0 T=30 (given reference xcp-3flows)',
  summary:
    'Three XCP flows and no TCP on xcp.tcl’s dumbbell (20 Mb/s, 10 ms, BDP buffers, the XCP controller on the whole link). XCP’s own claims, which ns-2.35 reproduces: near-full utilisation, a near-zero persistent queue, no drops and equal shares. Run with AIMD (ns-2’s law) and with the thesis’s fourth-root SIMD.',
  base: () => base('aimd'),
  points: [
    { id: 'aimd', label: 'XCP-AIMD', set: {} },
    { id: 'simd4', label: 'XCP fourth-root SIMD', set: { links: base('simd4').links } },
  ],
  seeds: [1, 2, 3],
  startJitter: 0.02,
  metrics: [
    { name: 'util', label: 'Link utilisation', metric: 'utilization', port: 'r0->r1' },
    { name: 'drops', label: 'Bottleneck drops', metric: 'drops', port: 'r0->r1' },
    { name: 'queue', label: 'Mean bottleneck queue', metric: 'meanQueuePackets', port: 'r0->r1' },
    { name: 'fairness', label: 'Max-ratio fairness', metric: 'maxRatioFairness', flows: XCP },
    { name: 'jain', label: "Jain's index", metric: 'jain', flows: XCP },
  ],
  paper: [
    {
      point: 'aimd',
      metric: 'util',
      numbers: [{ value: 0.9906, where: 'ns-2.35 xcp-3flows: 70756 departures × 1050 B over 30 s at 20 Mb/s' }],
      note: 'The thesis’s own XCP-alone numbers are lost with its figures; this column is ns-2.35’s given reference.',
    },
    { point: 'aimd', metric: 'drops', numbers: [{ value: 0, where: 'ns-2.35 xcp-3flows' }] },
    { point: 'aimd', metric: 'queue', numbers: [{ value: 0.94, where: 'ns-2.35 xcp-3flows (time-average packets)' }] },
    {
      point: 'aimd',
      metric: 'fairness',
      numbers: [{ value: 6.3165 / 6.2616, where: 'ns-2.35 xcp-3flows goodputs 6.317, 6.262, 6.270 Mb/s' }],
    },
  ],
  claims: [
    {
      id: 'full',
      kind: 'range',
      text: 'Near-full utilisation (≥ 0.97)',
      of: { point: 'aimd', metric: 'util' },
      min: 0.97,
    },
    {
      id: 'util-ns2',
      kind: 'within',
      text: 'Utilisation as ns-2.35’s (±1 %)',
      of: { point: 'aimd', metric: 'util' },
      value: 0.9906,
      rel: 0.01,
    },
    { id: 'no-drops', kind: 'range', text: 'No drops', of: { point: 'aimd', metric: 'drops' }, max: 0 },
    {
      id: 'queue',
      kind: 'range',
      text: 'Near-zero persistent queue (mean below 2 packets)',
      of: { point: 'aimd', metric: 'queue' },
      max: 2,
    },
    {
      id: 'equal',
      kind: 'range',
      text: 'Equal shares (max/min ≤ 1.05)',
      of: { point: 'aimd', metric: 'fairness' },
      max: 1.05,
    },
    {
      id: 'simd4-also',
      kind: 'range',
      text: 'Fourth-root SIMD keeps the link full too (≥ 0.97)',
      of: { point: 'simd4', metric: 'util' },
      min: 0.97,
    },
    { id: 'simd4-drops', kind: 'range', text: '… without drops', of: { point: 'simd4', metric: 'drops' }, max: 0 },
  ],
  notes: [
    'The setup is the validation harness’s xcp.tcl, not xcp-tcp.tcl: there the XCP controller is told the whole link (tcp_xcp_on_ 0), which is right when no TCP competes. (With xcp-tcp.tcl’s tcp_xcp_on_ 1 and no TCP, XCP would fill only its half: ns-2 gives 0.996 of the half, test/fixtures/ns2-xcp/xcp-fig6-alone-30s.json.)',
    'Flow starts move by up to 20 ms per seed (xcp.tcl starts flow i at 0.02·i s).',
  ],
  preset: 'seed003-xcp-alone',
};
