import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareWithNs2, type Comparison } from '../validation/compareNs2.js';
import { runNs2Dumbbell } from '../validation/ns2Run.js';
import { ns2Available, runNs2, validationDir } from './ns2.js';
import { intOption } from './benchTiming.js';
import { ROW_HEADER, row } from './validateNs2.js';

const SCHED_SCRIPT = fileURLToPath(new URL('../../test/fixtures/ns2-scripts/sched.tcl', import.meta.url));

/** One random dumbbell case: harness arguments and the script they run through. */
export interface RandomNs2Case {
  name: string;
  /** dumbbell.tcl, or the scheduler wrapper for DRR, SFQ and FQ (qtype=FQ needs it). */
  script: 'dumbbell.tcl' | 'sched.tcl';
  args: Record<string, string>;
}

const TCP_KINDS = ['Newreno', 'Reno', 'Tahoe', 'Sack', 'Vegas', 'Linux:cubic'];
const OTHER_KINDS = ['DCCP:TCPlike', 'DCCP:TFRC', 'TFRC', 'CBR:2Mb', 'CBR:5Mb'];

/** A small seeded generator (LCG, Numerical Recipes constants): the same seed, the same cases. */
function generator(seed: number): () => number {
  let s = Math.imul(seed >>> 0, 2654435761) >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/**
 * `count` random cases of the ns-2 reference dumbbell (validation/ns2/README.md's keys): 1–8 flows
 * of one TCP kind or a mix (a fifth of the mixed flows DCCP, TFRC or CBR), bottleneck 2–45 Mb/s and
 * 2–120 ms, buffers of 8–150 packets, DropTail, RED, DRR, SFQ or FQ, and now and then per-flow
 * access delays, 500- or 1460-byte packets, a receiver window and another start stagger; 40 s each.
 * `maxFlows` bounds the flow count (1 gives single flows, whose runs are not chaotic).
 */
export function randomNs2Cases(seed: number, count: number, maxFlows = 8): RandomNs2Case[] {
  const rnd = generator(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const cases: RandomNs2Case[] = [];
  for (let c = 0; c < count; c++) {
    const args: Record<string, string> = {};
    const n = 1 + Math.floor(rnd() * Math.min(8, Math.max(1, maxFlows)));
    if (rnd() < 0.5) {
      args.n = String(n);
      args.tcp = pick(TCP_KINDS);
    } else {
      args.flows = Array.from({ length: n }, () => (rnd() < 0.8 ? pick(TCP_KINDS) : pick(OTHER_KINDS))).join(',');
    }
    args.bw = `${pick([2, 5, 10, 10, 20, 45])}Mb`;
    args.delay = `${pick([2, 10, 20, 35, 60, 120])}ms`;
    args.qlim = String(pick([8, 15, 30, 50, 80, 150]));
    const q = pick(['DropTail', 'DropTail', 'RED', 'DRR', 'SFQ', 'FQ']);
    args.qtype = q;
    if (rnd() < 0.4) args.accdelays = Array.from({ length: n }, () => `${pick([1, 3, 8, 15, 30])}ms`).join(',');
    if (rnd() < 0.2) args.pkt = String(pick([500, 1460]));
    if (rnd() < 0.15) args.win = String(pick([10, 30, 64]));
    if (rnd() < 0.3) args.stagger = String(pick([0.03, 0.25, 0.5]));
    args.T = '40';
    cases.push({
      name: `random-${seed}-${c}`,
      script: q === 'DRR' || q === 'SFQ' || q === 'FQ' ? 'sched.tcl' : 'dumbbell.tcl',
      args,
    });
  }
  return cases;
}

const argLine = (c: RandomNs2Case) =>
  Object.entries(c.args)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');

/**
 * `cclab validate-ns2 --random N [--seed S] [--max-flows K]`: N random dumbbell cases, each run
 * now by ns-2.35 and by cclab and judged with the validation tolerances, one table row each; then
 * every case's full arguments, with what fell outside the tolerances (rerun one with `cclab
 * translate ns2 ARGS`, or `ns dumbbell.tcl ARGS`). Needs ns-2 (`ns`) installed. Random multi-flow cases are
 * often chaotic in ns-2 itself (docs/validation.md): a single disagreement is a lead to follow
 * (over start staggers), not by itself a model error.
 */
export function validateNs2Random(argv: string[]): number {
  const count = intOption(argv, '--random', 10);
  if (count > 10_000) throw new Error(`--random: ${count} cases is more than the 10000 one run allows`);
  const seed = intOption(argv, '--seed', 1);
  const maxFlows = intOption(argv, '--max-flows', 8);
  const vdir = validationDir();
  if (!ns2Available() || vdir === null) {
    process.stderr.write(
      'validate-ns2 --random needs ns-2.35 (`ns`, Debian package ns2) and validation/ns2/dumbbell.tcl\n',
    );
    return 2;
  }
  const out = (s: string) => process.stdout.write(s + '\n');
  out(`${count} random ns-2 dumbbell cases, seed ${seed} (ns-2.35 now / cclab; ✗ = outside the tolerance)\n`);
  out(ROW_HEADER);
  const results: { c: RandomNs2Case; cmp: Comparison }[] = [];
  for (const c of randomNs2Cases(seed, count, maxFlows)) {
    const script = c.script === 'sched.tcl' ? SCHED_SCRIPT : join(vdir, 'ns2', 'dumbbell.tcl');
    const cmp = compareWithNs2(runNs2(script, c.args).result, runNs2Dumbbell(c.name, c.args));
    out(row(c.name, cmp));
    results.push({ c, cmp });
  }
  out('');
  for (const { c, cmp } of results) {
    const outside = cmp.checks.filter((k) => !k.pass).map((k) => k.quantity);
    out(`${c.name}: ${c.script} ${argLine(c)}${outside.length ? `  — outside: ${outside.join(', ')}` : ''}`);
  }
  const agree = results.filter((r) => r.cmp.pass).length;
  out(`${agree} of ${count} random cases agree within the tolerances`);
  return 0;
}
