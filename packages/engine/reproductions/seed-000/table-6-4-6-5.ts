import type { ReproductionSpec } from '../../src/reproduction/types.js';
import {
  CBR_OVERLOAD,
  CH6_METRICS,
  CH6_FULL,
  ch6Notes,
  atLength,
  cross2,
  DELAY_FLOOR,
  CROSS_EFFICACY_FULL,
  CROSS_PDR_FULL,
  CROSS_THROUGHPUT_FULL,
  TCP_BASELINE_CROSS_FULL,
} from './common.js';

const t64 = [
  { cap: 200, thr: [90.55, 79.81], jit: [23, 1298] },
  { cap: 300, thr: [90.58, 79.91], jit: [19, 1421] },
  { cap: 400, thr: [90.511, 78.97], jit: [19, 1256] },
  { cap: 500, thr: [90.52, 79.78], jit: [22, 1302] },
] as const;
const t65 = [
  { cap: 340, lb: [0.973, 5.21, 12.712], tcp: [0.791, 382.5, -6.844] },
  { cap: 360, lb: [0.975, 5.46, 12.518], tcp: [0.795, 393.5, -6.942] },
  { cap: 380, lb: [0.982, 5.58, 12.454], tcp: [0.803, 400.1, -6.971] },
  { cap: 400, lb: [0.984, 5.58, 12.464], tcp: [0.805, 405.6, -7.019] },
  { cap: 420, lb: [0.985, 5.6, 12.46], tcp: [0.806, 406.3, -7.027] },
  { cap: 440, lb: [0.0985, 5.62, 12.462], tcp: [0.806, 408.6, -7.029] },
] as const;
const B_A = [425, 600, 170]; // Table 6.1 2-input a): B1, B2, B3 (router id order B1, B2, B3)
const B_B = [390, 900, 525]; // Table 6.1 2-input b): B2 printed twice (900 and 520); the first kept
const w4 = 'Table 6.4';
const w5 = 'Table 6.5';

