import type { ExperimentPoint } from '../../src/experiment/experiment.js';
import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { COMMON_NOTES, LOST, SEED002, TW_PARAMS } from './common.js';
import { seed002Dumbbell } from './common.js';

const tw = Object.fromEntries(Object.entries(TW_PARAMS).map(([k, v]) => [`flows[f0].transport.params.${k}`, v]));
const points: ExperimentPoint[] = [
  { id: 'tcplike-short', label: 'VBR over TCP-like, short delay', set: { 'links[r1-r2].delay': SEED002.shortDelay } },
  { id: 'tw-short', label: 'VBR over TW, short delay', set: { 'links[r1-r2].delay': SEED002.shortDelay, ...tw } },
  { id: 'tcplike-long', label: 'VBR over TCP-like, long delay', set: {} },
  { id: 'tw-long', label: 'VBR over TW, long delay', set: tw },
];

/** Seed 002 Ch. 6, Tables 6.6 (short) and 6.7 (long): H.263 VBR video over DCCP beside TCP. */
export const seed002Table66: ReproductionSpec = {
  id: 'seed-002-table-6-6-6-7',
  study: '002',
  figure: 'Tables 6.6–6.7',
  title: 'H.263-like VBR video over TCP-like and TW, beside TCP, short and long delay',
  source: 'Seed 002 (PhD thesis, UUM 2012), Chapter 6, Tables 6.6 and 6.7; digest 002 §1 (traffic), §3',
  summary:
    'A 1 Mb/s H.263-like VBR video stream (lognormal I/P frames at 25 frames/s, see docs/models.md) runs over DCCP CCID-2 or TW beside a SACK TCP flow. The tables report the video’s throughput, loss, delay and jitter; the check is that TW delivers the video on the long link at least as completely as CCID-2.',
  base: () => seed002Dumbbell('Seed 002 Tables 6.6–6.7: VBR video over DCCP', [{ vbr: '1Mbps', over: 'ccid2' }, 'tcp']),
  points,
  seeds: [1, 2, 3, 4, 5],
  startJitter: 1,
  metrics: [
    { name: 'video', label: 'Video goodput', metric: 'goodputBps', flow: 'f0', from: 50 },
    { name: 'pdr', label: 'Video packet delivery ratio', metric: 'pdr', flow: 'f0' },
    { name: 'delay', label: 'Video mean delay', metric: 'meanDelayMs', flow: 'f0' },
    { name: 'jitter', label: 'Video jitter (RFC 3393)', metric: 'jitterMs', flow: 'f0' },
    { name: 'tcp', label: 'TCP goodput', metric: 'goodputBps', flow: 'f1', from: 50 },
  ],
  paper: points.map((p) => ({ point: p.id, metric: 'video', numbers: [], note: LOST })),
  claims: [
    {
      id: 'tw-delivers-long',
      kind: 'less',
      text: 'On the long-delay link TW delivers the video at least as well as CCID-2 (goodput within 2 %)',
      left: { point: 'tcplike-long', metric: 'video' },
      right: { point: 'tw-long', metric: 'video' },
      factor: 1.02,
    },
    {
      id: 'long-delay-costs',
      kind: 'less',
      text: 'The long-delay link adds at least the 280 ms of extra propagation to the video’s delay',
      left: { point: 'tcplike-short', metric: 'delay' },
      right: { point: 'tcplike-long', metric: 'delay' },
    },
  ],
  notes: [
    ...COMMON_NOTES,
    'The thesis’s H.263 trace is lost; the synthetic model stands in (mean 1 Mb/s, GOP 12, I/P ratio 4, CoV 0.4 — ours). A trace can be loaded into the vbr source instead.',
    'Delay and jitter are per delivered video packet (one-way), jitter as RFC 3393’s mean |D_i − D_{i−1}|.',
  ],
};
