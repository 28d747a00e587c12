import { NS3_DEFAULTS, ns3Rate, ns3Time } from '../scenario/ns3Dumbbell.js';
import type { Ns3Measured } from './ns3Run.js';

/** The ns-3.37 dumbbell output this module compares against (validation/ns3/dumbbell.cc). */
export interface Ns3Reference {
  params: Record<string, string>;
  flows: { kind: string; throughputBps: number; retransmits?: number; timeouts?: number }[];
  aggregateThroughputBps: number;
  jain: number;
  bottleneck: {
    qtype: string;
    arrivals: number;
    departures: number;
    drops: number;
    marks: number;
    meanQueuePackets: number;
    meanSojournMs: number;
  };
}

export interface Ns3Check {
  quantity: string;
  ns3: number;
  cclab: number;
  tolerance: string;
  pass: boolean;
}

export interface Ns3Comparison {
  checks: Ns3Check[];
  perFlow: { kind: string; ns3: number; cclab: number }[];
  pass: boolean;
}

/** Facts about a case that select its agreement rules. */
export interface Ns3CaseFacts {
  qtype: string;
  kinds: string[];
  /** Bandwidth-delay product of the bottleneck, packets (mean base RTT over the flows). */
  bdpPackets: number;
  qlim: number;
  K: number;
}

export function ns3CaseFacts(ref: Ns3Reference): Ns3CaseFacts {
  const p = { ...NS3_DEFAULTS, ...ref.params };
  const kinds = ref.flows.map((f) => f.kind);
  const acc = ns3Time('accdelay', p.accdelay);
  const srcDelays = p.accdelays ? p.accdelays.split(',').map((d) => ns3Time('accdelays', d)) : [acc];
  const meanSrc = srcDelays.reduce((a, b) => a + b, 0) / srcDelays.length;
  const rtt = 2 * (meanSrc + ns3Time('delay', p.delay) + acc);
  const pktBits = 8 * (Number(p.pkt) + 40);
  return {
    qtype: ref.bottleneck.qtype,
    kinds,
    bdpPackets: (ns3Rate('bw', p.bw) * rtt) / pktBits,
    qlim: Number(p.qlim),
    K: Number(p.K),
  };
}

function argmax(xs: readonly number[]): number {
  let b = 0;
  for (let i = 1; i < xs.length; i++) if (xs[i]! > xs[b]!) b = i;
  return b;
}

/**
 * The agreement rules of validation/README.md ("What agreement means (ns-3)"):
 * - aggregate throughput within ±5 %;
 * - Jain's index within ±0.05 where ns-3's is ≥ 0.9; below that (and wherever flows of different
 *   kinds compete) the qualitative rule: the same winner, its share within ±10 percentage points
 *   — where kinds differ the winner is a kind (the total share of its flows: which of two equal
 *   flows beside a third kind wins is a matter of position, not of kind), otherwise a flow; a
 *   near-tie (ns-3's winner less than 10 % ahead of the runner-up) has no meaningful winner, so
 *   then only ns-3's winner's share is held to ±10 points;
 * - mean bottleneck queue within ±30 % or ±3 packets (not for BBR, see below);
 * - drops + marks within ±50 % or ±20, or within a factor of 2.5 for DropTail buffers of at
 *   least two bandwidth-delay products;
 * - mean sojourn under an AQM within ±30 % or ±2 ms;
 * - FqCoDel with a CBR flow: the CBR flow gets at most 1.3 × its fair share;
 * - StepRED with DCTCP flows: mean queue 0.5–1.2 × K and no drops;
 * - BBR: zero drops where ns-3 has zero; one flow: mean queue ≤ ½ BDP; two flows: a standing
 *   queue of about one BDP (read here as 0.6–1.4 BDP) — these replace the mean-queue rule, since
 *   ns-3's own BBR queue depends on its random ProbeBW phase (13 or 44 packets on bbr-1flow).
 * The CoDel-versus-FIFO bufferbloat pair is checked by `compareBufferbloatPair`.
 */
