import type { z } from 'zod';
import { describeValue, quote } from '../core/describeValue.js';

/**
 * Words every structural problem zod finds for a person: "is required", "[] is not a string",
 * "\"hub\" is not one of host, router", "unknown field \"durration\"". zod's own wording ("Too
 * big: expected number to be <=4294967295", "Invalid option: expected one of …") never reaches
 * the user; messages the schema states itself ('must be at most 64 characters') are kept.
 */
export function wordZodIssue(issue: z.core.$ZodIssue, root: unknown): string {
  const got = valueAt(root, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (got === undefined) return 'is required';
      return `${describeValue(got)} is not ${typeName(issue.expected, got)}`;
    case 'unrecognized_keys': {
      const shown = issue.keys.slice(0, 5).map((k) => quote(k, 40));
      const more = issue.keys.length > 5 ? ` and ${issue.keys.length - 5} more` : '';
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${shown.join(', ')}${more}`;
    }
    case 'invalid_union':
      return got === undefined ? 'is required' : `${describeValue(got)} is not a number or a string with a unit`;
    case 'invalid_value': {
      const options = issue.values.map((v) => (typeof v === 'string' ? v : String(v)));
      if (options.length === 1) return `must be ${options[0]}`;
      return `${describeValue(got)} is not one of ${options.join(', ')}`;
    }
    case 'too_big':
    case 'too_small':
      return ownMessage(issue.message) ?? sizeMessage(issue, got);
    case 'invalid_format':
      return ownMessage(issue.message) ?? `${describeValue(got)} is not in the expected form`;
    case 'not_multiple_of':
      return `${describeValue(got)} is not a multiple of ${String(issue.divisor)}`;
    default:
      return ownMessage(issue.message) ?? `${describeValue(got)} is not valid here`;
  }
}

/** zod's default messages start with these words; a message of ours never does. */
function ownMessage(message: string): string | null {
  return /^(Too (big|small)|Invalid|Expected|Unrecognized)\b/.test(message) ? null : message;
}

function typeName(expected: string, got: unknown): string {
  switch (expected) {
    case 'string':
      return 'a string';
    case 'number':
      return typeof got === 'number' ? 'a finite number' : 'a number';
    case 'int':
      return 'a whole number';
    case 'boolean':
      return 'true or false';
    case 'object':
    case 'record':
      return 'an object';
    case 'array':
      return 'a list';
    default:
      return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
  }
}

function sizeMessage(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall, got: unknown): string {
  const big = issue.code === 'too_big';
  const bound = Number(big ? (issue as z.core.$ZodIssueTooBig).maximum : (issue as z.core.$ZodIssueTooSmall).minimum);
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'array':
    case 'set':
      return big
        ? `has ${Array.isArray(got) ? got.length : 'too many'} entries; at most ${bound}`
        : `needs at least ${bound} entr${bound === 1 ? 'y' : 'ies'}`;
    case 'string':
      return big ? `must be at most ${bound} characters` : `must be at least ${bound} characters`;
    default:
      if (big) return inclusive ? `must be at most ${bound}` : `must be less than ${bound}`;
      return inclusive ? `must be at least ${bound}` : `must be more than ${bound}`;
  }
}

/** The value at a zod issue's path in the raw input (undefined when absent). */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(v, k)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}
