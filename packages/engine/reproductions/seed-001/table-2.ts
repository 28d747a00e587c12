import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { SEED001_NOTES, SEED001_TABLE_METRICS, seed001Network, WHY } from './common.js';

/** Seed 001 Table 2 (buffer 100): bits received by two instants, and drops, unpaced vs paced. */
export const seed001Table2: ReproductionSpec = {
  id: 'seed-001-table-2',
  study: '001',
  figure: 'Table 2',
  title: 'Bits received and drops without and with pacing, buffer 100 packets',
  source:
    'Kumar & Gupta (seed 001), §4, text and Table 2 ("Delay versus throughput and packet drop"); digest shared/spec/001-qlbp.md §3',
  summary:
    'Six TCP flows cross core_Router0 → Core_Router1 with a 100-packet buffer, without pacing (50 ms propagation delay) and with QLBP pacing at the edge (100 ms, as the paper sets it). Table 2 gives the bits received by 11.998752 s and 26.67936 s and the drops; the text says the unpaced 4.35e9 bits take the paced network 26.6 s, without a drop.',
  base: () => seed001Network({ paced: false, buffer: 100, delayMs: 50 }),
  points: [
    { id: 'unpaced', label: 'without pacing (50 ms)', set: {} },
    {
      id: 'paced',
      label: 'with pacing (QLBP, 100 ms)',
      scenario: () => seed001Network({ paced: true, buffer: 100, delayMs: 100 }),
    },
  ],
  seeds: [1, 2, 3],
  startJitter: 0.1,
  metrics: SEED001_TABLE_METRICS,
  paper: [
    { point: 'unpaced', metric: 'bits12', numbers: [{ value: 4.35156e9, where: 'Table 2; text ("in 11.9 seconds")' }] },
    {
      point: 'unpaced',
      metric: 'drops',
      numbers: [
        { value: 145, where: 'Table 2; text' },
        { value: 50, where: 'Table 3 (buffer 100)' },
      ],
    },
    { point: 'paced', metric: 'bits12', numbers: [{ value: 2090004480, where: 'Table 2' }] },
    { point: 'paced', metric: 'bits27', numbers: [{ value: 4.54045e9, where: 'Table 2' }] },
    { point: 'paced', metric: 'drops', numbers: [{ value: 0, where: 'Table 2 ("No"); text' }] },
  ],
  claims: [
    {
      id: 'paced-fewer-drops',
      explanation: WHY.pacer,
      kind: 'less',
      text: 'Paced drops are far fewer than unpaced ones (the paper: none against 145 or 50)',
      left: { point: 'paced', metric: 'drops' },
      right: { point: 'unpaced', metric: 'drops' },
      factor: 0.1,
    },
    {
      id: 'paced-slower',
      kind: 'less',
      text: 'The paced network has delivered fewer bits by 11.998752 s (the paper: 2.09e9 against 4.35e9)',
      left: { point: 'paced', metric: 'bits12' },
      right: { point: 'unpaced', metric: 'bits12' },
    },
    {
      id: 'unpaced-volume',
      explanation: WHY.volume,
      kind: 'within',
      text: 'Without pacing 4.35156e9 bits arrive by 11.998752 s',
      of: { point: 'unpaced', metric: 'bits12' },
      value: 4.35156e9,
      rel: 0.25,
    },
  ],
  notes: [...SEED001_NOTES],
};