export function compareWithNs3(ref: Ns3Reference, m: Ns3Measured): Ns3Comparison {
  const f = ns3CaseFacts(ref);
  const checks: Ns3Check[] = [];
  const add = (quantity: string, ns3: number, cclab: number, tolerance: string, pass: boolean) =>
    checks.push({ quantity, ns3, cclab, tolerance, pass });
  const agg0 = ref.aggregateThroughputBps;
  const agg1 = m.aggregateThroughputBps;
  add('aggregate throughput (bit/s)', agg0, agg1, '±5%', Math.abs(agg1 - agg0) <= 0.05 * agg0);

  const th0 = ref.flows.map((x) => x.throughputBps);
  const th1 = m.flowThroughputBps;
  const mixed = new Set(f.kinds).size > 1;
  if (ref.jain >= 0.9) add("Jain's index", ref.jain, m.jain, '±0.05 (ns-3 ≥ 0.9)', Math.abs(m.jain - ref.jain) <= 0.05);
  if ((ref.jain < 0.9 || mixed) && th0.length > 1 && th1.length === th0.length) {
    // the winner is a kind where kinds differ (their flows' total share), else a flow
    const groups = mixed ? [...new Set(f.kinds)] : f.kinds.map((_, i) => `flow ${i} ${f.kinds[i]}`);
    const groupOf = (i: number) => (mixed ? groups.indexOf(f.kinds[i]!) : i);
    const total = (th: readonly number[]) => {
      const t = groups.map(() => 0);
      th.forEach((x, i) => (t[groupOf(i)]! += x));
      return t;
    };
    const g0 = total(th0);
    const g1 = total(th1);
    const w0 = argmax(g0);
    const w1 = argmax(g1);
    const share0 = g0[w0]! / agg0;
    const share1 = agg1 > 0 ? g1[w0]! / agg1 : 0;
    const runnerUp = Math.max(...g0.filter((_, i) => i !== w0));
    const nearTie = g0[w0]! - runnerUp < 0.1 * g0[w0]!;
    add(
      `winner (${groups[w0]}) and its share`,
      share0,
      share1,
      nearTie ? 'near-tie: its share ±10 points' : 'same winner, share ±10 points',
      (w0 === w1 || nearTie) && Math.abs(share1 - share0) <= 0.1,
    );
  }

  const bbrOnly = f.kinds.every((k) => k === 'Bbr');
  const q0 = ref.bottleneck.meanQueuePackets;
  const q1 = m.meanQueuePackets;
  if (bbrOnly) {
    if (f.kinds.length === 1)
      add(
        'BBR: mean queue ≤ ½ BDP (packets)',
        f.bdpPackets / 2,
        q1,
        `≤ ${(f.bdpPackets / 2).toFixed(1)}`,
        q1 <= f.bdpPackets / 2,
      );
    else
      add(
        'BBR: standing queue ≈ 1 BDP (packets)',
        f.bdpPackets,
        q1,
        '0.6–1.4 BDP',
        q1 >= 0.6 * f.bdpPackets && q1 <= 1.4 * f.bdpPackets,
      );
  } else add('mean bottleneck queue (packets)', q0, q1, '±30% or ±3', Math.abs(q1 - q0) <= Math.max(0.3 * q0, 3));

  const dm0 = ref.bottleneck.drops + ref.bottleneck.marks;
  const dm1 = m.drops + m.marks;
  const deep = f.qtype === 'DropTail' && f.qlim >= 2 * f.bdpPackets;
  if (bbrOnly && ref.bottleneck.drops === 0)
    add('BBR: drops (none where ns-3 has none)', 0, m.drops, '0', m.drops === 0);
  else if (deep)
    add(
      'drops + marks',
      dm0,
      dm1,
      'factor 2.5 or ±20 (DropTail ≥ 2 BDP)',
      Math.abs(dm1 - dm0) <= 20 || (dm1 <= 2.5 * dm0 && dm1 >= dm0 / 2.5),
    );
  else add('drops + marks', dm0, dm1, '±50% or ±20', Math.abs(dm1 - dm0) <= Math.max(0.5 * dm0, 20));

  if (f.qtype !== 'DropTail') {
    const s0 = ref.bottleneck.meanSojournMs;
    const s1 = m.meanSojournMs;
    add('mean sojourn (ms)', s0, s1, '±30% or ±2 ms', Math.abs(s1 - s0) <= Math.max(0.3 * s0, 2));
  }
  if (f.qtype === 'StepRED' && f.kinds.every((k) => k === 'Dctcp')) {
    add('StepRED: mean queue / K', 1, q1 / f.K, '0.5–1.2', q1 >= 0.5 * f.K && q1 <= 1.2 * f.K);
    add('StepRED: drops', 0, m.drops, '0', m.drops === 0);
  }
  if (f.qtype === 'FqCoDel') {
    f.kinds.forEach((k, i) => {
      if (!k.startsWith('CBR')) return;
      const fair = agg1 / f.kinds.length;
      add(
        `FqCoDel: ${k} share of the fair share`,
        th0[i]! / (agg0 / f.kinds.length),
        th1[i]! / fair,
        '≤ 1.3',
        th1[i]! <= 1.3 * fair,
      );
    });
  }
  return {
    checks,
    perFlow: ref.flows.map((x, i) => ({ kind: x.kind, ns3: x.throughputBps, cclab: th1[i] ?? 0 })),
    pass: checks.every((c) => c.pass),
  };
}

