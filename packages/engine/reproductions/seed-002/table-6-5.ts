import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { COMMON_NOTES, LOST, seed002Dumbbell } from './common.js';
import { table63Metrics, table63Points } from './table-6-3.js';

/**
 * Seed 002 Ch. 6, Table 6.5 (Exp. 6-4): the four-DCCP-plus-TCP experiment of Tables 6.3–6.4 with
 * RED instead of DropTail at the bottleneck.
 */
export const seed002Table65: ReproductionSpec = {
  id: 'seed-002-table-6-5',
  study: '002',
  figure: 'Table 6.5',
  title: 'Four DCCP flows (TCP-like or TW) and one TCP flow through a RED bottleneck',
  source: 'Seed 002 (PhD thesis, UUM 2012), Chapter 6, Table 6.5 (Exp. 6-4, RED); digest 002 §2–§3',
  summary:
    'The experiment of Tables 6.3–6.4 with a RED bottleneck (ns-2.35 Queue/RED defaults: byte mode, automatic thresholds from a 5 ms target delay, gentle) instead of DropTail. Checked: RED keeps the bottleneck queue shorter than DropTail does for the same flows, and the five CCID-2/TCP flows still share fairly on the short link.',
  base: () =>
    seed002Dumbbell('Seed 002 Table 6.5: 4 DCCP + TCP through RED', ['ccid2', 'ccid2', 'ccid2', 'ccid2', 'tcp'], {
      queue: { type: 'red' },
    }),
  points: [
    ...table63Points,
    {
      id: 'tcplike-short-droptail',
      label: '4 TCP-like + TCP, short delay, DropTail (for comparison)',
      set: { 'links[r1-r2].delay': '20ms', 'links[r1-r2].queue': { type: 'droptail' } },
    },
  ],
  seeds: [1, 2, 3, 4, 5],
  startJitter: 1,
  metrics: [
    ...table63Metrics,
    { name: 'queue', label: 'Mean bottleneck queue', metric: 'meanQueuePackets', port: 'r1->r2' },
  ],
  paper: table63Points.map((p) => ({ point: p.id, metric: 'tcp', numbers: [], note: LOST })),
  claims: [
    {
      id: 'red-shorter-queue',
      kind: 'less',
      text: 'RED keeps the bottleneck queue shorter than DropTail for the same flows',
      left: { point: 'tcplike-short', metric: 'queue' },
      right: { point: 'tcplike-short-droptail', metric: 'queue' },
    },
    {
      id: 'fair-short-red',
      kind: 'range',
      text: 'With CCID-2 on the short link the five flows share fairly through RED (Jain ≥ 0.9)',
      of: { point: 'tcplike-short', metric: 'jain' },
      min: 0.9,
    },
    {
      id: 'tw-friendly-short-red',
      kind: 'range',
      text: 'TW stays friendly to TCP through RED on the short link: TCP gets at least half of a TW flow’s goodput',
      of: { point: 'tw-short', metric: 'tcpShare' },
      min: 0.5,
    },
  ],
  notes: [
    ...COMMON_NOTES,
    'RED runs with ns-2.35’s Queue/RED defaults (docs/models.md); the thesis’s RED parameters are lost.',
    'Through DropTail the same TW flows push TCP below half of a TW flow’s share (Tables 6.3–6.4); through RED TCP keeps two thirds of it — RED notifies each connection with a probability roughly proportional to its share of the bandwidth (Floyd & Jacobson 1993, §1), where DropTail’s overflows hit whoever arrives during a burst.',
  ],
};
