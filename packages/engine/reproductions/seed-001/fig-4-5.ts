import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { SEED001_NOTES, seed001Network, WHY } from './common.js';

const buffers = [20, 35, 50, 75, 100];

/** Seed 001 Figs 4–5: throughput and drops against the bottleneck buffer, equal delays. */
export const seed001Fig45: ReproductionSpec = {
  id: 'seed-001-fig-4-5',
  study: '001',
  figure: 'Figs 4–5',
  title: 'Throughput and drops against buffer size, without and with pacing',
  source:
    'Kumar & Gupta (seed 001), §4, Figs 4 ("Throughput versus buffer size") and 5 ("Packet drop versus buffer size") and their text; digest 001 §4 claims 2 and 6',
  summary:
    'The bottleneck buffer is swept from 20 to 100 packets with equal 50 ms delays (the controlled setting; the figures’ own delays are not stated). The paper’s text: without pacing throughput grows with the buffer and so do drops; with pacing throughput stays level and nothing is dropped. Digest claim 6: with paced sources a few dozen packets of buffer sustain high utilisation.',
  base: () => seed001Network({ paced: false, buffer: 100, delayMs: 50 }),
  points: buffers.flatMap((b) => [
    {
      id: `unpaced-b${b}`,
      label: `without pacing, buffer ${b}`,
      scenario: () => seed001Network({ paced: false, buffer: b, delayMs: 50 }),
    },
    {
      id: `paced-b${b}`,
      label: `with pacing, buffer ${b}`,
      scenario: () => seed001Network({ paced: true, buffer: b, delayMs: 50 }),
    },
  ]),
  seeds: [1, 2, 3],
  startJitter: 0.1,
  metrics: [
    { name: 'goodput', label: 'Aggregate goodput', metric: 'aggregateGoodputBps' },
    { name: 'drops', label: 'Bottleneck drops', metric: 'drops', port: 'core0->core1' },
    { name: 'util', label: 'Bottleneck utilisation', metric: 'utilization', port: 'core0->core1' },
  ],
  paper: buffers.map((b) => ({
    point: `unpaced-b${b}`,
    metric: 'goodput',
    numbers: [],
    note: 'the figures survive only as captions; their text gives the trends checked below',
  })),
  claims: [
    {
      id: 'unpaced-grows',
      explanation: WHY.regime,
      kind: 'trend',
      text: 'Without pacing throughput grows with the buffer (Fig. 4 text)',
      metric: 'goodput',
      points: buffers.map((b) => `unpaced-b${b}`),
      direction: 'increasing',
      tolerance: 0.02,
    },
    {
      id: 'paced-level',
      explanation: WHY.pacedBuffer,
      kind: 'similar',
      text: 'With pacing throughput stays level from 20 to 100 packets (within ±10 %, Fig. 4 text)',
      a: { point: 'paced-b20', metric: 'goodput' },
      b: { point: 'paced-b100', metric: 'goodput' },
      rel: 0.1,
    },
    {
      id: 'unpaced-drops-grow',
      explanation: WHY.regime,
      kind: 'trend',
      text: 'Without pacing drops grow with the buffer (Fig. 5 text; Table 3 says the opposite)',
      metric: 'drops',
      points: buffers.map((b) => `unpaced-b${b}`),
      direction: 'increasing',
      tolerance: 0.02,
    },
    {
      id: 'paced-no-drops',
      explanation: WHY.pacer,
      kind: 'range',
      text: 'With pacing nothing is dropped even at 20 packets (Fig. 5 text: "no packet drop")',
      of: { point: 'paced-b20', metric: 'drops' },
      max: 0,
    },
    {
      id: 'small-buffer-utilisation',
      explanation: WHY.regime,
      kind: 'less',
      text: 'With paced sources a few dozen packets sustain the utilisation of a 100-packet buffer (20 packets reach at least 90 % of it)',
      left: { point: 'paced-b100', metric: 'util' },
      right: { point: 'paced-b20', metric: 'util' },
      factor: 1 / 0.9,
    },
  ],
  notes: [
    ...SEED001_NOTES,
    'The figures are lost (captions only): the paper column is empty and the claims are the figures’ accompanying text. Fig. 5’s text (drops rise with the buffer) contradicts Table 3 (drops fall); both readings are checked, here and in seed-001-table-3.',
  ],
};
