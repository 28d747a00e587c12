/**
 * Addressing a field of a scenario by a path string, for sweeps and reproductions:
 * `duration`, `links[0].rate`, `links[r1-r2].buffer` (a link by id, or "a-b" when it has none),
 * `flows[f1].transport.cc`, `flows[*].transport.ccParams.beta` (every flow; for a congestion control,
 * every flow whose transport has one), `nodes[r1].label`.
 * Setting returns a modified copy; the input is never changed.
 */
import type { ScenarioInput } from '../scenario/types.js';
import { findTransportModel } from '../transport/index.js';

/** A path that does not address a field of the scenario, with the reason. */
export class ScenarioPathError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = 'ScenarioPathError';
  }
}

type Step = { key: string } | { index: number } | { id: string } | { all: true };

const MAX_PATH = 300;

/** Parses a path into steps; throws ScenarioPathError on bad syntax. */
export function parsePath(path: string): Step[] {
  if (path.length === 0 || path.length > MAX_PATH)
    throw new ScenarioPathError(path.slice(0, 60), `must be 1–${MAX_PATH} characters`);
  const steps: Step[] = [];
  const re = /([A-Za-z_][A-Za-z0-9_]*)|\[([^\]]*)\]|(\.)/gy;
  let m: RegExpExecArray | null;
  let expectKey = true;
  let pos = 0;
  while (pos < path.length && (m = re.exec(path)) !== null) {
    pos = re.lastIndex;
    if (m[1] !== undefined) {
      if (!expectKey) throw new ScenarioPathError(path, `unexpected "${m[1]}" (use a dot before a field name)`);
      if (m[1] === '__proto__' || m[1] === 'constructor' || m[1] === 'prototype')
        throw new ScenarioPathError(path, `"${m[1]}" is not a scenario field`);
      steps.push({ key: m[1] });
      expectKey = false;
    } else if (m[2] !== undefined) {
      const sel = m[2].trim();
      if (sel === '*') steps.push({ all: true });
      else if (/^\d+$/.test(sel)) steps.push({ index: Number(sel) });
      else if (/^[A-Za-z0-9_.:-]+$/.test(sel)) steps.push({ id: sel });
      else throw new ScenarioPathError(path, `"[${sel}]" is not an index, an id or *`);
      expectKey = false;
    } else {
      if (expectKey) throw new ScenarioPathError(path, 'a dot must follow a field or a selector');
      expectKey = true;
    }
  }
  if (pos !== path.length) throw new ScenarioPathError(path, `cannot read "${path.slice(pos, pos + 20)}"`);
  if (expectKey && steps.length > 0) throw new ScenarioPathError(path, 'ends with a dot');
  if (steps.length === 0 || !('key' in steps[0]!)) throw new ScenarioPathError(path, 'must start with a field name');
  return steps;
}

/** The field a selector at step `k` selects from ("flows" in `flows[*]`). */
function listName(steps: readonly Step[], k: number): string | undefined {
  const prev = steps[k - 1];
  return prev && 'key' in prev ? prev.key : undefined;
}

/** The identity of an array element for `[id]` selectors: its id, or a link's "a-b". */
function elementId(x: unknown): string | undefined {
  if (typeof x !== 'object' || x === null) return undefined;
  const o = x as Record<string, unknown>;
  if (typeof o.id === 'string') return o.id;
  if (typeof o.a === 'string' && typeof o.b === 'string') return `${o.a}-${o.b}`;
  return undefined;
}

/**
 * Whether `[*]` takes this element for the rest of the path: every element, except that the
 * congestion control of "every flow" (`flows[*].transport.cc`, `….ccParams…`) is every flow whose
 * transport has one — a UDP or TFRC flow beside them is left as it is, not made invalid.
 */
function takenByAll(x: unknown, list: string | undefined, rest: readonly Step[]): boolean {
  if (list !== 'flows' || rest.length < 2) return true;
  const [a, b] = rest;
  if (!a || !('key' in a) || a.key !== 'transport' || !b || !('key' in b)) return true;
  if (b.key !== 'cc' && b.key !== 'ccParams') return true;
  const type = (x as { transport?: { type?: unknown } } | null)?.transport?.type;
  return typeof type !== 'string' || findTransportModel(type)?.usesCc !== false;
}

function selectIndices(arr: unknown[], step: Step, path: string, list?: string, rest: readonly Step[] = []): number[] {
  if ('all' in step) return arr.flatMap((x, i) => (takenByAll(x, list, rest) ? [i] : []));
  if ('index' in step) {
    if (step.index >= arr.length)
      throw new ScenarioPathError(path, `index ${step.index} is past the end (${arr.length})`);
    return [step.index];
  }
  if ('id' in step) {
    const i = arr.findIndex((x) => elementId(x) === step.id);
    if (i < 0) throw new ScenarioPathError(path, `no element with id ${JSON.stringify(step.id)}`);
    return [i];
  }
  throw new ScenarioPathError(path, 'a field name cannot select from a list');
}

/** The values the path addresses (several with `[*]`). */
export function getPath(sc: ScenarioInput, path: string): unknown[] {
  const steps = parsePath(path);
  let current: unknown[] = [sc];
  steps.forEach((step, k) => {
    const next: unknown[] = [];
    for (const v of current) {
      if ('key' in step) {
        if (typeof v !== 'object' || v === null || Array.isArray(v))
          throw new ScenarioPathError(path, `"${step.key}" is read from something that is not an object`);
        next.push((v as Record<string, unknown>)[step.key]);
      } else {
        if (!Array.isArray(v)) throw new ScenarioPathError(path, 'a selector [..] needs a list');
        for (const i of selectIndices(v, step, path, listName(steps, k), steps.slice(k + 1))) next.push(v[i]);
      }
    }
    current = next;
  });
  return current;
}

/**
 * A copy of `sc` with the addressed field(s) set to `value` (missing intermediate objects are
 * created, e.g. `links[0].queue.params.ecn` on a link without a queue).
 */
export function setPath(sc: ScenarioInput, path: string, value: unknown): ScenarioInput {
  const steps = parsePath(path);
  const root = jsonClone(sc) as unknown as Record<string, unknown>;
  const assign = (target: unknown, i: number): void => {
    const step = steps[i]!;
    const last = i === steps.length - 1;
    if ('key' in step) {
      if (typeof target !== 'object' || target === null || Array.isArray(target))
        throw new ScenarioPathError(path, `"${step.key}" is set on something that is not an object`);
      const o = target as Record<string, unknown>;
      if (last) {
        o[step.key] = jsonClone(value);
        return;
      }
      if (o[step.key] === undefined) o[step.key] = 'key' in steps[i + 1]! ? {} : [];
      assign(o[step.key], i + 1);
      return;
    }
    if (!Array.isArray(target)) throw new ScenarioPathError(path, 'a selector [..] needs a list');
    for (const j of selectIndices(target, step, path, listName(steps, i), steps.slice(i + 1))) {
      if (last) target[j] = jsonClone(value);
      else assign(target[j], i + 1);
    }
  };
  assign(root, 0);
  return root as unknown as ScenarioInput;
}

/** Scenarios and the values set in them are JSON data: a JSON round trip copies them. */
function jsonClone<T>(x: T): T {
  return x === undefined ? x : (JSON.parse(JSON.stringify(x)) as T);
}
