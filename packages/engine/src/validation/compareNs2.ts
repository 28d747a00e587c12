import type { RunSummary } from '../metrics/summary.js';
import { jainIndex } from '../metrics/TimeSeries.js';

/** The ns-2 dumbbell reference numbers this module compares against (validation/README.md). */
export interface Ns2Reference {
  flows: { kind: string; throughputBps: number }[];
  aggregateThroughputBps: number;
  jain: number;
  bottleneck: { arrivals: number; departures: number; drops: number; meanQueuePackets: number };
}

export interface Check {
  quantity: string;
  ns2: number;
  cclab: number;
  tolerance: string;
  pass: boolean;
}

export interface Comparison {
  checks: Check[];
  perFlow: { kind: string; ns2: number; cclab: number }[];
  pass: boolean;
}

/**
 * Agreement rules of validation/README.md: aggregate throughput within ±3 %, Jain's index within
 * ±0.05, bottleneck drops within ±50 % (±20 packets when ns-2 counts fewer than 40), mean
 * bottleneck queue within ±25 % (or ±2 packets), and, where flows of different kinds compete,
 * the same winner with roughly the same ratio (checked as the top flow's share within ±30 %; when
 * ns-2's winner leads the runner-up by less than 10 % the case is a near-tie and ns-2's winner
 * need only be within 10 % of cclab's).
 */
export function compareWithNs2(ref: Ns2Reference, s: RunSummary, bottleneck = 'r1->r2'): Comparison {
  const port = s.ports.find((p) => p.name === bottleneck);
  if (!port) throw new Error(`no port ${bottleneck} in the run`);
  const ours = s.flows.map((f) => port.flowThroughputBps[f.id] ?? 0);
  const agg = ours.reduce((a, b) => a + b, 0);
  const checks: Check[] = [];
  const rel = (q: string, a: number, b: number, tol: number) =>
    checks.push({
      quantity: q,
      ns2: a,
      cclab: b,
      tolerance: `±${tol * 100}%`,
      pass: Math.abs(b - a) <= tol * Math.abs(a) + 1e-9,
    });
  rel('aggregate throughput (bit/s)', ref.aggregateThroughputBps, agg, 0.03);
  const jain = jainIndex(ours);
  checks.push({
    quantity: "Jain's index",
    ns2: ref.jain,
    cclab: jain,
    tolerance: '±0.05',
    pass: Math.abs(jain - ref.jain) <= 0.05,
  });
  const d0 = ref.bottleneck.drops;
  const d1 = port.drops + port.linkLosses;
  if (d0 < 40)
    checks.push({ quantity: 'bottleneck drops', ns2: d0, cclab: d1, tolerance: '±20', pass: Math.abs(d1 - d0) <= 20 });
  else rel('bottleneck drops', d0, d1, 0.5);
  const q0 = ref.bottleneck.meanQueuePackets;
  const q1 = port.meanQueuePackets;
  checks.push({
    quantity: 'mean bottleneck queue (packets)',
    ns2: q0,
    cclab: q1,
    tolerance: '±25% or ±2',
    pass: Math.abs(q1 - q0) <= Math.max(0.25 * q0, 2),
  });
  const kinds = new Set(ref.flows.map((f) => f.kind));
  if (kinds.size > 1 && ref.flows.length === ours.length) {
    const th0 = ref.flows.map((f) => f.throughputBps);
    const win0 = argmax(th0);
    const win1 = argmax(ours);
    const share0 = th0[win0]! / ref.aggregateThroughputBps;
    const share1 = agg > 0 ? ours[win1]! / agg : 0;
    // a near-tie in ns-2 (winner less than 10 % ahead of the runner-up) has no meaningful winner:
    // then ns-2's winner must merely be within 10 % of cclab's
    const runnerUp0 = Math.max(...th0.filter((_, i) => i !== win0));
    const nearTie = th0[win0]! - runnerUp0 < 0.1 * th0[win0]!;
    const sameWinner = win0 === win1 || (nearTie && ours[win0]! >= 0.9 * ours[win1]!);
    checks.push({
      quantity: `winner (${ref.flows[win0]!.kind}) and its share`,
      ns2: share0,
      cclab: share1,
      tolerance: nearTie ? 'near-tie: ns-2 winner within 10% of ours, share ±30%' : 'same winner, share ±30%',
      pass: sameWinner && Math.abs(share1 - share0) <= 0.3 * share0,
    });
  }
  return {
    checks,
    perFlow: ref.flows.map((f, i) => ({ kind: f.kind, ns2: f.throughputBps, cclab: ours[i] ?? 0 })),
    pass: checks.every((c) => c.pass),
  };
}

