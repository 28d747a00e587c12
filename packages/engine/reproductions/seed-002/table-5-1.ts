import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { COMMON_NOTES, LOST, seed002Dumbbell } from './common.js';

const reductions = [
  { id: 'cut50', label: 'cwnd cut 50 % (CCID-2)', x: 0.5 },
  { id: 'cut25', label: 'cwnd cut 25 %', x: 0.25 },
  { id: 'cut5', label: 'cwnd cut 5 %', x: 0.05 },
];

/** Seed 002 Ch. 5, Table 5.1: the congestion-avoidance cut X of cwnd ← (1 − X)·cwnd. */
export const seed002Table51: ReproductionSpec = {
  id: 'seed-002-table-5-1',
  study: '002',
  figure: 'Table 5.1',
  title: 'CCID-2 with a cwnd cut of 50 %, 25 % and 5 % on the long-delay link',
  source: 'Seed 002 (PhD thesis, UUM 2012), Chapter 5, Table 5.1; digest shared/spec/002-dccp.md §1 (knob 3), §4.5',
  summary:
    'One DCCP CCID-2 flow with a TCP flow on the 300 ms link; the flow halves its window on a loss (RFC 4341) or cuts it by 25 % or 5 % (the thesis’s third TW knob, read as cwnd ← (1 − X)·cwnd). The claim: a smaller cut raises throughput with modestly more loss.',
  base: () => seed002Dumbbell('Seed 002 Table 5.1: cwnd cut', ['ccid2', 'tcp']),
  points: reductions.map((r) => ({
    id: r.id,
    label: r.label,
    set: { 'flows[f0].transport.params.reduction': r.x },
  })),
  seeds: [1, 2, 3, 4, 5],
  startJitter: 1,
  metrics: [
    { name: 'goodput', label: 'DCCP goodput', metric: 'goodputBps', flow: 'f0', from: 50 },
    { name: 'loss', label: 'DCCP loss ratio', metric: 'lossRatio', flow: 'f0' },
    { name: 'lost', label: 'DCCP packets lost', metric: 'packetsLost', flow: 'f0' },
    { name: 'tcpGoodput', label: 'TCP goodput', metric: 'goodputBps', flow: 'f1', from: 50 },
    { name: 'drops', label: 'Bottleneck drops', metric: 'drops', port: 'r1->r2' },
  ],
  paper: reductions.map((r) => ({ point: r.id, metric: 'goodput', numbers: [], note: LOST })),
  claims: [
    {
      id: 'smaller-cut-more-throughput',
      kind: 'trend',
      text: 'A smaller cwnd cut raises the DCCP flow’s throughput (50 % → 25 % → 5 %)',
      metric: 'goodput',
      points: ['cut50', 'cut25', 'cut5'],
      direction: 'increasing',
    },
    {
      id: 'more-lost-packets',
      kind: 'trend',
      text: '… at the price of more lost packets',
      metric: 'lost',
      points: ['cut50', 'cut25', 'cut5'],
      direction: 'increasing',
    },
    {
      id: 'more-loss',
      kind: 'trend',
      text: '… and a higher loss ratio',
      explanation:
        'The losses of a run are dominated by the first slow-start overshoot into the 100-packet buffer (one burst of a hundred or more packets), so the loss ratio varies by about ±90 % across seeds (0.27 % ± 0.24, 0.23 % ± 0.22, 0.32 % ± 0.39 for cuts of 50, 25 and 5 %): the dip at 25 % lies well inside that spread. The count of lost packets does rise with a smaller cut (claim above), as the flow sends more.',
      metric: 'loss',
      points: ['cut50', 'cut25', 'cut5'],
      direction: 'increasing',
    },
    {
      id: 'modest-loss',
      kind: 'range',
      text: '… "modestly" more: with a 5 % cut under 5 % of its packets are lost',
      of: { point: 'cut5', metric: 'loss' },
      max: 0.05,
    },
  ],
  notes: [
    ...COMMON_NOTES,
    'The thesis names the cut values (50 %, 25 %, 5 %) but not what the flow competes with; one SACK TCP flow shares the link here, so the cut’s cost to TCP shows too.',
    '"Modestly more loss" is not quantified in what survives: our reading is a loss ratio under 5 % with the 5 % cut.',
  ],
};
