import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { COMMON_NOTES, LOST, seed002Dumbbell } from './common.js';

const points = [
  { id: 'ss20', label: 'initial ssthresh 20 packets', v: 20 },
  { id: 'ss200', label: 'initial ssthresh 200 packets', v: 200 },
  { id: 'ss65535', label: 'initial ssthresh 65535 (RFC 4341 / ns-2 default)', v: 65535 },
];

/** Seed 002 Ch. 5, the first TW knob: a higher initial ssthresh (200) on the long-delay link. */
export const seed002Ssthresh: ReproductionSpec = {
  id: 'seed-002-ch5-ssthresh',
  study: '002',
  figure: 'Ch. 5 (initial ssthresh)',
  title: 'Ramp-up of CCID-2 on the long-delay link with initial ssthresh 20, 200 and 65535',
  source: 'Seed 002 (PhD thesis, UUM 2012), Chapter 5 (knob 1: "a higher initial ssthresh (200)"); digest 002 §1, §4.5',
  summary:
    'A DCCP CCID-2 flow alone on the 300 ms link, with three initial slow-start thresholds. The claim: a higher initial ssthresh shortens the ramp-up to maximum throughput on a long-delay link.',
  base: () => seed002Dumbbell('Seed 002 Ch. 5: initial ssthresh', ['ccid2'], { duration: '150s' }),
  points: points.map((p) => ({ id: p.id, label: p.label, set: { 'flows[f0].transport.params.initialSsthresh': p.v } })),
  seeds: [1, 2, 3, 4, 5],
  startJitter: 1,
  metrics: [
    { name: 'rampUp', label: 'Time to 90 % of max throughput', metric: 'timeToMaxS', flow: 'f0', fraction: 0.9 },
    { name: 'goodput', label: 'Goodput', metric: 'goodputBps', flow: 'f0' },
    { name: 'loss', label: 'Loss ratio', metric: 'lossRatio', flow: 'f0' },
  ],
  paper: points.map((p) => ({ point: p.id, metric: 'rampUp', numbers: [], note: LOST })),
  claims: [
    {
      id: 'higher-ssthresh-faster',
      kind: 'less',
      text: 'A higher initial ssthresh (200 rather than 20) shortens the long-delay ramp-up',
      left: { point: 'ss200', metric: 'rampUp' },
      right: { point: 'ss20', metric: 'rampUp' },
    },
  ],
  notes: [
    ...COMMON_NOTES,
    'What the thesis’s "higher initial ssthresh (200)" is higher than is lost: RFC 4341 and the ns-2 module start with 65535 (effectively none), which is higher still. The entry compares 20, 200 and 65535 and checks the claim for 200 against the smaller value; with 65535 slow start ends only at the first loss, overshooting the 100-packet buffer, which is what a finite threshold avoids.',
    'Ramp-up is the time until the per-second goodput first reaches 90 % of the largest it reaches in the run.',
  ],
};
