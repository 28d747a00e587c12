import type { ExperimentPoint } from '../../src/experiment/experiment.js';
import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { SEED001_NOTES, SEED001_TABLE_METRICS, seed001Network, type Seed001Options, WHY } from './common.js';

const point = (id: string, label: string, o: Seed001Options): ExperimentPoint => ({
  id,
  label,
  scenario: () => seed001Network(o),
});

/** Seed 001 Table 3: buffer 100 vs 50, without and with pacing. */
export const seed001Table3: ReproductionSpec = {
  id: 'seed-001-table-3',
  study: '001',
  figure: 'Table 3',
  title: 'Buffer size (100 and 50 packets) versus bits received and drops, without and with pacing',
  source:
    'Kumar & Gupta (seed 001), §4, Table 3 ("Buffer size versus throughput and packet drop") and its text; digest 001 §3–§4',
  summary:
    'The Table 2 network with a 100- and a 50-packet bottleneck buffer. The paper: without pacing, the smaller buffer delivers less (3.24e9 against 4.35e9 bits) and drops more; with pacing, both buffers deliver 4.54e9 bits without a drop. Points as printed (50 ms unpaced, 100 ms paced) and controlled (50 ms for both), and pacing with stability control (FQ at the bottleneck).',
  base: () => seed001Network({ paced: false, buffer: 100, delayMs: 50 }),
  points: [
    point('unpaced-b100', 'without pacing, buffer 100 (50 ms)', { paced: false, buffer: 100, delayMs: 50 }),
    point('unpaced-b50', 'without pacing, buffer 50 (50 ms)', { paced: false, buffer: 50, delayMs: 50 }),
    point('paced-b100', 'with pacing, buffer 100 (100 ms, as printed)', { paced: true, buffer: 100, delayMs: 100 }),
    point('paced-b50', 'with pacing, buffer 50 (100 ms, as printed)', { paced: true, buffer: 50, delayMs: 100 }),
    point('paced-b100-50ms', 'with pacing, buffer 100 (50 ms, controlled)', { paced: true, buffer: 100, delayMs: 50 }),
    point('paced-b50-50ms', 'with pacing, buffer 50 (50 ms, controlled)', { paced: true, buffer: 50, delayMs: 50 }),
    point('stable-b100-50ms', 'pacing + FQ (stability control), buffer 100 (50 ms)', {
      paced: true,
      buffer: 100,
      delayMs: 50,
      stabilityControl: true,
    }),
    point('stable-b50-50ms', 'pacing + FQ (stability control), buffer 50 (50 ms)', {
      paced: true,
      buffer: 50,
      delayMs: 50,
      stabilityControl: true,
    }),
  ],
  seeds: [1, 2, 3],
  startJitter: 0.1,
  metrics: SEED001_TABLE_METRICS,
  paper: [
    { point: 'unpaced-b100', metric: 'bits12', numbers: [{ value: 4.35156e9, where: 'Table 3' }] },
    {
      point: 'unpaced-b100',
      metric: 'drops',
      numbers: [
        { value: 50, where: 'Table 3' },
        { value: 145, where: 'Table 2; text' },
      ],
    },
    {
      point: 'unpaced-b50',
      metric: 'bits12',
      numbers: [{ value: 3.24154e9, where: 'Table 3' }],
      note: 'the table gives no instant; compared at Table 2’s 11.998752 s, the instant of its unpaced row',
    },
    { point: 'unpaced-b50', metric: 'drops', numbers: [{ value: 145, where: 'Table 3' }] },
    {
      point: 'paced-b100',
      metric: 'bits27',
      numbers: [{ value: 4.54045e9, where: 'Table 3; Table 2 at 26.67936 s' }],
    },
    { point: 'paced-b100', metric: 'drops', numbers: [{ value: 0, where: 'Table 3 ("No")' }] },
    { point: 'paced-b50', metric: 'bits27', numbers: [{ value: 4.54045e9, where: 'Table 3' }] },
    { point: 'paced-b50', metric: 'drops', numbers: [{ value: 0, where: 'Table 3 ("No")' }] },
  ],
  claims: [
    {
      id: 'paced-fewer-drops-b100',
      explanation: WHY.pacer,
      kind: 'less',
      text: 'With a 100-packet buffer, paced drops are far fewer than unpaced (under a tenth)',
      left: { point: 'paced-b100', metric: 'drops' },
      right: { point: 'unpaced-b100', metric: 'drops' },
      factor: 0.1,
    },
    {
      id: 'paced-fewer-drops-b50',
      explanation: WHY.pacer,
      kind: 'less',
      text: 'With a 50-packet buffer, paced drops are far fewer than unpaced (under a tenth)',
      left: { point: 'paced-b50', metric: 'drops' },
      right: { point: 'unpaced-b50', metric: 'drops' },
      factor: 0.1,
    },
    {
      id: 'paced-insensitive',
      explanation: WHY.pacedBuffer,
      kind: 'similar',
      text: 'Paced throughput is insensitive to the buffer (100 vs 50 packets, within ±5 %)',
      a: { point: 'paced-b100', metric: 'bits27' },
      b: { point: 'paced-b50', metric: 'bits27' },
      rel: 0.05,
    },
    {
      id: 'unpaced-falls',
      explanation: WHY.regime,
      kind: 'less',
      text: 'Unpaced throughput falls when the buffer shrinks from 100 to 50 packets (the paper: −25 %)',
      left: { point: 'unpaced-b50', metric: 'bits12' },
      right: { point: 'unpaced-b100', metric: 'bits12' },
    },
    {
      id: 'unpaced-drops-rise',
      kind: 'less',
      text: 'Unpaced drops rise when the buffer shrinks (Table 3: 50 at 100 packets, 145 at 50)',
      left: { point: 'unpaced-b100', metric: 'drops' },
      right: { point: 'unpaced-b50', metric: 'drops' },
    },
    {
      id: 'controlled-fewer-drops',
      kind: 'less',
      text: 'With equal delays (controlled), pacing still drops fewer packets than no pacing (buffer 100)',
      left: { point: 'paced-b100-50ms', metric: 'drops' },
      right: { point: 'unpaced-b100', metric: 'drops' },
    },
    {
      id: 'stability-fewer-drops',
      explanation: WHY.stability,
      kind: 'less',
      text: 'Stability control (pacing with FQ) reduces drops further than pacing alone (buffer 100, 50 ms)',
      left: { point: 'stable-b100-50ms', metric: 'drops' },
      right: { point: 'paced-b100-50ms', metric: 'drops' },
    },
  ],
  notes: [
    ...SEED001_NOTES,
    'Contradictions kept, not resolved: unpaced drops at buffer 100 are 145 in the text and Table 2 but 50 in Table 3; the text says paced and unpaced reach "the same throughput" while the tables give 4.35e9 and 4.54e9 bits; Table 3 has drops falling as the buffer grows while the Fig. 5 text has them rising (seed-001-fig-4-5 checks the figure’s reading).',
    'Table 3’s paced "throughput" (4.54045e9) is Table 2’s paced value at 26.67936 s, so paced rows are compared at that instant and unpaced rows at 11.998752 s.',
  ],
};
