import { groupThousands } from '../core/limits.js';

/**
 * Bounds on the shape of a scenario document, checked by one iterative walk before the schema
 * sees the value: a hostile or broken file (an array nested 6,000 deep in a parameter, a megabyte
 * string, a view of a million keys) is reported with the path where it goes wrong instead of
 * overflowing the stack or the memory of whoever copies it next (postMessage, JSON.stringify).
 * Documented in docs/scenario-format.md ("Limits").
 */
export const SCENARIO_LIMITS = {
  nodes: 5000,
  links: 20000,
  flows: 5000,
  /** Timed changes (`events`). */
  events: 10000,
  /** Nesting of the whole document (a valid scenario needs about 9). */
  depth: 32,
  /** Array elements and object entries in the whole document (a VBR trace may hold 1,000,000). */
  values: 5_000_000,
  /** Fields of any one object (no object of a scenario needs more than a few dozen). */
  objectFields: 1000,
  /** Characters in any one string (a VBR trace may be given as one long string). */
  stringChars: 16 * 1024 * 1024,
  /** The free-form `view` of the lab: nesting below `view`, entries, and size as JSON. */
  view: { depth: 8, values: 1000, chars: 64 * 1024 },
  /** Problems listed in one error (a count of the rest follows). */
  issues: 100,
  /** Characters of one problem's message. */
  messageChars: 500,
  /** Size of a scenario file or pasted text, in characters. */
  textChars: 64 * 1024 * 1024,
} as const;

type Segment = string | number;

interface Frame {
  readonly value: object;
  readonly depth: number;
  readonly parent: Frame | null;
  readonly key: Segment;
}

export interface BoundsProblem {
  path: Segment[];
  message: string;
}

export interface BoundsResult {
  /** Problems found (at most a few dozen are kept). */
  problems: BoundsProblem[];
  /**
   * Values no scenario may hold wherever they are, the lab's free-form `view` included: a
   * non-finite number (JSON's 1e999 is Infinity; a program can pass NaN) and a `__proto__` key
   * (which an assignment or a copy turns into the object's prototype, or drops). Not pruned: the
   * later stages may name them more precisely; validateScenario reports those they do not.
   */
  hazards: BoundsProblem[];
  /** True when the document is too large to validate further. */
  fatal: boolean;
  /**
   * The document with every part a problem names replaced by null (copying only the containers
   * on the way), so that later stages never walk a value too deep or too large.
   */
  pruned: unknown;
}

const MAX_REPORTED = 20;

function pathOf(f: Frame | null, last?: Segment): Segment[] {
  const out: Segment[] = last === undefined ? [] : [last];
  for (let x = f; x && x.parent; x = x.parent) out.push(x.key);
  return out.reverse();
}

