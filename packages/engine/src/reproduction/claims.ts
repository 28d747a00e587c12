/**
 * Evaluates a reproduction's claims against measured statistics (means over seeds). A verdict is
 * "agrees" or "differs" with the numbers that decided it, or "undetermined" when a quantity is
 * missing (NaN).
 */
import type { SampleStats } from '../experiment/statistics.js';
import type { Claim, QuantityRef } from './types.js';

export type Verdict = 'agrees' | 'differs' | 'undetermined';

export interface ClaimResult {
  id: string;
  text: string;
  verdict: Verdict;
  /** The numbers behind the verdict, for a person. */
  detail: string;
  explanation?: string;
}

type Stats = Record<string, Record<string, SampleStats>>;

export function fmtNumber(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a !== 0 && (a >= 1e6 || a < 1e-3)) return x.toExponential(3);
  if (a >= 100) return x.toFixed(1);
  if (a >= 1) return x.toFixed(3);
  return x.toFixed(4);
}

function mean(stats: Stats, q: QuantityRef): number {
  return stats[q.point]?.[q.metric]?.mean ?? NaN;
}

const label = (q: QuantityRef) => `${q.metric}@${q.point}`;

export function evaluateClaim(c: Claim, stats: Stats): ClaimResult {
  const base = { id: c.id, text: c.text, ...(c.explanation ? { explanation: c.explanation } : {}) };
  const result = (ok: boolean | null, detail: string): ClaimResult => ({
    ...base,
    verdict: ok === null ? 'undetermined' : ok ? 'agrees' : 'differs',
    detail,
  });
  switch (c.kind) {
    case 'within': {
      const x = mean(stats, c.of);
      if (!Number.isFinite(x)) return result(null, `${label(c.of)} was not measured`);
      const d = Math.abs(x - c.value);
      const tol: string[] = [];
      let ok = false;
      if (c.rel !== undefined) {
        tol.push(`±${fmtNumber(c.rel * 100)} %`);
        ok ||= d <= c.rel * Math.abs(c.value);
      }
      if (c.abs !== undefined) {
        tol.push(`±${fmtNumber(c.abs)}`);
        ok ||= d <= c.abs;
      }
      return result(ok, `ours ${fmtNumber(x)} vs paper ${fmtNumber(c.value)} (${tol.join(' or ')})`);
    }
    case 'less': {
      const l = mean(stats, c.left);
      const r = mean(stats, c.right);
      const k = c.factor ?? 1;
      if (!Number.isFinite(l) || !Number.isFinite(r)) return result(null, 'a quantity was not measured');
      return result(
        l < k * r,
        `${label(c.left)} ${fmtNumber(l)} ${l < k * r ? '<' : '≥'} ${k === 1 ? '' : `${fmtNumber(k)} × `}${label(c.right)} ${fmtNumber(r)}`,
      );
    }
    case 'trend': {
      const xs = c.points.map((p) => mean(stats, { point: p, metric: c.metric }));
      if (xs.some((x) => !Number.isFinite(x))) return result(null, 'a point was not measured');
      const tol = c.tolerance ?? 0;
      let ok = true;
      for (let i = 1; i < xs.length; i++) {
        const slack = tol * Math.max(Math.abs(xs[i]!), Math.abs(xs[i - 1]!));
        if (c.direction === 'increasing' ? xs[i]! < xs[i - 1]! - slack : xs[i]! > xs[i - 1]! + slack) ok = false;
      }
      return result(ok, `${c.metric} over ${c.points.join(' → ')}: ${xs.map(fmtNumber).join(' → ')} (${c.direction})`);
    }
    case 'range': {
      const x = mean(stats, c.of);
      if (!Number.isFinite(x)) return result(null, `${label(c.of)} was not measured`);
      const ok = (c.min === undefined || x >= c.min) && (c.max === undefined || x <= c.max);
      return result(
        ok,
        `${label(c.of)} ${fmtNumber(x)} in [${c.min === undefined ? '−∞' : fmtNumber(c.min)}, ${c.max === undefined ? '∞' : fmtNumber(c.max)}]`,
      );
    }
    case 'similar': {
      const a = mean(stats, c.a);
      const b = mean(stats, c.b);
      if (!Number.isFinite(a) || !Number.isFinite(b)) return result(null, 'a quantity was not measured');
      const d = Math.abs(a - b);
      const ok = d <= c.rel * Math.max(Math.abs(a), Math.abs(b));
      return result(ok, `${label(c.a)} ${fmtNumber(a)} vs ${label(c.b)} ${fmtNumber(b)} (within ±${c.rel * 100} %)`);
    }
  }
}
