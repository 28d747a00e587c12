import { parseBitRate, parseByteSize, parseDuration } from '../core/units.js';
import type { ParamSpec, ResolvedParams } from './types.js';

export interface ParamIssue {
  path: string;
  message: string;
}

/**
 * Checks user-supplied parameters against a model's schema and returns them in canonical units
 * with defaults filled in. Every problem is reported with its path; unknown keys are errors (a
 * typo must not silently fall back to a default).
 */
export function resolveParams(
  specs: readonly ParamSpec[],
  input: unknown,
  path: string,
  issues: ParamIssue[],
): ResolvedParams {
  const out: ResolvedParams = {};
  for (const s of specs) out[s.key] = s.default;
  if (input === undefined || input === null) return out;
  if (typeof input !== 'object' || Array.isArray(input)) {
    issues.push({ path, message: 'expected an object of parameters' });
    return out;
  }
  const known = new Set(specs.map((s) => s.key));
  for (const [key, raw] of Object.entries(input as Record<string, unknown>)) {
    const p = `${path}.${key}`;
    if (!known.has(key)) {
      issues.push({ path: p, message: `unknown parameter (known: ${[...known].join(', ') || 'none'})` });
      continue;
    }
    const spec = specs.find((s) => s.key === key)!;
    const v = coerce(spec, raw);
    if (typeof v === 'string' && spec.kind !== 'enum') {
      issues.push({ path: p, message: v });
      continue;
    }
    if (spec.kind === 'enum') {
      if (typeof raw !== 'string' || !spec.options?.includes(raw)) {
        issues.push({ path: p, message: `${JSON.stringify(raw)} is not one of ${spec.options?.join(', ')}` });
        continue;
      }
      out[key] = raw;
      continue;
    }
    if (typeof v === 'number') {
      if (spec.min !== undefined && v < spec.min) {
        issues.push({
          path: p,
          message: `${JSON.stringify(raw)} is below the minimum ${spec.min}${spec.unit ? ' ' + spec.unit : ''}`,
        });
        continue;
      }
      if (spec.max !== undefined && v > spec.max) {
        issues.push({
          path: p,
          message: `${JSON.stringify(raw)} is above the maximum ${spec.max}${spec.unit ? ' ' + spec.unit : ''}`,
        });
        continue;
      }
    }
    out[key] = v;
  }
  return out;
}

/** Returns the canonical value, or an error message string. */
function coerce(spec: ParamSpec, raw: unknown): number | boolean | string | readonly number[] {
  switch (spec.kind) {
    case 'boolean':
      return typeof raw === 'boolean' ? raw : `${JSON.stringify(raw)} is not true or false`;
    case 'enum':
      return String(raw);
    case 'integer':
      return typeof raw === 'number' && Number.isInteger(raw) ? raw : `${JSON.stringify(raw)} is not a whole number`;
    case 'number':
      return typeof raw === 'number' && Number.isFinite(raw) ? raw : `${JSON.stringify(raw)} is not a number`;
    case 'duration': {
      const r = parseDuration(raw);
      return r.ok ? r.value / 1e9 : r.error;
    }
    case 'rate': {
      const r = parseBitRate(raw);
      return r.ok ? r.value : r.error;
    }
    case 'size': {
      const r = parseByteSize(raw);
      return r.ok ? r.value : r.error;
    }
    case 'list':
      return parseNumberList(raw);
  }
}

/** A list of non-negative finite numbers: an array, or a string separated by commas or spaces. */
function parseNumberList(raw: unknown): readonly number[] | string {
  let items: unknown[];
  if (Array.isArray(raw)) items = raw;
  else if (typeof raw === 'string')
    items =
      raw.trim() === ''
        ? []
        : raw
            .trim()
            .split(/[\s,;]+/)
            .map(Number);
  else return `${JSON.stringify(raw)} is not a list of numbers`;
  if (items.length > 1_000_000) return 'has more than 1,000,000 entries';
  for (let i = 0; i < items.length; i++) {
    const v = items[i];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
      return `entry ${i + 1} (${JSON.stringify(v)}) is not a non-negative number`;
  }
  return items as number[];
}

/** Typed accessors for resolved params (the registry guarantees presence and kind). */
export function num(p: ResolvedParams, key: string): number {
  return p[key] as number;
}
export function bool(p: ResolvedParams, key: string): boolean {
  return p[key] as boolean;
}
export function str(p: ResolvedParams, key: string): string {
  return p[key] as string;
}
export function list(p: ResolvedParams, key: string): readonly number[] {
  return p[key] as readonly number[];
}
