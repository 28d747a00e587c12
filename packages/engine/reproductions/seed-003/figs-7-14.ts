import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { COMMON_NOTES, fig6, fig6Metrics, LAW_LABELS, lawPoints } from './common.js';

/** Why the fairness law cannot move the utilisation (the same cause in every Fig. 6 entry). */
export const EC_DECIDES =
  'In XCP the efficiency controller alone sets how much the aggregate may grow or shrink each control interval (φ = α·(C − y) − β·Q/d, Katabi et al. §3.5); the fairness controller only splits that budget among packets (ξ_p, ξ_n are chosen so the shares add up to it — seed 003 eq. 3.6–3.7). Changing the law therefore moves bandwidth between XCP flows but not the XCP total: every law gives the same utilisation, ≈ 0.89–0.90 of XCP’s half here, which is also what ns-2.35’s own XCP-AIMD gives on this setup (0.895 at 30 s, 0.897 at 300 s: test/fixtures/ns2-xcp/xcp-fig6-*.json). A law can only lose utilisation where its per-packet feedback is clipped by the budget (not the case here), or gain it by handing out more than the budget — which the thesis’s eq. 3.7 would do if read literally (its ξ_p for SIMD omits the √(r − r₀)·α factor from the sum, so the positive feedback is the budget times that factor’s average), a reading our normalised law does not take. The thesis’s ≈ 1.0 for fourth-root SIMD is not reproduced, and its ≈ 0.8 for AIMD is 0.1 below both ns-2 and us.';

/** Seed 003 Figs 7–14: XCP-AIMD and XCP fourth-root SIMD beside a TCP flow, 30 s. */
export const seed003Figs7to14: ReproductionSpec = {
  id: 'seed-003-figs-7-14',
  study: '003',
  figure: 'Figs 7–14',
  title: 'XCP-AIMD, XCP-SIMD and XCP fourth-root SIMD beside one TCP flow, 30 s',
  source: 'Seed 003 (MS thesis, Oklahoma State 2005), §IV "XCP-AIMD", "XCP-modified SIMD", Figs 7–14; digest 003 §3–4',
  summary:
    'Fig. 6: three XCP flows and one TCP Reno flow share R0 → R1 (20 Mb/s, 10 ms, BDP buffers), every router running the same fairness law. The thesis plots cwnd, sequence numbers, throughput and the XCP utilisation for XCP-AIMD (Figs 7–10) and for its fourth-root SIMD (Figs 11–14), and says plain square-root SIMD did no better than AIMD. Checked: the utilisations it quotes, the ordering, and the fairness among the XCP flows.',
  base: () => fig6('Seed 003 Figs 7–14: XCP beside TCP (30 s)', 'aimd', 30),
  points: lawPoints(['aimd', 'simd', 'simd4'], LAW_LABELS),
  seeds: [1, 2, 3],
  startJitter: 0.1,
  metrics: fig6Metrics(),
  paper: [
    {
      point: 'aimd',
      metric: 'xcpUtil',
      numbers: [{ value: 0.8, where: 'text after Fig. 22 ("around 0.8"; Fig. 10)' }],
    },
    { point: 'simd4', metric: 'xcpUtil', numbers: [{ value: 1, where: 'text after Fig. 22 ("around 1.0"; Fig. 14)' }] },
  ],
  claims: [
    {
      id: 'aimd-0.8',
      kind: 'within',
      text: 'XCP-AIMD utilisation is around 0.8',
      of: { point: 'aimd', metric: 'xcpUtil' },
      value: 0.8,
      abs: 0.05,
      explanation: EC_DECIDES,
    },
    {
      id: 'simd4-1.0',
      kind: 'within',
      text: 'XCP fourth-root SIMD utilisation is around 1.0',
      of: { point: 'simd4', metric: 'xcpUtil' },
      value: 1,
      abs: 0.05,
      explanation: EC_DECIDES,
    },
    {
      id: 'simd4-beats-aimd',
      kind: 'less',
      text: 'Fourth-root SIMD uses the bottleneck better than AIMD (by more than 2 %)',
      left: { point: 'aimd', metric: 'xcpUtil' },
      right: { point: 'simd4', metric: 'xcpUtil' },
      factor: 0.98,
      explanation: EC_DECIDES,
    },
    {
      id: 'simd-no-better',
      kind: 'similar',
      text: 'Plain (square-root) SIMD is no better than AIMD',
      a: { point: 'simd', metric: 'xcpUtil' },
      b: { point: 'aimd', metric: 'xcpUtil' },
      rel: 0.02,
    },
    {
      id: 'fair-aimd',
      kind: 'range',
      text: 'The XCP flows share equally under AIMD (max/min goodput ≤ 1.1)',
      of: { point: 'aimd', metric: 'xcpFairness' },
      max: 1.1,
    },
    {
      id: 'fair-simd4',
      kind: 'range',
      text: '… and under fourth-root SIMD',
      of: { point: 'simd4', metric: 'xcpFairness' },
      max: 1.1,
    },
  ],
  notes: [
    ...COMMON_NOTES,
    '"Larger cwnd, fewer oscillations" for fourth-root SIMD (Figs 11 and 15–16) is not checked as a number: the windows are read off lost plots. The entry records each law’s XCP goodput and flow 0’s throughput CoV beside the utilisation for the reader.',
    'β (1.236 or 1.267) enters only α’s constant 3√β/(1 − 2β/3), which the ξ_p normalisation cancels; only r_max^(−e) shifts feedback between flows (router/XcpFairness.ts).',
  ],
  preset: 'seed003-fig6-aimd-30s',
};
