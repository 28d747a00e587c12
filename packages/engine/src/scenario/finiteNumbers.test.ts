import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPath, type PathSegment } from './paths.js';
import { presets } from '../presets/presets.js';
import { ScenarioError, validateScenario } from './validate.js';

/**
 * A validated scenario holds no non-finite number anywhere, and no `__proto__` key. JSON spells
 * Infinity `1e999`; a program (the lab, a script using the engine) can hand over Infinity,
 * -Infinity or NaN directly. `ccParams` on transports without congestion control (`beta: 1e999`,
 * keys such as `hasOwnProperty`, `constructor`, `valueOf`) and the lab's free-form `view` are the
 * places a fuzz finds holes first, so they are drawn more often.
 *
 * The property: mutate a built-in scenario by putting non-finite numbers (alone, in a list, or in
 * an object under a plausible or dangerous key) in place of any value or beside the fields of any
 * object; validation must then refuse it, and name each place: for every non-finite number and
 * every `__proto__` key, some problem's path is the place itself or a part of the document above
 * it (where a broken part was reported). Seeded, so a failure repeats.
 */

type Found = { path: PathSegment[]; kind: 'non-finite' | '__proto__' };

/** Every non-finite number and `__proto__` key in a document (own enumerable keys, as JSON has them). */
function hazards(root: unknown): Found[] {
  const out: Found[] = [];
  const stack: { v: unknown; p: PathSegment[] }[] = [{ v: root, p: [] }];
  while (stack.length > 0) {
    const { v, p } = stack.pop()!;
    if (typeof v === 'number' && !Number.isFinite(v)) out.push({ path: p, kind: 'non-finite' });
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, p: [...p, i] }));
    else
      for (const k of Object.keys(v)) {
        if (k === '__proto__') out.push({ path: [...p, k], kind: '__proto__' });
        stack.push({ v: (v as Record<string, unknown>)[k], p: [...p, k] });
      }
  }
  return out;
}

/** Every path of a document (containers and leaves). */
function pathsOf(root: unknown): PathSegment[][] {
  const out: PathSegment[][] = [];
  const stack: { v: unknown; p: PathSegment[] }[] = [{ v: root, p: [] }];
  while (stack.length > 0) {
    const { v, p } = stack.pop()!;
    out.push(p);
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, p: [...p, i] }));
    else if (v !== null && typeof v === 'object')
      for (const k of Object.keys(v)) stack.push({ v: (v as Record<string, unknown>)[k], p: [...p, k] });
  }
  return out;
}

const own = (o: object, k: string, v: unknown) =>
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });

/** Keys to add: parameter sets and the free-form view (where a fuzz finds holes first) more often. */
const keyArb = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('ccParams', 'view', 'params') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'beta',
      'alpha',
      'rate',
      'x',
      '__proto__',
      'constructor',
      'hasOwnProperty',
      'valueOf',
      'toString',
      'prototype',
    ),
  },
);
const nonFinite = fc.constantFrom(Infinity, -Infinity, NaN);
const carrier: fc.Arbitrary<unknown> = fc.oneof(
  nonFinite,
  fc.array(nonFinite, { minLength: 1, maxLength: 2 }),
  fc.tuple(keyArb, nonFinite).map(([k, v]) => own({}, k, v)),
  fc.tuple(keyArb, keyArb, nonFinite).map(([k1, k2, v]) => own({}, k1, own({}, k2, v))),
);

type Mutation = { op: 'replace'; at: number; value: unknown } | { op: 'add'; at: number; key: string; value: unknown };
const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    op: fc.constant('replace' as const),
    at: fc.nat(),
    value: fc.oneof(carrier, fc.jsonValue({ maxDepth: 2 })),
  }),
  fc.record({ op: fc.constant('add' as const), at: fc.nat(), key: keyArb, value: carrier }),
);

