import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { COMMON_NOTES, fig6, fig6Metrics, LAW_LABELS, lawPoints } from './common.js';
import { EC_DECIDES } from './figs-7-14.js';

/** Seed 003 Figs 15–22: XCP-AIMD and XCP fourth-root SIMD beside TCP over 300 s. */
export const seed003Figs15to22: ReproductionSpec = {
  id: 'seed-003-figs-15-22',
  study: '003',
  figure: 'Figs 15–22',
  title: 'XCP-AIMD and XCP fourth-root SIMD beside one TCP flow, 300 s',
  source:
    'Seed 003 (MS thesis, Oklahoma State 2005), §IV "XCP-AIMD and fourth root SIMD run for 300 seconds", Figs 15–22; digest 003 §4',
  summary:
    'The Figs 7–14 setup run for 300 s "to monitor their behavior over a longer period": the thesis says the figures stay the same — utilisation around 1.0 for fourth-root SIMD and around 0.8 for AIMD.',
  base: () => fig6('Seed 003 Figs 15–22: XCP beside TCP (300 s)', 'aimd', 300),
  points: lawPoints(['aimd', 'simd4'], LAW_LABELS),
  seeds: [1, 2],
  startJitter: 0.1,
  metrics: fig6Metrics(),
  paper: [
    { point: 'aimd', metric: 'xcpUtil', numbers: [{ value: 0.8, where: 'text after Fig. 22 (Fig. 21)' }] },
    { point: 'simd4', metric: 'xcpUtil', numbers: [{ value: 1, where: 'text after Fig. 22 (Fig. 22)' }] },
  ],
  claims: [
    {
      id: 'aimd-0.8',
      kind: 'within',
      text: 'XCP-AIMD utilisation stays around 0.8 over 300 s',
      of: { point: 'aimd', metric: 'xcpUtil' },
      value: 0.8,
      abs: 0.05,
      explanation: EC_DECIDES,
    },
    {
      id: 'simd4-1.0',
      kind: 'within',
      text: 'XCP fourth-root SIMD utilisation stays around 1.0 over 300 s',
      of: { point: 'simd4', metric: 'xcpUtil' },
      value: 1,
      abs: 0.05,
      explanation: EC_DECIDES,
    },
    {
      id: 'simd4-beats-aimd',
      kind: 'less',
      text: 'Fourth-root SIMD stays ahead of AIMD (by more than 2 %)',
      left: { point: 'aimd', metric: 'xcpUtil' },
      right: { point: 'simd4', metric: 'xcpUtil' },
      factor: 0.98,
      explanation: EC_DECIDES,
    },
    {
      id: 'fair-long',
      kind: 'range',
      text: 'The XCP flows still share equally at 300 s (max/min ≤ 1.1)',
      of: { point: 'simd4', metric: 'xcpFairness' },
      max: 1.1,
    },
  ],
  notes: [...COMMON_NOTES, 'Two seeds (300 s each) rather than three keep the recorded run short.'],
  preset: 'seed003-fig6-aimd-300s',
};
