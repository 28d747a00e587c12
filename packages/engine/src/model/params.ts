import { describeValue, quote } from '../core/describeValue.js';
import {
  formatQuantity,
  groupThousands,
  MAX_LIST_ENTRIES,
  MAX_SOURCE_PACKETS_PER_SECOND,
  PARAM_KIND_RANGE,
  type Range,
} from '../core/limits.js';
import { parseBitRate, parseByteSize, parseDuration } from '../core/units.js';
import type { ParamSpec, ResolvedParams } from './types.js';

/** Most keys a `params` object may hold (every model has far fewer parameters). */
export const MAX_PARAMS_KEYS = 256;

/**
 * The range a numeric parameter is checked against: its own `min`/`max` within the physical
 * bounds of its kind (core/limits.ts), so every number, integer, duration, rate, size and list
 * entry is finite and bounded even when the model gives no range. Null for booleans and enums.
 */
export function paramRange(spec: ParamSpec): Range | null {
  if (spec.kind === 'boolean' || spec.kind === 'enum') return null;
  const k = PARAM_KIND_RANGE[spec.kind];
  if (spec.kind === 'list') return k;
  return { min: Math.max(spec.min ?? k.min, k.min), max: Math.min(spec.max ?? k.max, k.max) };
}

/** A parameter with its effective range filled in (what the registry publishes to the lab). */
export function withRange(spec: ParamSpec): ParamSpec {
  const r = paramRange(spec);
  return r && spec.kind !== 'list' ? { ...spec, min: r.min, max: r.max } : spec;
}

/** A bound of a parameter in the unit a person reads: "1 µs", "1 Tbit/s", "1000 segments". */
function shownBound(spec: ParamSpec, v: number): string {
  if (spec.kind === 'duration' || spec.kind === 'rate' || spec.kind === 'size') return formatQuantity(spec.kind, v);
  return `${v}${spec.unit ? ' ' + spec.unit : ''}`;
}

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
    issues.push({ path, message: `${describeValue(input)} is not an object of parameters` });
    return out;
  }
  // own keys as the JSON had them: "__proto__", "constructor" and "prototype" are unknown
  // parameters like any other, never dropped or looked up on Object.prototype
  const keys = Object.keys(input);
  if (keys.length > MAX_PARAMS_KEYS) {
    issues.push({ path, message: `has ${keys.length} parameters; at most ${MAX_PARAMS_KEYS}` });
    return out;
  }
  const known = specs.map((s) => s.key);
  for (const key of keys) {
    const raw = (input as Record<string, unknown>)[key];
    const p = `${path}.${key.length > 40 ? quote(key, 40) : key}`;
    const spec = specs.find((s) => s.key === key);
    if (!spec) {
      issues.push({ path: p, message: `unknown parameter (known: ${knownNames(known)})` });
      continue;
    }
    const v = coerce(spec, raw);
    if (typeof v === 'string' && spec.kind !== 'enum') {
      issues.push({ path: p, message: v });
      continue;
    }
    if (spec.kind === 'enum') {
      if (typeof raw !== 'string' || !spec.options?.includes(raw)) {
        issues.push({ path: p, message: `${describeValue(raw)} is not one of ${spec.options?.join(', ')}` });
        continue;
      }
      out[key] = raw;
      continue;
    }
    const range = paramRange(spec);
    if (typeof v === 'number' && range) {
      if (v < range.min) {
        issues.push({ path: p, message: `${describeValue(raw)} is below the minimum ${shownBound(spec, range.min)}` });
        continue;
      }
      if (v > range.max) {
        issues.push({ path: p, message: `${describeValue(raw)} is above the maximum ${shownBound(spec, range.max)}` });
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
      return typeof raw === 'boolean' ? raw : `${describeValue(raw)} is not true or false`;
    case 'enum':
      // checked against the options by the caller; never String(raw): an object whose own
      // `toString` is not a function (`{"toString": 1}`) throws a TypeError when converted
      return typeof raw === 'string' ? raw : '';
    case 'integer':
      return typeof raw === 'number' && Number.isInteger(raw) ? raw : `${describeValue(raw)} is not a whole number`;
    case 'number':
      return typeof raw === 'number' && Number.isFinite(raw) ? raw : `${describeValue(raw)} is not a finite number`;
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
  else return `${describeValue(raw)} is not a list of numbers`;
  if (items.length > MAX_LIST_ENTRIES) return `has ${items.length} entries; at most ${MAX_LIST_ENTRIES}`;
  const max = PARAM_KIND_RANGE.list.max;
  for (let i = 0; i < items.length; i++) {
    const v = items[i];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
      return `entry ${i + 1} (${describeValue(v)}) is not a non-negative number`;
    if (v > max) return `entry ${i + 1} (${describeValue(v)}) is above the maximum ${max}`;
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

/** One problem with a model's parameters taken together, naming the offending key. */
export interface ParamCheckIssue {
  readonly key: string;
  readonly message: string;
}

/**
 * A cross-parameter check for a source that emits `sizeKey`-byte packets at `rateKey` bit/s: at
 * most MAX_SOURCE_PACKETS_PER_SECOND packets per second (a CBR source at 1 Tbit/s with 1-byte
 * packets would schedule an event every 8 ps, i.e. at every simulated nanosecond).
 */
export function packetRateCheck(rateKey: string, sizeKey: string): (p: ResolvedParams) => ParamCheckIssue[] {
  return (p) => {
    const rate = num(p, rateKey);
    const size = num(p, sizeKey);
    const perS = rate / (8 * size);
    if (!(perS <= MAX_SOURCE_PACKETS_PER_SECOND))
      return [
        {
          key: rateKey,
          message: `${formatQuantity('rate', rate)} in ${formatQuantity('size', size)} packets is ${groupThousands(Math.round(perS))} packets per second; at most ${groupThousands(MAX_SOURCE_PACKETS_PER_SECOND)} (${formatQuantity('rate', MAX_SOURCE_PACKETS_PER_SECOND * 8 * size)} for this packet size)`,
        },
      ];
    return [];
  };
}

/**
 * The parameter names an "unknown parameter" message lists: all of them while they fit in 400
 * characters (scenario messages are capped at 500), then how many more.
 */
function knownNames(known: readonly string[]): string {
  if (known.length === 0) return 'none';
  let out = known[0]!;
  for (let i = 1; i < known.length; i++) {
    const next = `${out}, ${known[i]!}`;
    if (next.length > 400) return `${out} and ${known.length - i} more`;
    out = next;
  }
  return out;
}
