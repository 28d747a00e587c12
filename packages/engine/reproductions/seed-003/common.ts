import type { NamedMetric } from '../../src/experiment/experiment.js';
import { FIG6, fig6Links, type LawId } from '../../src/scenario/seed003.js';

export { FIG6, fig6, fig6Links, LAWS, type LawId } from '../../src/scenario/seed003.js';

const XCP_FLOWS = ['xcp0', 'xcp1', 'xcp2'];

/** The measurements of every Fig. 6 entry. */
export function fig6Metrics(tcp = true): NamedMetric[] {
  return [
    {
      name: 'xcpUtil',
      label: 'XCP utilisation (of its half)',
      metric: 'flowsUtilization',
      port: 'R0->R1',
      flows: XCP_FLOWS,
      share: FIG6.xcpShare,
    },
    { name: 'linkUtil', label: 'Link utilisation', metric: 'utilization', port: 'R0->R1' },
    { name: 'xcpFairness', label: 'XCP max-ratio fairness', metric: 'maxRatioFairness', flows: XCP_FLOWS },
    { name: 'xcpGoodput', label: 'XCP goodput', metric: 'aggregateGoodputBps', flows: XCP_FLOWS },
    ...(tcp ? [{ name: 'tcpGoodput', label: 'TCP goodput', metric: 'goodputBps', flow: 'tcp' } as NamedMetric] : []),
    { name: 'drops', label: 'Bottleneck drops', metric: 'drops', port: 'R0->R1' },
    { name: 'queue', label: 'Mean bottleneck queue', metric: 'meanQueuePackets', port: 'R0->R1' },
    { name: 'xcpCov', label: 'XCP flow 0 throughput CoV', metric: 'throughputCov', flow: 'xcp0', from: 5 },
  ];
}

/** Points: one per law, each law in every router. */
export function lawPoints(laws: readonly LawId[], labels: Record<LawId, string>) {
  return laws.map((law) => ({
    id: law,
    label: labels[law],
    set: { links: fig6Links(law, ['n0', 'n1', 'n2']) },
  }));
}

export const LAW_LABELS: Record<LawId, string> = {
  aimd: 'XCP-AIMD',
  simd: 'XCP-SIMD (square root, w(t), β 1.236)',
  simd4: 'XCP fourth-root SIMD (w(t−1), β 1.267)',
  sqrt: 'XCP-SQRT',
  iiad: 'XCP-IIAD',
  mimd: 'XCP-MIMD',
};

export const COMMON_NOTES = [
  'Figures are lost (digest 003): the thesis’s numbers survive only in its text — utilisation "around 1.0" for fourth-root SIMD and "around 0.8" for XCP-AIMD, at 30 s and at 300 s — and the rest are orderings ("slightly better", "worse").',
  'The setup is ns-2’s tcl/ex/xcp/xcp-tcp.tcl (see reproductions/seed-003/common.ts for every setting copied from it). The thesis’s modified C++ is lost; our fairness laws follow its equations 3.4–3.16 (digest 003 §2 table, router/XcpFairness.ts) with the ambiguities made parameters: how an XCP router knows a flow’s w₀ and w_max (ours: from the fall of its throughput between control intervals), which "previous window" w(t−1) is (ours: the previous control interval’s), and where the fourth root goes (ours: on (r − r₀) and on 2·r_max in α).',
  'Utilisation is ns-2’s `u` trace, which the thesis plotted: bytes of XCP packets leaving the bottleneck over the XCP queue’s capacity — half the link, because xcp-tcp.tcl sets tcp_xcp_on_ 1.',
  'xcp-tcp.tcl runs one seed (472904); we average seeds, with every flow start moved by up to 0.1 s per seed (the XCP flows’ uniform start in [0, 0.1) s; the TCP flow then starts in [0.09, 0.19) s).',
];
