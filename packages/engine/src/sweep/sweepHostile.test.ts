import { describe, expect, it } from 'vitest';
import { parseSweep, parseSweepText, SweepError } from './sweepPlan.js';
import { SWEEP_LIMITS } from './sweepSchema.js';

/**
 * Sweep files written carelessly or with hostile intent: every problem
 * is a SweepError naming the field, never a stack overflow or the schema library's "Invalid input".
 */

const minimal = (over: Record<string, unknown> = {}) => ({
  version: 1,
  base: { preset: 'default' },
  parameters: [{ path: 'links[r1-r2].buffer', values: [10, 20] }],
  metrics: [{ metric: 'jain' }],
  ...over,
});

function issuesOf(input: unknown, text = false): string[] {
  try {
    if (text) parseSweepText(input as string);
    else parseSweep(input);
  } catch (e) {
    if (e instanceof SweepError) return e.issues.map((i) => `${i.path}: ${i.message}`);
    throw e;
  }
  throw new Error('the sweep was accepted');
}

const nested = (depth: number): string => '['.repeat(depth) + '1' + ']'.repeat(depth);

describe('hostile sweep files', () => {
  it('a value nested 100,000 levels deep is named where it crosses the limit, not a stack overflow', () => {
    const text = JSON.stringify(minimal({ parameters: [{ path: 'duration', values: ['@'] }] })).replace(
      '"@"',
      nested(100_000),
    );
    const issues = issuesOf(text, true);
    expect(issues).toHaveLength(1);
    // the sweep's own fields take 3 levels (parameters[0].values), the rest is the value's
    const levels = SWEEP_LIMITS.depth - 3;
    expect(issues[0]).toBe(`parameters[0].values[0]${'[0]'.repeat(levels)}: is nested more than 40 levels deep`);
  });

  it('names each bad seed of a list, in words (not "Invalid input")', () => {
    expect(issuesOf(minimal({ seeds: [-1, 1.5, 1e300] }))).toEqual([
      'seeds[0]: must be ≥ 0',
      'seeds[1]: 1.5 is not a whole number',
      // 1e300 is past 2^53, where a double holds no odd integer: zod's int() says so too
      'seeds[2]: must be a whole number',
      'seeds[2]: must be ≤ 4294967295',
    ]);
    expect(issuesOf(minimal({ seeds: 1.5 }))).toEqual(['seeds: 1.5 is not a whole number']);
    expect(issuesOf(minimal({ seeds: 'ten' }))).toEqual(['seeds: "ten" is not a number or a list']);
    expect(issuesOf(minimal({ base: { preset: 5 } }))).toEqual(['base.preset: 5 is not a string']);
  });

  it('refuses non-finite numbers and __proto__ keys anywhere, naming them', () => {
    expect(issuesOf('{"version": 1, "startJitter": 1e999}', true)).toEqual([
      'startJitter: Infinity is not a finite number',
    ]);
    const proto = JSON.parse('{"__proto__": {"duration": "5s"}}') as Record<string, unknown>;
    expect(issuesOf(minimal({ base: { scenario: proto } }))).toEqual([
      'base.scenario.__proto__: a field named "__proto__" is not allowed',
    ]);
  });
});