/**
 * The bufferbloat pair (validation/README.md): the same flows over CoDel and over a FIFO of the
 * same size — CoDel's mean queue below 5 % of the FIFO's, at equal throughput (within 5 %).
 */
export function compareBufferbloatPair(fifo: Ns3Measured, codel: Ns3Measured): Ns3Comparison {
  const checks: Ns3Check[] = [
    {
      quantity: "CoDel's mean queue / FIFO's",
      ns3: 0.05,
      cclab: codel.meanQueuePackets / fifo.meanQueuePackets,
      tolerance: '< 0.05',
      pass: codel.meanQueuePackets < 0.05 * fifo.meanQueuePackets,
    },
    {
      quantity: "CoDel's throughput / FIFO's",
      ns3: 1,
      cclab: codel.aggregateThroughputBps / fifo.aggregateThroughputBps,
      tolerance: '±5%',
      pass: Math.abs(codel.aggregateThroughputBps / fifo.aggregateThroughputBps - 1) <= 0.05,
    },
  ];
  return { checks, perFlow: [], pass: checks.every((c) => c.pass) };
}

/**
 * Compares the means over an ensemble of runs of one scenario at several start staggers — for
 * references whose single runs are chaotic in ns-3 itself (which of several equal flows wins) —
 * with the single-run tolerances applied to the means: aggregate throughput ±5 %, Jain's index
 * ±0.05, mean queue ±30 % or ±3 packets, drops + marks ±50 % or ±20.
 */
export function compareNs3Ensemble(refs: readonly Ns3Reference[], runs: readonly Ns3Measured[]): Ns3Comparison {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const checks: Ns3Check[] = [];
  const add = (quantity: string, ns3: number, cclab: number, tolerance: string, pass: boolean) =>
    checks.push({ quantity, ns3, cclab, tolerance, pass });
  const a0 = mean(refs.map((r) => r.aggregateThroughputBps));
  const a1 = mean(runs.map((m) => m.aggregateThroughputBps));
  add('mean aggregate throughput (bit/s)', a0, a1, '±5%', Math.abs(a1 - a0) <= 0.05 * a0);
  const j0 = mean(refs.map((r) => r.jain));
  const j1 = mean(runs.map((m) => m.jain));
  add("mean Jain's index", j0, j1, '±0.05', Math.abs(j1 - j0) <= 0.05);
  const q0 = mean(refs.map((r) => r.bottleneck.meanQueuePackets));
  const q1 = mean(runs.map((m) => m.meanQueuePackets));
  add('mean bottleneck queue (packets)', q0, q1, '±30% or ±3', Math.abs(q1 - q0) <= Math.max(0.3 * q0, 3));
  const d0 = mean(refs.map((r) => r.bottleneck.drops + r.bottleneck.marks));
  const d1 = mean(runs.map((m) => m.drops + m.marks));
  add('mean drops + marks', d0, d1, '±50% or ±20', Math.abs(d1 - d0) <= Math.max(0.5 * d0, 20));
  const n = refs[0]!.flows.length;
  return {
    checks,
    perFlow: refs[0]!.flows
      .map((f, i) => ({
        kind: f.kind,
        ns3: mean(refs.map((r) => r.flows[i]!.throughputBps)),
        cclab: mean(runs.map((m) => m.flowThroughputBps[i]!)),
      }))
      .slice(0, n),
    pass: checks.every((c) => c.pass),
  };
}

const fmt = (x: number) =>
  Math.abs(x) >= 1e5 ? (x / 1e6).toFixed(3) + 'M' : Math.abs(x) < 10 ? x.toFixed(4) : x.toFixed(1);

/** A markdown table (used by `cclab validate-ns3` and pasted into docs/validation.md). */
export function formatNs3Comparison(name: string, c: Ns3Comparison): string {
  const lines = [
    `### ${name} — ${c.pass ? 'agrees' : 'DISAGREES'}`,
    '',
    '| quantity | ns-3.37 | cclab | tolerance | |',
    '|---|---:|---:|---|---|',
  ];
  for (const k of c.checks)
    lines.push(`| ${k.quantity} | ${fmt(k.ns3)} | ${fmt(k.cclab)} | ${k.tolerance} | ${k.pass ? 'ok' : '**out**'} |`);
  if (c.perFlow.length > 0) {
    lines.push('', '| flow | ns-3.37 throughput | cclab throughput |', '|---|---:|---:|');
    c.perFlow.forEach((f, i) => lines.push(`| ${i} ${f.kind} | ${fmt(f.ns3)} | ${fmt(f.cclab)} |`));
  }
  return lines.join('\n');
}
