import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { COMMON_NOTES, fig6, fig6Metrics, LAW_LABELS, lawPoints } from './common.js';
import { EC_DECIDES } from './figs-7-14.js';

/** Seed 003 Figs 23–30 (XCP-SQRT, XCP-IIAD) and the XCP-MIMD figures, beside TCP, 30 s. */
export const seed003Binomial: ReproductionSpec = {
  id: 'seed-003-binomial-mimd',
  study: '003',
  figure: 'Figs 23–30 and the MIMD figures',
  title: 'XCP with SQRT, IIAD and MIMD fairness laws beside one TCP flow, 30 s',
  source:
    'Seed 003 (MS thesis, Oklahoma State 2005), §IV "XCP with Binomial Algorithms" (Figs 23–30) and "XCP with MIMD"; eq. 3.10–3.16; digest 003 §4',
  summary:
    'The Fig. 6 setup with the binomial laws SQRT (k = l = ½) and IIAD (k = 1, l = 0) and with MIMD in the routers’ fairness controller. The thesis: SQRT is slightly better than IIAD, both are worse than AIMD and fourth-root SIMD, and MIMD "only worsens" XCP-AIMD. Checked on utilisation, smoothness (throughput CoV) and fairness among the XCP flows.',
  base: () => fig6('Seed 003 Figs 23–30: binomial and MIMD laws (30 s)', 'sqrt', 30),
  points: lawPoints(['aimd', 'simd4', 'sqrt', 'iiad', 'mimd'], LAW_LABELS),
  seeds: [1, 2, 3],
  startJitter: 0.1,
  metrics: fig6Metrics(),
  paper: [],
  claims: [
    {
      id: 'sqrt-over-iiad',
      kind: 'less',
      text: 'XCP-SQRT performs slightly better than XCP-IIAD (utilisation higher by more than 0.5 %)',
      left: { point: 'iiad', metric: 'xcpUtil' },
      right: { point: 'sqrt', metric: 'xcpUtil' },
      factor: 0.995,
      explanation: EC_DECIDES,
    },
    {
      id: 'sqrt-smoother',
      kind: 'less',
      text: '… and fluctuates less (throughput CoV of an XCP flow lower by more than 10 %)',
      left: { point: 'sqrt', metric: 'xcpCov' },
      right: { point: 'iiad', metric: 'xcpCov' },
      factor: 0.9,
      explanation:
        'Within a few per cent and seed-dependent: with the efficiency controller fixing the aggregate, the law only shapes how the budget is split among three nearly equal flows, so the per-flow fluctuation differs little between laws.',
    },
    {
      id: 'sqrt-below-aimd',
      kind: 'less',
      text: 'XCP-SQRT is worse than XCP-AIMD (utilisation lower by more than 2 %)',
      left: { point: 'sqrt', metric: 'xcpUtil' },
      right: { point: 'aimd', metric: 'xcpUtil' },
      factor: 0.98,
      explanation: EC_DECIDES,
    },
    {
      id: 'iiad-below-simd4',
      kind: 'less',
      text: 'XCP-IIAD is worse than XCP fourth-root SIMD (utilisation lower by more than 2 %)',
      left: { point: 'iiad', metric: 'xcpUtil' },
      right: { point: 'simd4', metric: 'xcpUtil' },
      factor: 0.98,
      explanation: EC_DECIDES,
    },
    {
      id: 'mimd-unfair',
      kind: 'less',
      text: 'XCP-MIMD is worse than XCP-AIMD: the XCP flows end further from equal shares',
      left: { point: 'aimd', metric: 'xcpFairness' },
      right: { point: 'mimd', metric: 'xcpFairness' },
    },
  ],
  notes: [
    ...COMMON_NOTES,
    'An ordering counts as reproduced only with a margin (0.5 % for "slightly better", 2 % for "worse", 10 % for smoother): the laws’ utilisations differ by less than 0.1 %, inside the seed-to-seed spread, and a bare "<" would pass or fail by chance.',
    'The thesis gives no numbers for these laws, only orderings, so the paper column is empty.',
    'MIMD is the binomial law with k + l = 0: it keeps ratios (Bansal & Balakrishnan: convergence to fairness needs k + l > 0; test/chiuJain.test.ts), so the XCP flows keep whatever unequal shares their start left them — that is where it is worse than AIMD here, not in utilisation.',
  ],
  preset: 'seed003-fig6-aimd-30s',
};