/** Seed 000 Tables 6.4 and 6.5: the 2-input cross, LbLCA against TCP Reno + RED. */
export const seed000Table6465: ReproductionSpec = {
  id: 'seed-000-table-6-4-6-5',
  study: '000',
  figure: 'Tables 6.4–6.5',
  title: '2-input cross: throughput, jitter, PDR, delay and efficacy of LbLCA and TCP Reno + RED',
  source:
    'Seed 000 (PhD thesis, IIT Guwahati 2020) §6.3.3, Tables 6.4–6.5, Figs 6.13–6.14; digest shared/spec/000-lblca.md §3',
  summary:
    'λ1 enters B1 and λ2 enters B3; both merge at B2 whose outgoing link runs at the capacity. Table 6.4 (λ = 180/70 Mb/s, capacity 200–500) gives throughput and jitter, Table 6.5 (capacity 340–440, λ not stated: read as Table 6.1’s second pair 150/200, the only one whose sum lies in that range) PDR, delay and efficacy.',
  base: () => atLength(cross2(180, 70, 200, B_A, 'lblca'), CH6_FULL),
  points: [
    ...t64.flatMap((r) =>
      (['lblca', 'tcp'] as const).map((m) => ({
        id: `${m}-a-c${r.cap}`,
        label: `${m === 'lblca' ? 'LbLCA' : 'TCP Reno + RED'}, λ 180/70, capacity ${r.cap} Mb/s`,
        scenario: () => atLength(cross2(180, 70, r.cap, B_A, m), CH6_FULL),
      })),
    ),
    ...t65.flatMap((r) =>
      (['lblca', 'tcp'] as const).map((m) => ({
        id: `${m}-b-c${r.cap}`,
        label: `${m === 'lblca' ? 'LbLCA' : 'TCP Reno + RED'}, λ 150/200, capacity ${r.cap} Mb/s`,
        scenario: () => atLength(cross2(150, 200, r.cap, B_B, m), CH6_FULL),
      })),
    ),
  ],
  seeds: [...CH6_FULL.seeds],
  metrics: CH6_METRICS,
  paper: [
    ...t64.flatMap((r) => [
      {
        point: `lblca-a-c${r.cap}`,
        metric: 'throughput',
        numbers: [{ value: r.thr[0], where: w4 }],
        note: 'headed Mbps; read as % of λ',
      },
      {
        point: `tcp-a-c${r.cap}`,
        metric: 'throughput',
        numbers: [{ value: r.thr[1], where: w4 }],
        note: 'headed Mbps; read as % of λ',
      },
      { point: `lblca-a-c${r.cap}`, metric: 'jitter', numbers: [{ value: r.jit[0], where: w4 }] },
      { point: `tcp-a-c${r.cap}`, metric: 'jitter', numbers: [{ value: r.jit[1], where: w4 }] },
    ]),
    ...t65.flatMap((r) => [
      {
        point: `lblca-b-c${r.cap}`,
        metric: 'pdr',
        numbers: [{ value: r.lb[0], where: w5 }],
        ...(r.cap === 440 ? { note: 'printed ".0985", read as 0.985 (0.984 at 400)' } : {}),
      },
      { point: `lblca-b-c${r.cap}`, metric: 'delay', numbers: [{ value: r.lb[1], where: w5 }] },
      { point: `lblca-b-c${r.cap}`, metric: 'efficacy', numbers: [{ value: r.lb[2], where: w5 }] },
      { point: `tcp-b-c${r.cap}`, metric: 'pdr', numbers: [{ value: r.tcp[0], where: w5 }] },
      { point: `tcp-b-c${r.cap}`, metric: 'delay', numbers: [{ value: r.tcp[1], where: w5 }] },
      { point: `tcp-b-c${r.cap}`, metric: 'efficacy', numbers: [{ value: r.tcp[2], where: w5 }] },
    ]),
  ],
  claims: [
    ...t64.map((r) => ({
      id: `jitter-c${r.cap}`,
      kind: 'less' as const,
      text: `Capacity ${r.cap}: LbLCA’s jitter is under a tenth of TCP’s (thesis ${r.jit[0]} vs ${r.jit[1]} ms)`,
      left: { point: `lblca-a-c${r.cap}`, metric: 'jitter' },
      right: { point: `tcp-a-c${r.cap}`, metric: 'jitter' },
      factor: 0.1,
      explanation: r.cap === 200 ? `${CBR_OVERLOAD} ${TCP_BASELINE_CROSS_FULL}` : TCP_BASELINE_CROSS_FULL,
    })),
    ...t64.map((r) => ({
      id: `throughput-c${r.cap}`,
      kind: 'less' as const,
      text: `Capacity ${r.cap}: TCP delivers less than LbLCA`,
      left: { point: `tcp-a-c${r.cap}`, metric: 'throughput' },
      right: { point: `lblca-a-c${r.cap}`, metric: 'throughput' },
      explanation: CROSS_THROUGHPUT_FULL,
    })),
    ...t65.map((r) => ({
      id: `pdr-c${r.cap}`,
      kind: 'range' as const,
      text: `Capacity ${r.cap}: LbLCA’s PDR is 97–99 % (thesis ${r.lb[0]})`,
      of: { point: `lblca-b-c${r.cap}`, metric: 'pdr' },
      min: 0.97,
      max: 0.99,
      explanation: `${CROSS_PDR_FULL} ${CBR_OVERLOAD}`,
    })),
    ...t65.map((r) => ({
      id: `tcp-pdr-c${r.cap}`,
      kind: 'range' as const,
      text: `Capacity ${r.cap}: TCP’s PDR is about 78–82 % (thesis ${r.tcp[0]})`,
      of: { point: `tcp-b-c${r.cap}`, metric: 'pdr' },
      min: 0.78,
      max: 0.82,
      explanation: TCP_BASELINE_CROSS_FULL,
    })),
    ...t65.map((r) => ({
      id: `delay-c${r.cap}`,
      kind: 'less' as const,
      text: `Capacity ${r.cap}: LbLCA’s delay is under a tenth of TCP’s (thesis ${r.lb[1]} vs ${r.tcp[1]} ms)`,
      left: { point: `lblca-b-c${r.cap}`, metric: 'delay' },
      right: { point: `tcp-b-c${r.cap}`, metric: 'delay' },
      factor: 0.1,
      explanation: `${DELAY_FLOOR} ${TCP_BASELINE_CROSS_FULL}`,
    })),
    ...t65.map((r) => ({
      id: `efficacy-c${r.cap}`,
      kind: 'less' as const,
      text: `Capacity ${r.cap}: TCP’s efficacy is below LbLCA’s (thesis ${r.tcp[2]} vs ${r.lb[2]} dB)`,
      left: { point: `tcp-b-c${r.cap}`, metric: 'efficacy' },
      right: { point: `lblca-b-c${r.cap}`, metric: 'efficacy' },
      explanation: `${CROSS_EFFICACY_FULL} ${CBR_OVERLOAD} ${DELAY_FLOOR}`,
    })),
  ],
  notes: [
    ...ch6Notes(CH6_FULL),
    'Table 6.1’s 2-input buffers: a) B1 425, B2 600, B3 170; b) B1 390, B3 525 and B2 printed twice (900 and 520): 900 is used.',
    'Table 6.5 names no λ; λ = 150/200 Mb/s (total 350) is our reading. Its last LbLCA PDR is printed ".0985": read as 0.985.',
  ],
  preset: 'seed000-cross-2',
  quickCheck: { points: ['lblca-a-c200', 'tcp-a-c200', 'lblca-b-c380', 'tcp-b-c380'], duration: '5s' },
};
