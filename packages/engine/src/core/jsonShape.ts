/**
 * The shape checks every cclab file format needs before a schema library sees the document: an
 * iterative walk (a value nested 100,000 deep must not overflow the stack of whatever recurses
 * into it next — zod, JSON.stringify, structuredClone) that reports values nested too deep,
 * non-finite numbers (JSON's 1e999 is Infinity) and `__proto__` keys (which a copy drops or turns
 * into the object's prototype). Scenarios have their own, richer walk (scenario/inputBounds.ts);
 * sweep files and the command line's exercise files use this one.
 */

export type JsonPathSegment = string | number;

export interface ShapeProblem {
  path: JsonPathSegment[];
  message: string;
}

interface Frame {
  value: object;
  depth: number;
  parent: Frame | null;
  key: JsonPathSegment;
}

function pathOf(f: Frame | null, last?: JsonPathSegment): JsonPathSegment[] {
  const out: JsonPathSegment[] = last === undefined ? [] : [last];
  for (let x = f; x && x.parent; x = x.parent) out.push(x.key);
  return out.reverse();
}

/**
 * Problems of shape in `root`: a container more than `maxDepth` levels below the root (reported
 * once, where it crosses the limit, and not walked further), a non-finite number, a `__proto__`
 * key. At most `maxReported` are returned.
 */
export function jsonShapeProblems(root: unknown, maxDepth: number, maxReported = 20): ShapeProblem[] {
  const problems: ShapeProblem[] = [];
  const report = (path: JsonPathSegment[], message: string) => {
    if (problems.length < maxReported) problems.push({ path, message });
  };
  if (typeof root === 'number' && !Number.isFinite(root)) report([], `${root} is not a finite number`);
  if (root === null || typeof root !== 'object') return problems;
  const stack: Frame[] = [{ value: root, depth: 0, parent: null, key: '' }];
  while (stack.length > 0 && problems.length < maxReported) {
    const f = stack.pop()!;
    const isArray = Array.isArray(f.value);
    const keys: JsonPathSegment[] = isArray
      ? Array.from({ length: (f.value as unknown[]).length }, (_, i) => i)
      : Object.keys(f.value);
    for (const key of keys) {
      if (key === '__proto__') report(pathOf(f, key), 'a field named "__proto__" is not allowed');
      const child = (f.value as Record<JsonPathSegment, unknown>)[key];
      if (typeof child === 'number' && !Number.isFinite(child))
        report(pathOf(f, key), `${child} is not a finite number`);
      if (child === null || typeof child !== 'object') continue;
      if (f.depth + 1 > maxDepth) {
        report(pathOf(f, key), `is nested more than ${maxDepth} levels deep`);
        continue;
      }
      stack.push({ value: child, depth: f.depth + 1, parent: f, key });
    }
  }
  return problems;
}
