import type { RunSummary } from '../summary.js';
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

/** What a cross-check compares: a run summary (measured over the whole run) or an ns-2-shaped result. */
export type Ns2Measured = RunSummary | Ns2Reference;

/**
 * The ns-2-shaped numbers of a run: per-flow bytes departing `bottleneck` over the whole run (the
 * flow monitor of dumbbell.tcl with warmup 0; validation/ns2Run.ts measures other warmups).
 */
export function asNs2Result(s: Ns2Measured, kinds: readonly string[], bottleneck = 'r1->r2'): Ns2Reference {
  if (!('ports' in s)) return s;
  const port = s.ports.find((p) => p.name === bottleneck);
  if (!port) throw new Error(`no port ${bottleneck} in the run`);
  const th = s.flows.map((f) => port.flowThroughputBps[f.id] ?? 0);
  return {
    flows: th.map((t, i) => ({ kind: kinds[i] ?? '?', throughputBps: t })),
    aggregateThroughputBps: th.reduce((a, b) => a + b, 0),
    jain: jainIndex(th),
    bottleneck: {
      arrivals: port.arrivals,
      departures: port.departures,
      drops: port.drops + port.linkLosses,
      meanQueuePackets: port.meanQueuePackets,
    },
  };
}

/**
 * Mean throughput per flow of each kind ("Newreno", "TFRC", "CBR:12Mb"), in the order kinds
 * first appear. The winner rule compares kinds, not single flows: which of two identical flows
 * leads is chance (chaotic dynamics), which kind leads is the model's behaviour.
 */
export function kindMeans(flows: readonly { kind: string }[], th: readonly number[]): Map<string, number> {
  const sum = new Map<string, number>();
  const count = new Map<string, number>();
  flows.forEach((f, i) => {
    sum.set(f.kind, (sum.get(f.kind) ?? 0) + (th[i] ?? 0));
    count.set(f.kind, (count.get(f.kind) ?? 0) + 1);
  });
  return new Map([...sum].map(([k, v]) => [k, v / count.get(k)!]));
}

/** The kind with the largest value (the first such in order). */
function topKind(m: ReadonlyMap<string, number>): string {
  let best = '';
  let v = -Infinity;
  for (const [k, x] of m)
    if (x > v) {
      v = x;
      best = k;
    }
  return best;
}

/**
 * Agreement rules of validation/README.md: aggregate throughput within ±3 %, Jain's index within
 * ±0.05, bottleneck drops within ±50 % (±20 packets when ns-2 counts fewer than 40), mean
 * bottleneck queue within ±25 % (or ±2 packets), and, where flows of different kinds compete,
 * the same winner with roughly the same ratio. The winner is a kind of flow: the kind with the
 * largest mean throughput per flow, whose mean per-flow share must be within ±30 % of ns-2's;
 * when ns-2's winning kind leads the runner-up kind by less than 10 % the case is a near-tie and
 * ns-2's winning kind need only be within 10 % of cclab's.
 */
export function compareWithNs2(ref: Ns2Reference, measured: Ns2Measured, bottleneck = 'r1->r2'): Comparison {
  const s = asNs2Result(
    measured,
    ref.flows.map((f) => f.kind),
    bottleneck,
  );
  const ours = s.flows.map((f) => f.throughputBps);
  const agg = s.aggregateThroughputBps;
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
  const d1 = s.bottleneck.drops;
  if (d0 < 40)
    checks.push({ quantity: 'bottleneck drops', ns2: d0, cclab: d1, tolerance: '±20', pass: Math.abs(d1 - d0) <= 20 });
  else rel('bottleneck drops', d0, d1, 0.5);
  const q0 = ref.bottleneck.meanQueuePackets;
  const q1 = s.bottleneck.meanQueuePackets;
  checks.push({
    quantity: 'mean bottleneck queue (packets)',
    ns2: q0,
    cclab: q1,
    tolerance: '±25% or ±2',
    pass: Math.abs(q1 - q0) <= Math.max(0.25 * q0, 2),
  });
  const k0 = kindMeans(
    ref.flows,
    ref.flows.map((f) => f.throughputBps),
  );
  if (k0.size > 1 && ref.flows.length === ours.length) {
    const k1 = kindMeans(ref.flows, ours);
    const win0 = topKind(k0);
    const win1 = topKind(k1);
    const share0 = k0.get(win0)! / ref.aggregateThroughputBps;
    const share1 = agg > 0 ? k1.get(win0)! / agg : 0;
    // a near-tie in ns-2 (winning kind less than 10 % ahead of the runner-up) has no meaningful
    // winner: then ns-2's winning kind must merely be within 10 % of cclab's
    const runnerUp0 = Math.max(...[...k0].filter(([k]) => k !== win0).map(([, v]) => v));
    const nearTie = k0.get(win0)! - runnerUp0 < 0.1 * k0.get(win0)!;
    const sameWinner = win0 === win1 || (nearTie && k1.get(win0)! >= 0.9 * k1.get(win1)!);
    checks.push({
      quantity: `winner (${win0}) and its share per flow`,
      ns2: share0,
      cclab: share1,
      tolerance: nearTie
        ? 'near-tie: ns-2 winning kind within 10% of ours, share ±30%'
        : 'same winning kind, share ±30%',
      pass: sameWinner && Math.abs(share1 - share0) <= 0.3 * share0,
    });
  }
  return {
    checks,
    perFlow: ref.flows.map((f, i) => ({ kind: f.kind, ns2: f.throughputBps, cclab: ours[i] ?? 0 })),
    pass: checks.every((c) => c.pass),
  };
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
  runs: readonly Ns2Measured[],
  bottleneck = 'r1->r2',
): Comparison {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const kinds = refs[0]!.flows.map((f) => f.kind);
  const ours = runs.map((r) => {
    const s = asNs2Result(r, kinds, bottleneck);
    const th = s.flows.map((f) => f.throughputBps);
    return {
      th,
      agg: s.aggregateThroughputBps,
      jain: s.jain,
      drops: s.bottleneck.drops,
      q: s.bottleneck.meanQueuePackets,
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
  // the winner is a kind of flow (its mean share per flow over the runs), as in compareWithNs2;
  // among flows of one kind which one leads is chance, and Jain's index already judges the split
  const flows = refs[0]!.flows;
  const share0 = kindMeans(
    flows,
    flows.map((_, i) => mean(refs.map((r) => r.flows[i]!.throughputBps / r.aggregateThroughputBps))),
  );
  const share1 = kindMeans(
    flows,
    flows.map((_, i) => mean(ours.map((o) => (o.agg > 0 ? o.th[i]! / o.agg : 0)))),
  );
  if (share0.size > 1) {
    const w0 = topKind(share0);
    add(
      `winner (${w0}) and its mean share per flow`,
      share0.get(w0)!,
      share1.get(w0)!,
      'same winning kind, share ±10%',
      topKind(share1) === w0 && Math.abs(share1.get(w0)! - share0.get(w0)!) <= 0.1 * share0.get(w0)!,
    );
  }
  return {
    checks,
    perFlow: flows.map((f, i) => ({
      kind: f.kind,
      ns2: mean(refs.map((r) => r.flows[i]!.throughputBps)),
      cclab: mean(ours.map((o) => o.th[i]!)),
    })),
    pass: checks.every((c) => c.pass),
  };
}