function argmax(xs: number[]): number {
  let b = 0;
  for (let i = 1; i < xs.length; i++) if (xs[i]! > xs[b]!) b = i;
  return b;
}

const fmt = (x: number) =>
  Math.abs(x) >= 1e5 ? (x / 1e6).toFixed(3) + 'M' : Math.abs(x) < 10 ? x.toFixed(4) : x.toFixed(1);

/** A markdown table (used by `cclab validate-ns2` and pasted into docs/validation.md). */
export function formatComparison(name: string, c: Comparison): string {
  const lines = [
    `### ${name} — ${c.pass ? 'agrees' : 'DISAGREES'}`,
    '',
    '| quantity | ns-2.35 | cclab | tolerance | |',
    '|---|---:|---:|---|---|',
  ];
  for (const k of c.checks)
    lines.push(`| ${k.quantity} | ${fmt(k.ns2)} | ${fmt(k.cclab)} | ${k.tolerance} | ${k.pass ? 'ok' : '**out**'} |`);
  lines.push('', '| flow | ns-2.35 throughput | cclab throughput |', '|---|---:|---:|');
  c.perFlow.forEach((f, i) => lines.push(`| ${i} ${f.kind} | ${fmt(f.ns2)} | ${fmt(f.cclab)} |`));
  return lines.join('\n');
}

/** Compares the means over an ensemble of runs (same scenario, different start staggers). */
export function compareEnsemble(
  refs: readonly Ns2Reference[],
  runs: readonly RunSummary[],
  bottleneck = 'r1->r2',
): Comparison {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const ours = runs.map((s) => {
    const port = s.ports.find((p) => p.name === bottleneck)!;
    const th = s.flows.map((f) => port.flowThroughputBps[f.id] ?? 0);
    return {
      th,
      agg: th.reduce((a, b) => a + b, 0),
      jain: jainIndex(th),
      drops: port.drops + port.linkLosses,
      q: port.meanQueuePackets,
    };
  });
  const checks: Check[] = [];
  const add = (quantity: string, a: number, b: number, tolerance: string, pass: boolean) =>
    checks.push({ quantity, ns2: a, cclab: b, tolerance, pass });
  const a0 = mean(refs.map((r) => r.aggregateThroughputBps));
  const a1 = mean(ours.map((o) => o.agg));
  add('mean aggregate throughput (bit/s)', a0, a1, '±3%', Math.abs(a1 - a0) <= 0.03 * a0);
  const j0 = mean(refs.map((r) => r.jain));
  const j1 = mean(ours.map((o) => o.jain));
  add("mean Jain's index", j0, j1, '±0.05', Math.abs(j1 - j0) <= 0.05);
  const d0 = mean(refs.map((r) => r.bottleneck.drops));
  const d1 = mean(ours.map((o) => o.drops));
  add(
    'mean bottleneck drops',
    d0,
    d1,
    d0 < 40 ? '±20' : '±50%',
    d0 < 40 ? Math.abs(d1 - d0) <= 20 : Math.abs(d1 - d0) <= 0.5 * d0,
  );
  const q0 = mean(refs.map((r) => r.bottleneck.meanQueuePackets));
  const q1 = mean(ours.map((o) => o.q));
  add('mean bottleneck queue (packets)', q0, q1, '±25% or ±2', Math.abs(q1 - q0) <= Math.max(0.25 * q0, 2));
  const n = refs[0]!.flows.length;
  const share0 = Array.from({ length: n }, (_, i) =>
    mean(refs.map((r) => r.flows[i]!.throughputBps / r.aggregateThroughputBps)),
  );
  const share1 = Array.from({ length: n }, (_, i) => mean(ours.map((o) => (o.agg > 0 ? o.th[i]! / o.agg : 0))));
  const w0 = argmax(share0);
  add(
    `winner (${refs[0]!.flows[w0]!.kind}) and its mean share`,
    share0[w0]!,
    share1[w0]!,
    'same winner, share ±10%',
    argmax(share1) === w0 && Math.abs(share1[w0]! - share0[w0]!) <= 0.1 * share0[w0]!,
  );
  return {
    checks,
    perFlow: refs[0]!.flows.map((f, i) => ({
      kind: f.kind,
      ns2: mean(refs.map((r) => r.flows[i]!.throughputBps)),
      cclab: mean(ours.map((o) => o.th[i]!)),
    })),
    pass: checks.every((c) => c.pass),
  };
}
