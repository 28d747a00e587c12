import { describe, expect, it } from 'vitest';
import type { ExerciseFile } from './exerciseSchema.js';
import type { Exercise } from './parseExercise.js';
import { allValueCombinations } from './variant.js';

/**
 * `cclab exercise check` verifies at most 16 parameter combinations (docs/exercises.md). An
 * exercise may have 6 parameters of 32 values each (EXERCISE_LIMITS): 32⁶ ≈ 1.07·10⁹
 * combinations, which must never be listed to pick 16 of them (listing 32⁵ takes 78 s and
 * 4.4 GB; 32⁶ does not finish).
 */

/** An exercise holding only what choosing combinations reads: its parameters. */
function withParameters(parameters: { name: string; values: unknown[] }[]): Exercise {
  const file = { parameters: parameters.map((p) => ({ ...p, path: 'duration' })) } as unknown as ExerciseFile;
  return { file, scenario: {} as Exercise['scenario'] };
}

const values = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('allValueCombinations', () => {
  it('lists every combination of a small exercise, the first parameter varying slowest', () => {
    const ex = withParameters([
      { name: 'a', values: ['a0', 'a1', 'a2'] },
      { name: 'b', values: ['b0', 'b1'] },
    ]);
    expect(allValueCombinations(ex, 16)).toEqual([
      { a: 'a0', b: 'b0' },
      { a: 'a0', b: 'b1' },
      { a: 'a1', b: 'b0' },
      { a: 'a1', b: 'b1' },
      { a: 'a2', b: 'b0' },
      { a: 'a2', b: 'b1' },
    ]);
    expect(allValueCombinations(withParameters([]), 16)).toEqual([{}]);
  });

  it('gives the first 16 of 32⁶ combinations (the documented order) without listing the others', () => {
    const names = ['p', 'q', 'r', 's', 't', 'u'];
    const ex = withParameters(names.map((n) => ({ name: n, values: values(n, 32) })));
    const t0 = performance.now();
    const combos = allValueCombinations(ex, 16);
    // listing 1.07e9 combinations takes minutes and gigabytes; 16 take microseconds (generous bound)
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(combos).toHaveLength(16);
    // mixed radix, the last parameter fastest: combination k is (0, 0, 0, 0, 0, k) for k < 32
    combos.forEach((c, k) => expect(c).toEqual({ p: 'p0', q: 'q0', r: 'r0', s: 's0', t: 't0', u: `u${k}` }));
  });

  it('reads each parameter at most once per chosen combination (work bounded by the limit, not the product)', () => {
    // 3 parameters of 32 values: 32,768 combinations. Count reads of the value lists.
    let reads = 0;
    const counted = (list: unknown[]) =>
      new Proxy(list, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    const ex = withParameters(['x', 'y', 'z'].map((n) => ({ name: n, values: counted(values(n, 32)) })));
    const combos = allValueCombinations(ex, 16);
    expect(combos).toHaveLength(16);
    expect(combos[15]).toEqual({ x: 'x0', y: 'y0', z: 'z15' });
    expect(reads).toBeLessThanOrEqual(16 * 3);
  });
});
