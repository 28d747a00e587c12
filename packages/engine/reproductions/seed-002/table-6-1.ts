import type { ExperimentPoint } from '../../src/experiment/experiment.js';
import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { COMMON_NOTES, LOST, SEED002, TW_PARAMS, TW_UNFRIENDLY } from './common.js';
import { seed002Dumbbell } from './common.js';

const tw = Object.fromEntries(Object.entries(TW_PARAMS).map(([k, v]) => [`flows[f0].transport.params.${k}`, v]));
const points: ExperimentPoint[] = [
  { id: 'tcplike-short', label: 'TCP-like vs TCP, short delay', set: { 'links[r1-r2].delay': SEED002.shortDelay } },
  { id: 'tw-short', label: 'TW vs TCP, short delay', set: { 'links[r1-r2].delay': SEED002.shortDelay, ...tw } },
  { id: 'tcplike-long', label: 'TCP-like vs TCP, long delay', set: {} },
  { id: 'tw-long', label: 'TW vs TCP, long delay', set: tw },
];

/** Seed 002 Ch. 6, Tables 6.1 (short delay) and 6.2 (long delay): TW vs TCP-like, each with TCP. */
export const seed002Table61: ReproductionSpec = {
  id: 'seed-002-table-6-1-6-2',
  study: '002',
  figure: 'Tables 6.1–6.2',
  title: 'TW and TCP-like (CCID-2) against TCP on the short- and long-delay links',
  source: 'Seed 002 (PhD thesis, UUM 2012), Chapter 6, Tables 6.1 and 6.2; digest 002 §3, §4.2–4.4',
  summary:
    'One DCCP flow — CCID-2 ("TCP-like") or the thesis’s TW — shares the bottleneck with one SACK TCP flow, on the 20 ms and the 300 ms link. Checked: TCP-like coexists fairly with TCP on the short link; on the long link CCID-2 is slow to reach its maximum throughput, TW reaches it sooner and fluctuates less; on the short link TW raises throughput while staying friendly to TCP.',
  base: () => seed002Dumbbell('Seed 002 Tables 6.1–6.2: DCCP vs TCP', ['ccid2', 'tcp']),
  points,
  seeds: [1, 2, 3, 4, 5],
  startJitter: 1,
  metrics: [
    { name: 'dccp', label: 'DCCP goodput', metric: 'goodputBps', flow: 'f0', from: 50 },
    { name: 'tcp', label: 'TCP goodput', metric: 'goodputBps', flow: 'f1', from: 50 },
    { name: 'ratio', label: 'DCCP / TCP goodput', metric: 'friendliness', flows: ['f0'], versus: ['f1'], from: 50 },
    { name: 'rampUp', label: 'DCCP time to 90 % of max', metric: 'timeToMaxS', flow: 'f0', fraction: 0.9 },
    {
      name: 'cov',
      label: 'DCCP throughput CoV after convergence',
      metric: 'throughputCov',
      flow: 'f0',
      afterConvergence: true,
    },
  ],
  paper: points.map((p) => ({ point: p.id, metric: 'dccp', numbers: [], note: LOST })),
  claims: [
    {
      id: 'tcplike-fair-short',
      kind: 'range',
      text: 'DCCP TCP-like coexists fairly with TCP on a short-delay link (goodput ratio within 0.5–2)',
      of: { point: 'tcplike-short', metric: 'ratio' },
      min: 0.5,
      max: 2,
    },
    {
      id: 'ccid2-slow-long',
      kind: 'less',
      text: 'On the long-delay link CCID-2 takes longer to reach its maximum throughput than on the short one',
      left: { point: 'tcplike-short', metric: 'rampUp' },
      right: { point: 'tcplike-long', metric: 'rampUp' },
    },
    {
      id: 'tw-sooner-long',
      kind: 'less',
      text: 'TW reaches its maximum throughput sooner than CCID-2 on the long-delay link',
      explanation:
        'Our TW’s initial ssthresh (200 packets) lies below this path’s bandwidth-delay product (5 Mb/s × ≈ 0.6 s round trip ≈ 375 packets of 1000 B, plus the 100-packet buffer): TW leaves slow start at 200 packets and climbs the rest at one packet per 0.6 s round trip (about 100 s), while CCID-2 slow-starts straight to the first overflow. TW’s gentler 25 % cut also gives it a higher maximum to reach. On a path whose bandwidth-delay product is below 200 packets the knob shortens the ramp (seed-002-ch5-ssthresh); the thesis’s bandwidth is lost, so which side of it its 200 was on is unknown.',
      left: { point: 'tw-long', metric: 'rampUp' },
      right: { point: 'tcplike-long', metric: 'rampUp' },
    },
    {
      id: 'tw-smoother-long',
      kind: 'less',
      text: 'TW’s throughput fluctuates less than CCID-2’s once reached (lower CoV) on the long-delay link',
      left: { point: 'tw-long', metric: 'cov' },
      right: { point: 'tcplike-long', metric: 'cov' },
    },
    {
      id: 'tw-more-short',
      kind: 'less',
      text: 'On the short-delay link TW raises the DCCP flow’s throughput over CCID-2',
      left: { point: 'tcplike-short', metric: 'dccp' },
      right: { point: 'tw-short', metric: 'dccp' },
    },
    {
      id: 'tw-friendly-short',
      kind: 'less',
      text: '… while staying friendly to TCP: TCP keeps more than half of what it gets beside CCID-2',
      explanation: TW_UNFRIENDLY,
      left: { point: 'tcplike-short', metric: 'tcp' },
      right: { point: 'tw-short', metric: 'tcp' },
      factor: 2,
    },
  ],
  notes: [
    ...COMMON_NOTES,
    'The coefficient of variation is taken "after convergence" (digest 002 §5): from the first time the flow’s per-second goodput reaches 90 % of its maximum. (A first version measured from a fixed 50 s; on the 600 ms round trip TFRC was still climbing then, and its climb counted as fluctuation.)',
    '"Coexists fairly" and "friendly" are not quantified in what survives; our readings: a goodput ratio between 0.5 and 2, and TCP keeping more than half of its goodput.',
  ],
};
