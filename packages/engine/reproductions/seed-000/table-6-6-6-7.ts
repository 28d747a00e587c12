import type { ReproductionSpec } from '../../src/reproduction/types.js';
import {
  CBR_OVERLOAD,
  CH6_METRICS,
  CH6_FULL,
  ch6Notes,
  atLength,
  cross3,
  CROSS3_LBLCA_QUEUES,
  CROSS3_THROUGHPUT_FULL,
  TCP_BASELINE_CROSS3_FULL,
} from './common.js';

// Table 6.1 3-input buffers in router id order B1…B6
const B_A = [810, 760, 535, 170, 1250, 560];
const B_B = [3590, 3000, 2455, 3180, 5470, 2480];
const LB: [number, number, number] = [600, 310, 620];
const LA: [number, number, number] = [180, 70, 140];
const t66 = [
  { cap: 1000, lb: [97.23, 6.83], tcp: [78.92, 520] },
  { cap: 1500, lb: [98.06, 6.72], tcp: [78.56, 583] },
  { cap: 2000, lb: [97.63, 6.64], tcp: [77.03, 567] },
  { cap: 2500, lb: [97.56, 6.02], tcp: [77.63, 517] },
] as const;
const t67a = [
  { cap: 350, thr: [92.11, 75.39], jit: [22, 1300] },
  { cap: 400, thr: [92.56, 75.96], jit: [18, 1198] },
  { cap: 450, thr: [93.23, 76.61], jit: [20, 1247] },
  { cap: 500, thr: [93.56, 76.63], jit: [19, 1088] },
] as const;
const t67b = [
  { cap: 1000, thr: [91.59, 78.59], jit: [19, 2200] },
  { cap: 1500, thr: [91.23, 79.2], jit: [16, 2183] },
  { cap: 2000, thr: [90.56, 80.01], jit: [17, 1997] },
  { cap: 2500, thr: [92.23, 78.63], jit: [18, 2198] },
] as const;
const THR = 'headed Mbps; read as % of λ';

