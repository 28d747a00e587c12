import type { z } from 'zod';
import { describeValue } from '../core/describeValue.js';
import { valueAt, wordZodIssue } from '../scenario/zodIssues.js';
import { formatPath } from '../scenario/paths.js';
import type { SweepIssue } from './sweepPlan.js';

/**
 * The schema's problems in words (scenario/zodIssues.ts). A field that takes one of several forms
 * (`seeds`: a count or a list; `base`) is reported by the form the value has: `[-1, 1.5]` by its
 * entries (`seeds[0]: must be ≥ 0`), not zod's "Invalid input".
 */
export function sweepSchemaIssues(issues: readonly z.core.$ZodIssue[], input: unknown): SweepIssue[] {
  const out: SweepIssue[] = [];
  const add = (list: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[]) => {
    for (const i of list) {
      const path = [...prefix, ...i.path];
      if (i.code !== 'invalid_union') {
        out.push({ path: formatSweepPath(path), message: wordZodIssue({ ...i, path } as z.core.$ZodIssue, input) });
        continue;
      }
      // the forms whose type the value has (1.5 is a number, if not a whole one)
      const got = valueAt(input, path);
      const fitting = i.errors.filter(
        (branch) => !branch.some((b) => b.code === 'invalid_type' && b.path.length === 0 && !hasType(b.expected, got)),
      );
      if (fitting.length > 0) {
        add(
          fitting.reduce((a, b) => (b.length < a.length ? b : a)),
          path,
        );
        continue;
      }
      const forms = i.errors.flatMap((branch) =>
        branch.flatMap((b) => (b.code === 'invalid_type' ? [FORM_NAMES[b.expected] ?? `a ${b.expected}`] : [])),
      );
      out.push({
        path: formatSweepPath(path),
        message: got === undefined ? 'is required' : `${describeValue(got)} is not ${[...new Set(forms)].join(' or ')}`,
      });
    }
  };
  add(issues, []);
  return out;
}

const FORM_NAMES: Record<string, string> = { array: 'a list', int: 'a number', object: 'an object' };

/** Whether `v` is of the JSON type a zod `invalid_type` issue expected. */
function hasType(expected: string, v: unknown): boolean {
  switch (expected) {
    case 'number':
    case 'int':
      return typeof v === 'number';
    case 'array':
      return Array.isArray(v);
    case 'object':
    case 'record':
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    default:
      return typeof v === expected;
  }
}

/** A path in a sweep file, `(sweep)` for the file itself. */
export function formatSweepPath(path: readonly PropertyKey[]): string {
  const s = formatPath(path);
  return s === '(scenario)' ? '(sweep)' : s;
}
