import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reproductions, studies } from '../../reproductions/index.js';
import type { ExperimentResult } from '../experiment/experiment.js';
import { sampleStats } from '../experiment/statistics.js';
import { evaluateClaim } from './claims.js';
import { checkReproduction } from './checkSpec.js';
import { renderReproductionsDoc } from './docs.js';
import { recordedResult as recorded } from '../../test/reproductionRerun.js';
import type { Claim, ReproductionSpec } from './types.js';

describe('claims', () => {
  const stats = {
    a: { x: sampleStats([10, 12]), y: sampleStats([1]) },
    b: { x: sampleStats([20]), y: sampleStats([NaN]) },
    c: { x: sampleStats([30]) },
  };
  const at = (point: string, metric = 'x') => ({ point, metric });
  const v = (c: Claim) => evaluateClaim(c, stats).verdict;

  it('within: relative or absolute tolerance around the paper value', () => {
    expect(v({ id: 'w', text: '', kind: 'within', of: at('a'), value: 12, rel: 0.1 })).toBe('agrees'); // 11 vs 12
    expect(v({ id: 'w', text: '', kind: 'within', of: at('a'), value: 13, rel: 0.1 })).toBe('differs'); // 2 > 1.3
    expect(v({ id: 'w', text: '', kind: 'within', of: at('a'), value: 13, abs: 2 })).toBe('agrees');
    expect(v({ id: 'w', text: '', kind: 'within', of: at('b', 'y'), value: 1, abs: 2 })).toBe('undetermined');
  });

  it('less, trend, range and similar', () => {
    expect(v({ id: 'l', text: '', kind: 'less', left: at('a'), right: at('b') })).toBe('agrees');
    expect(v({ id: 'l', text: '', kind: 'less', left: at('a'), right: at('b'), factor: 0.5 })).toBe('differs');
    expect(v({ id: 't', text: '', kind: 'trend', metric: 'x', points: ['a', 'b', 'c'], direction: 'increasing' })).toBe(
      'agrees',
    );
    expect(v({ id: 't', text: '', kind: 'trend', metric: 'x', points: ['c', 'a'], direction: 'increasing' })).toBe(
      'differs',
    );
    expect(v({ id: 'r', text: '', kind: 'range', of: at('c'), min: 29, max: 31 })).toBe('agrees');
    expect(v({ id: 's', text: '', kind: 'similar', a: at('a'), b: at('b'), rel: 0.2 })).toBe('differs');
    expect(v({ id: 's', text: '', kind: 'similar', a: at('b'), b: at('c'), rel: 0.34 })).toBe('agrees');
  });
});

describe('reproduction entries', () => {
  it('every entry is consistent: ids, references, metrics and scenarios', () => {
    for (const r of reproductions) expect(checkReproduction(r)).toEqual([]);
    expect(new Set(reproductions.map((r) => r.id)).size).toBe(reproductions.length);
  });

  it('the checker names broken references', () => {
    const bad: ReproductionSpec = {
      ...reproductions[0]!,
      claims: [{ id: 'x', text: '', kind: 'range', of: { point: 'nope', metric: 'zz' } }],
    };
    const p = checkReproduction(bad).join('\n');
    expect(p).toMatch(/claims\[0\]\.of\.point: "nope" is not a point/);
    expect(p).toMatch(/claims\[0\]\.of\.metric: "zz" is not a collected metric/);
  });

  it('every claim that differs in the recorded results carries an explanation', () => {
    for (const r of reproductions) {
      const res = recorded(r.id);
      expect(res, `${r.id} has recorded results (npx cclab reproduce --docs ${r.id})`).not.toBeNull();
      for (const c of r.claims) {
        const out = evaluateClaim(c, res!.stats);
        if (out.verdict !== 'agrees') expect(c.explanation, `${r.id} ${c.id} differs: explain why`).toBeTruthy();
      }
    }
  });

  it('docs/reproductions.md is current (npx cclab reproduce --docs)', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../../../docs/reproductions.md', import.meta.url)), 'utf8');
    const results: Record<string, ExperimentResult> = {};
    for (const r of reproductions) results[r.id] = recorded(r.id)!;
    expect(doc).toBe(renderReproductionsDoc(reproductions, results, studies));
  });

  // Each entry's rerun against its recorded results: test/reproductionRerun.*.test.ts, a file per
  // study, so the test workers share them.
});
