import type { ExperimentPoint } from '../../src/experiment/experiment.js';
import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { COMMON_NOTES, LOST, SEED002, TW_PARAMS, TW_UNFRIENDLY } from './common.js';
import { seed002Dumbbell } from './common.js';

const dccpFlows = ['f0', 'f1', 'f2', 'f3'];
/** The TW knobs on each of the four DCCP flows. */
const twAll: Record<string, unknown> = {};
for (const f of dccpFlows)
  for (const [k, v] of Object.entries(TW_PARAMS)) twAll[`flows[${f}].transport.params.${k}`] = v;

export const table63Points: ExperimentPoint[] = [
  { id: 'tcplike-short', label: '4 TCP-like + TCP, short delay', set: { 'links[r1-r2].delay': SEED002.shortDelay } },
  { id: 'tw-short', label: '4 TW + TCP, short delay', set: { 'links[r1-r2].delay': SEED002.shortDelay, ...twAll } },
  { id: 'tcplike-long', label: '4 TCP-like + TCP, long delay', set: {} },
  { id: 'tw-long', label: '4 TW + TCP, long delay', set: twAll },
];

export const table63Metrics = [
  { name: 'tcp', label: 'TCP goodput', metric: 'goodputBps', flow: 'f4', from: 50 },
  { name: 'dccpMean', label: 'DCCP goodput (sum of 4)', metric: 'aggregateGoodputBps', flows: dccpFlows, from: 50 },
  {
    name: 'tcpShare',
    label: 'TCP / mean DCCP goodput',
    metric: 'friendliness',
    flows: ['f4'],
    versus: dccpFlows,
    from: 50,
  },
  { name: 'jain', label: "Jain's index (5 flows)", metric: 'jain', from: 50 },
  { name: 'drops', label: 'Bottleneck drops', metric: 'drops', port: 'r1->r2' },
] as const;

/** Seed 002 Ch. 6, Tables 6.3 (short) and 6.4 (long): four DCCP flows and one TCP flow. */
export const seed002Table63: ReproductionSpec = {
  id: 'seed-002-table-6-3-6-4',
  study: '002',
  figure: 'Tables 6.3–6.4',
  title: 'Four DCCP flows (TCP-like or TW) and one TCP flow, short and long delay',
  source: 'Seed 002 (PhD thesis, UUM 2012), Chapter 6, Tables 6.3 and 6.4; digest 002 §2–§4',
  summary:
    'Four DCCP flows and one SACK TCP flow share the bottleneck ("4 DCCP + 1 TCP", digest 002 §2), with the DCCP flows all CCID-2 or all TW. Checked: on the short link the five flows share fairly with CCID-2, and TW does not push TCP below half of a DCCP flow’s share.',
  base: () => seed002Dumbbell('Seed 002 Tables 6.3–6.4: 4 DCCP + TCP', ['ccid2', 'ccid2', 'ccid2', 'ccid2', 'tcp']),
  points: table63Points,
  seeds: [1, 2, 3, 4, 5],
  startJitter: 1,
  metrics: [...table63Metrics],
  paper: table63Points.map((p) => ({ point: p.id, metric: 'tcp', numbers: [], note: LOST })),
  claims: [
    {
      id: 'fair-short',
      kind: 'range',
      text: 'With CCID-2 on the short link the five flows share fairly (Jain ≥ 0.9)',
      of: { point: 'tcplike-short', metric: 'jain' },
      min: 0.9,
    },
    {
      id: 'tw-friendly-short',
      kind: 'range',
      text: 'TW stays friendly to TCP on the short link: TCP gets at least half of a TW flow’s goodput',
      explanation: TW_UNFRIENDLY,
      of: { point: 'tw-short', metric: 'tcpShare' },
      min: 0.5,
    },
  ],
  notes: [
    ...COMMON_NOTES,
    'Fairness thresholds (Jain ≥ 0.9; TCP at least half a DCCP flow’s share) are our readings of "fair" and "friendly".',
  ],
};
