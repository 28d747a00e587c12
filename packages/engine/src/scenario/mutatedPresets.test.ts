import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimulationError } from '../core/SimulationError.js';
import { Simulation } from '../Simulation.js';
import { SCENARIO_LIMITS } from './inputBounds.js';
import { presets } from '../presets/presets.js';
import { ScenarioError, validateScenario } from './validate.js';

/**
 * Fuzzing as a property: take a built-in scenario, change it the way a person, a
 * broken tool or a fuzzer would (any field replaced by any JSON value or by a hostile one —
 * Infinity spelled with a unit, a 100k-character string, an array nested thousands deep, a
 * `__proto__` key —, removed, duplicated, or a field added), and validation either accepts it or
 * throws a ScenarioError whose every problem names a path and has a short message worded for a
 * person. What it accepts runs (a slice of it) or stops with a SimulationError. Time is bounded by
 * the run: no case may hang (the suite's timeout), and each run is capped at 20,000 events.
 */

type Segment = string | number;

/** Every path in a document (containers and leaves). */
function pathsOf(root: unknown): Segment[][] {
  const out: Segment[][] = [];
  const stack: { v: unknown; p: Segment[] }[] = [{ v: root, p: [] }];
  while (stack.length > 0) {
    const { v, p } = stack.pop()!;
    out.push(p);
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, p: [...p, i] }));
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) stack.push({ v: x, p: [...p, k] });
  }
  return out;
}

const deep = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

const hostile: unknown[] = [
  '1e999s',
  '1e999bps',
  '1e999',
  '-1e999ms',
  '1e999 packets',
  '1e999B',
  1e308,
  -1e308,
  -0,
  -1,
  0,
  1e12,
  2 ** 53 + 1,
  0.1,
  '',
  ' ',
  '0s',
  '1Tbps',
  '2Tbps',
  '1ns',
  '1000000000 packets',
  '999GB',
  'url(//evil.test/leak.png)',
  '__proto__',
  'r1',
  'r1->r2',
  '9'.repeat(100_000),
  { __proto__: null, x: 1 },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1}'),
  Array.from({ length: 100_000 }, (_, i) => i),
  deep(40),
  deep(5000),
  [],
  {},
  null,
  true,
];

type Mutation =
  | { op: 'replace'; at: number; value: unknown }
  | { op: 'delete'; at: number }
  | { op: 'duplicate'; at: number }
  | { op: 'add'; at: number; key: string; value: unknown };

const valueArb = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...hostile));
const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('replace' as const), at: fc.nat(), value: valueArb }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({
    op: fc.constant('add' as const),
    at: fc.nat(),
    key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString')),
    value: valueArb,
  }),
);

function apply(doc: unknown, m: Mutation): unknown {
  const paths = pathsOf(doc);
  const path = paths[m.at % paths.length]!;
  if (path.length === 0) return m.op === 'replace' ? m.value : doc;
  let parent = doc as Record<Segment, unknown>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<Segment, unknown>;
  const key = path[path.length - 1]!;
  const target = parent[key];
  switch (m.op) {
    case 'replace':
      parent[key] = m.value;
      break;
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      break;
    case 'duplicate':
      if (Array.isArray(parent)) parent.push(structuredClone(target));
      else if (Array.isArray(target) && target.length > 0) target.push(structuredClone(target[0]));
      break;
    case 'add':
      if (target !== null && typeof target === 'object' && !Array.isArray(target))
        Object.defineProperty(target, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
      break;
  }
  return doc;
}

/** Wording of the schema library that must never reach a person. */
const LIBRARY_WORDING =
  /Too (big|small)|Invalid (input|option|string|element|key)|expected (string|number|object|array)|<=|>=|a object|a array|Unrecognized/;

describe('mutated built-in scenarios (property)', () => {
  it('are accepted and run, or rejected with short, path-named, person-worded problems — never anything else', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: presets.length - 1 }),
        fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
        (pi, mutations) => {
          let doc: unknown = structuredClone(presets[pi]!.scenario());
          for (const m of mutations) doc = apply(doc, m);
          let resolved;
          try {
            resolved = validateScenario(doc);
          } catch (e) {
            expect(e).toBeInstanceOf(ScenarioError);
            const issues = (e as ScenarioError).issues;
            expect(issues.length).toBeGreaterThan(0);
            expect(issues.length).toBeLessThanOrEqual(SCENARIO_LIMITS.issues + 1);
            for (const i of issues) {
              expect(i.path).toMatch(/^(\(scenario\)|\(file\)|[A-Za-z_$"])/);
              expect(i.path.length).toBeLessThanOrEqual(SCENARIO_LIMITS.messageChars);
              expect(i.message.length).toBeGreaterThan(0);
              expect(i.message.length).toBeLessThanOrEqual(SCENARIO_LIMITS.messageChars);
              expect(i.message).not.toMatch(LIBRARY_WORDING);
            }
            return;
          }
          try {
            new Simulation(resolved).runUntil(Infinity, 20_000);
          } catch (e) {
            // a scenario can be valid yet unroutable (ScenarioError) or hit an engine limit
            if (!(e instanceof ScenarioError) && !(e instanceof SimulationError)) throw e;
          }
        },
      ),
      { numRuns: 600, seed: 7 },
    );
  });
});
