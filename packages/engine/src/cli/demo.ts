/**
 * `cclab demo list` (the lecture kit's demos, one a line) and `cclab demo check ID...|--all` (run
 * each demo's first 20 simulated seconds and print its point's claims, measured against their
 * bounds; exit 1 when one does not hold). A demo's scenario itself runs as `cclab run --preset
 * demo-ID`.
 */
import { demos, findDemo, type DemoClaim } from '../demos/index.js';

const USAGE = `usage:
  cclab demo list                 list the demos (id, title, point)
  cclab demo check ID... | --all  run each demo's first 20 s and check its point`;

const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toPrecision(4));

/** One claim as a line: "ok   9.262 ≥ 2.5 ×  the 40 ms flow's goodput …". */
export function claimLine(c: DemoClaim): string {
  const rel = c.relation === '>=' ? '≥' : '≤';
  const unit = c.unit ? ` ${c.unit}` : '';
  return `  ${c.holds ? 'ok  ' : 'FAIL'} ${fmt(c.measured)}${unit} ${rel} ${fmt(c.bound)}${unit}  ${c.statement}`;
}

export function demo(args: string[]): number {
  const [sub, ...rest] = args;
  const out = (s: string) => process.stdout.write(s + '\n');
  const err = (s: string) => process.stderr.write(s + '\n');
  if (sub === 'list') {
    for (const d of demos) out(`${d.id.padEnd(22)} ${d.title} — ${d.point}`);
    return 0;
  }
  if (sub === 'check') {
    const ids = rest.includes('--all') ? demos.map((d) => d.id) : rest.filter((a) => !a.startsWith('--'));
    if (ids.length === 0) {
      err(USAGE);
      return 2;
    }
    const unknown = ids.filter((id) => !findDemo(id));
    if (unknown.length > 0) {
      err(`unknown demo ${unknown.join(', ')} (see: cclab demo list)`);
      return 2;
    }
    let failed = 0;
    for (const id of ids) {
      const d = findDemo(id)!;
      const claims = d.verify();
      const ok = claims.every((c) => c.holds);
      if (!ok) failed++;
      out(`${ok ? 'ok  ' : 'FAIL'} ${d.id}: ${d.point}`);
      for (const c of claims) out(claimLine(c));
    }
    return failed > 0 ? 1 : 0;
  }
  err(USAGE);
  return 2;
}
