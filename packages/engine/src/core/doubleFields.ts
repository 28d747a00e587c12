/**
 * Makes the named number fields of `obj` double-valued fields from the start, without changing
 * their values.
 *
 * Why (V8, measured on bench-16flows-100mb, docs/performance.md): V8 stores a number field that
 * has only held small integers (−2³¹…2³¹−1) as a "Smi" field. Times in nanoseconds pass 2³¹
 * after 2.1 s of simulated time, byte sums and delay sums soon after, and an RTT estimate is a
 * fraction: the first such value stored changes the field's representation, which deprecates the
 * hidden class of every object of that class; each optimized function that has seen those objects
 * deoptimizes, and again for each object that is still on the old hidden class when it meets
 * optimized code. Without it a cold `cclab run` of the benchmark goes through ≈ 50
 * deoptimizations and as many recompilations of the per-packet path, ≈ 10 % of its CPU time.
 * Storing a fraction once and then the original value back, in the constructor, fixes the
 * representation as double before any code is optimized; the values are exactly what they were
 * (+0 stays +0).
 *
 * Call it at the end of a constructor with the fields that will hold times, sums or fractions.
 * Hot-path classes only; a name that is not a number field of `obj` throws (a typo would add a
 * property and change the class's shape).
 */
export function holdAsDoubles(obj: object, fields: readonly string[]): void {
  const o = obj as Record<string, unknown>;
  for (const f of fields) {
    const v = o[f];
    if (typeof v !== 'number') throw new Error(`holdAsDoubles: ${f} is not a number field`);
    o[f] = 0.5;
    o[f] = v;
  }
}