/** The value at `path`. */
function at(doc: unknown, path: readonly PathSegment[]): unknown {
  let v = doc;
  for (const k of path) v = (v as Record<PathSegment, unknown>)[k];
  return v;
}

const isObject = (v: unknown): v is object => v !== null && typeof v === 'object' && !Array.isArray(v);

function apply(doc: unknown, m: Mutation): unknown {
  // a field is added to an object (any object: the document's own, a transport, a parameter set)
  const paths = m.op === 'add' ? pathsOf(doc).filter((p) => isObject(at(doc, p))) : pathsOf(doc);
  const path = paths[m.at % paths.length]!;
  if (m.op === 'replace' && path.length === 0) return doc;
  // a copy: fast-check hands the same values to later runs while shrinking, and a value put into
  // the document may get fields added by the next mutation
  const value = structuredClone(m.value);
  if (m.op === 'replace') own(at(doc, path.slice(0, -1)) as object, String(path[path.length - 1]), value);
  else own(at(doc, path) as object, m.key, value);
  return doc;
}

/** Whether problem path `p` is the place `at` or a part of the document above it. */
function covers(p: string, at: string): boolean {
  return p === '(scenario)' || p === at || at.startsWith(p + '.') || at.startsWith(p + '[');
}

describe('no non-finite number and no __proto__ key in a validated scenario (property)', () => {
  it('refuses each one, naming its place or a part above it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: presets.length - 1 }),
        fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
        (pi, mutations) => {
          let doc: unknown = structuredClone(presets[pi]!.scenario());
          for (const m of mutations) doc = apply(doc, m);
          const found = hazards(doc);
          if (found.length === 0) return;
          let issues: string[];
          try {
            validateScenario(doc);
            issues = [];
          } catch (e) {
            if (!(e instanceof ScenarioError)) throw e;
            issues = e.issues.map((i) => i.path);
          }
          expect(issues, `accepted with ${found.map((f) => formatPath(f.path)).join(', ')}`).not.toEqual([]);
          // 100 problems are listed at most (SCENARIO_LIMITS.issues): then the rest are not named
          if (issues.length >= 100) return;
          for (const f of found) {
            const at = formatPath(f.path);
            expect(
              issues.some((p) => covers(p, at)),
              `${f.kind} at ${at} not named; problems: ${issues.join(', ')}`,
            ).toBe(true);
          }
        },
      ),
      { numRuns: 500, seed: 29 },
    );
  });

  it('names ccParams on a transport without congestion control, and the view', () => {
    const udp = structuredClone(presets.find((p) => p.id === 'default')!.scenario());
    udp.flows[0]!.transport = { type: 'udp', ccParams: JSON.parse('{"beta": 1e999, "hasOwnProperty": 1}') };
    udp.flows[0]!.app = { type: 'cbr', params: { rate: '1Mbps' } };
    udp.view = JSON.parse('{"x": 1e999, "__proto__": {"y": 1}}') as Record<string, unknown>;
    let issues: string[] = [];
    try {
      validateScenario(udp);
    } catch (e) {
      issues = (e as ScenarioError).issues.map((i) => `${i.path}: ${i.message}`);
    }
    expect(issues).toEqual([
      'flows[0].transport.ccParams: transport udp has no congestion control',
      'view.x: Infinity is not a finite number',
      'view.__proto__: a field named "__proto__" is not allowed',
    ]);
  });
});

describe('a value that cannot be converted to a string', () => {
  it('given for a choice parameter is a problem named, not a TypeError (found by the property above)', () => {
    const s = structuredClone(presets.find((p) => p.id === 'default')!.scenario());
    s.links[0]!.queue = { type: 'red', params: { dropFrom: JSON.parse('{"toString": 1}') as unknown } };
    expect(() => validateScenario(s)).toThrow(ScenarioError);
    try {
      validateScenario(s);
    } catch (e) {
      expect((e as ScenarioError).issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
        'links[0].queue.params.dropFrom: {"toString": 1} is not one of tail, front, random',
      ]);
    }
  });
});