/** Walks `root` without recursion and reports every place where it exceeds SCENARIO_LIMITS. */
export function checkInputBounds(root: unknown): BoundsResult {
  const problems: BoundsProblem[] = [];
  const hazards: BoundsProblem[] = [];
  const L = SCENARIO_LIMITS;
  const report = (path: Segment[], message: string) => {
    if (problems.length < MAX_REPORTED) problems.push({ path, message });
  };
  const hazard = (path: Segment[], message: string) => {
    if (hazards.length < MAX_REPORTED) hazards.push({ path, message });
  };
  if (typeof root === 'number' && !Number.isFinite(root)) hazard([], `${root} is not a finite number`);
  if (root === null || typeof root !== 'object') return { problems, hazards, fatal: false, pruned: root };
  const stack: Frame[] = [{ value: root, depth: 0, parent: null, key: '' }];
  let values = 0;
  while (stack.length > 0) {
    const f = stack.pop()!;
    const v = f.value;
    const isArray = Array.isArray(v);
    const keys = isArray ? null : Object.keys(v);
    const n = isArray ? (v as unknown[]).length : keys!.length;
    if (!isArray && n > L.objectFields) {
      report(pathOf(f), `has ${groupThousands(n)} fields; at most ${groupThousands(L.objectFields)}`);
      continue;
    }
    values += n;
    if (values > L.values) {
      return {
        problems: [
          {
            path: [],
            message: `holds more than ${groupThousands(L.values)} values (array entries and object fields); it cannot be a scenario`,
          },
        ],
        hazards: [],
        fatal: true,
        pruned: null,
      };
    }
    for (let i = 0; i < n; i++) {
      const key: Segment = isArray ? i : keys![i]!;
      const child = (v as Record<Segment, unknown>)[key];
      if (typeof key === 'string' && key.length > L.stringChars)
        report(pathOf(f), `has a field name ${groupThousands(key.length)} characters long`);
      if (key === '__proto__') hazard(pathOf(f, key), PROTO_MESSAGE);
      if (typeof child === 'number') {
        if (!Number.isFinite(child)) hazard(pathOf(f, key), `${child} is not a finite number`);
        continue;
      }
      if (typeof child === 'string') {
        if (child.length > L.stringChars)
          report(
            pathOf(f, key),
            `is ${groupThousands(child.length)} characters long; at most ${groupThousands(L.stringChars)}`,
          );
        continue;
      }
      if (child === null || typeof child !== 'object') continue;
      if (f.depth === 0 && key === 'view' && !Array.isArray(child)) {
        const problem = viewProblem(child, hazard);
        if (problem) report(['view'], problem);
        continue;
      }
      if (f.depth + 1 >= L.depth) {
        report(pathOf(f, key), `is nested more than ${L.depth} levels deep in the scenario`);
        continue;
      }
      stack.push({ value: child, depth: f.depth + 1, parent: f, key });
    }
  }
  return { problems, hazards, fatal: false, pruned: prune(root, problems) };
}

const PROTO_MESSAGE = 'a field named "__proto__" is not allowed';

/** `root` with the value at each problem's path replaced by null; untouched when none. */
function prune(root: unknown, problems: readonly BoundsProblem[]): unknown {
  if (problems.length === 0) return root;
  const copy = (x: object): Record<Segment, unknown> =>
    (Array.isArray(x) ? x.slice() : { ...x }) as unknown as Record<Segment, unknown>;
  const out = copy(root as object);
  for (const { path } of problems) {
    if (path.length === 0) return null;
    let node = out;
    for (let i = 0; i < path.length - 1; i++) {
      const next = copy(node[path[i]!] as object);
      node[path[i]!] = next;
      node = next;
    }
    node[path[path.length - 1]!] = null;
  }
  return out;
}

/**
 * Why the lab's free-form `view` object is too large, or null: at most SCENARIO_LIMITS.view.depth
 * levels, view.values entries and view.chars characters as JSON (estimated while walking). Passes
 * each non-finite number and `__proto__` key in it to `hazard`, with its path.
 */
function viewProblem(view: object, hazard: (path: Segment[], message: string) => void): string | null {
  const L = SCENARIO_LIMITS.view;
  const stack: { v: object; depth: number; path: Segment[] }[] = [{ v: view, depth: 1, path: ['view'] }];
  let values = 0;
  let chars = 2;
  while (stack.length > 0) {
    const { v, depth, path } = stack.pop()!;
    const isArray = Array.isArray(v);
    const keys = isArray ? null : Object.keys(v);
    const n = isArray ? (v as unknown[]).length : keys!.length;
    values += n;
    if (values > L.values) return `holds more than ${L.values} entries; the lab's view state needs far fewer`;
    for (let i = 0; i < n; i++) {
      const key: Segment = isArray ? i : keys![i]!;
      if (typeof key === 'string') chars += key.length + 4;
      if (key === '__proto__') hazard([...path, key], PROTO_MESSAGE);
      const child = (v as Record<Segment, unknown>)[key];
      if (typeof child === 'number' && !Number.isFinite(child))
        hazard([...path, key], `${child} is not a finite number`);
      if (typeof child === 'string') chars += child.length + 3;
      else if (child === null || typeof child !== 'object') chars += 8;
      else if (depth + 1 > L.depth) return `is nested more than ${L.depth} levels deep; at most ${L.depth}`;
      else stack.push({ v: child, depth: depth + 1, path: [...path, key] });
      if (chars > L.chars) return `is larger than ${L.chars / 1024} KiB as JSON; the lab's view state needs far less`;
    }
  }
  return null;
}