/** Seed 000 Tables 6.6 and 6.7: the 3-input cross, LbLCA against TCP Reno + RED. */
export const seed000Table6667: ReproductionSpec = {
  id: 'seed-000-table-6-6-6-7',
  study: '000',
  figure: 'Tables 6.6–6.7',
  title: '3-input cross: PDR, delay, throughput and jitter of LbLCA and TCP Reno + RED',
  source:
    'Seed 000 (PhD thesis, IIT Guwahati 2020) §6.3.4, Tables 6.6–6.7, Fig. 6.15; digest shared/spec/000-lblca.md §3',
  summary:
    'Three inputs (λ1 into B1 → B2, λ2 into B3 → B4, λ3 into B6) merge at B5 (wiring ours: Fig. 6.9 is lost). Table 6.6: λ = 600/310/620 Mb/s, capacity 1000–2500, PDR (%) and delay; Table 6.7: throughput and jitter for λ = 180/70/140 (capacity 350–500) and 600/310/620 (1000–2500).',
  base: () => atLength(cross3(LB, 1000, B_B, 'lblca'), CH6_FULL),
  points: [
    ...[...t66].flatMap((r) =>
      (['lblca', 'tcp'] as const).map((m) => ({
        id: `${m}-b-c${r.cap}`,
        label: `${m === 'lblca' ? 'LbLCA' : 'TCP Reno + RED'}, λ 600/310/620, capacity ${r.cap} Mb/s`,
        scenario: () => atLength(cross3(LB, r.cap, B_B, m), CH6_FULL),
      })),
    ),
    ...[...t67a].flatMap((r) =>
      (['lblca', 'tcp'] as const).map((m) => ({
        id: `${m}-a-c${r.cap}`,
        label: `${m === 'lblca' ? 'LbLCA' : 'TCP Reno + RED'}, λ 180/70/140, capacity ${r.cap} Mb/s`,
        scenario: () => atLength(cross3(LA, r.cap, B_A, m), CH6_FULL),
      })),
    ),
  ],
  seeds: [...CH6_FULL.seeds],
  metrics: CH6_METRICS,
  paper: [
    ...t66.flatMap((r) => [
      {
        point: `lblca-b-c${r.cap}`,
        metric: 'pdr',
        numbers: [{ value: r.lb[0], where: 'Table 6.6' }],
        note: 'percent (ours a ratio)',
      },
      { point: `lblca-b-c${r.cap}`, metric: 'delay', numbers: [{ value: r.lb[1], where: 'Table 6.6' }] },
      {
        point: `tcp-b-c${r.cap}`,
        metric: 'pdr',
        numbers: [{ value: r.tcp[0], where: 'Table 6.6' }],
        note: 'percent (ours a ratio)',
      },
      { point: `tcp-b-c${r.cap}`, metric: 'delay', numbers: [{ value: r.tcp[1], where: 'Table 6.6' }] },
    ]),
    ...t67b.flatMap((r) => [
      {
        point: `lblca-b-c${r.cap}`,
        metric: 'throughput',
        numbers: [{ value: r.thr[0], where: 'Table 6.7b' }],
        note: THR,
      },
      {
        point: `tcp-b-c${r.cap}`,
        metric: 'throughput',
        numbers: [{ value: r.thr[1], where: 'Table 6.7b' }],
        note: THR,
      },
      { point: `lblca-b-c${r.cap}`, metric: 'jitter', numbers: [{ value: r.jit[0], where: 'Table 6.7b' }] },
      { point: `tcp-b-c${r.cap}`, metric: 'jitter', numbers: [{ value: r.jit[1], where: 'Table 6.7b' }] },
    ]),
    ...t67a.flatMap((r) => [
      {
        point: `lblca-a-c${r.cap}`,
        metric: 'throughput',
        numbers: [{ value: r.thr[0], where: 'Table 6.7a' }],
        note: THR,
      },
      {
        point: `tcp-a-c${r.cap}`,
        metric: 'throughput',
        numbers: [{ value: r.thr[1], where: 'Table 6.7a' }],
        note: THR,
      },
      { point: `lblca-a-c${r.cap}`, metric: 'jitter', numbers: [{ value: r.jit[0], where: 'Table 6.7a' }] },
      { point: `tcp-a-c${r.cap}`, metric: 'jitter', numbers: [{ value: r.jit[1], where: 'Table 6.7a' }] },
    ]),
  ],
  claims: [
    ...t66.map((r) => ({
      id: `pdr-c${r.cap}`,
      kind: 'range' as const,
      text: `λ 600/310/620, capacity ${r.cap}: LbLCA’s PDR is 97–98 % (thesis ${r.lb[0]} %)`,
      of: { point: `lblca-b-c${r.cap}`, metric: 'pdr' },
      min: 0.97,
      max: 0.985,
      explanation: CBR_OVERLOAD,
    })),
    ...t66.map((r) => ({
      id: `tcp-pdr-c${r.cap}`,
      kind: 'range' as const,
      text: `λ 600/310/620, capacity ${r.cap}: TCP’s PDR is 77–79 % (thesis ${r.tcp[0]} %)`,
      of: { point: `tcp-b-c${r.cap}`, metric: 'pdr' },
      min: 0.77,
      max: 0.79,
      explanation: TCP_BASELINE_CROSS3_FULL,
    })),
    ...t66.map((r) => ({
      id: `delay-c${r.cap}`,
      kind: 'less' as const,
      text: `λ 600/310/620, capacity ${r.cap}: LbLCA’s delay is under a tenth of TCP’s (thesis ${r.lb[1]} vs ${r.tcp[1]} ms)`,
      left: { point: `lblca-b-c${r.cap}`, metric: 'delay' },
      right: { point: `tcp-b-c${r.cap}`, metric: 'delay' },
      factor: 0.1,
      explanation: `${CROSS3_LBLCA_QUEUES} ${TCP_BASELINE_CROSS3_FULL}`,
    })),
    ...t67a.map((r) => ({
      id: `jitter-a-c${r.cap}`,
      kind: 'less' as const,
      text: `λ 180/70/140, capacity ${r.cap}: LbLCA’s jitter is under a tenth of TCP’s (thesis ${r.jit[0]} vs ${r.jit[1]} ms)`,
      left: { point: `lblca-a-c${r.cap}`, metric: 'jitter' },
      right: { point: `tcp-a-c${r.cap}`, metric: 'jitter' },
      factor: 0.1,
      explanation: `${CROSS3_LBLCA_QUEUES} ${TCP_BASELINE_CROSS3_FULL}`,
    })),
    ...t67a.map((r) => ({
      id: `throughput-a-c${r.cap}`,
      kind: 'less' as const,
      text: `λ 180/70/140, capacity ${r.cap}: TCP delivers less than LbLCA`,
      left: { point: `tcp-a-c${r.cap}`, metric: 'throughput' },
      right: { point: `lblca-a-c${r.cap}`, metric: 'throughput' },
      explanation: CROSS3_THROUGHPUT_FULL,
    })),
  ],
  notes: [
    ...ch6Notes(CH6_FULL),
    'Fig. 6.9 (the 3-input wiring) is lost: λ1 enters B1 → B2, λ2 B3 → B4, λ3 B6, all merging at B5; every router port runs at the capacity. Table 6.1’s buffers B1…B6 are used in that id order.',
    'Table 6.6 prints PDR in percent; ours is a ratio (0.97 = 97 %).',
  ],
  preset: 'seed000-cross-3',
  quickCheck: { points: ['lblca-b-c1000', 'tcp-b-c1000', 'lblca-a-c350', 'tcp-a-c350'], duration: '2s' },
};
