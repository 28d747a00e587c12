/**
 * Splitting and joining the scenario's human quantities ("10Mbps", "20ms", "50 packets") for
 * number-plus-unit inputs. Parsing for real is the engine's job (its validator reports errors);
 * this only chooses how to show a value and how to write it back.
 */
import { parseBitRate, parseBufferLimit, parseByteSize, parseDuration } from '@cclab/engine';

export type QuantityKind = 'rate' | 'duration' | 'size' | 'buffer';

export interface UnitOption {
  unit: string;
  /** Canonical units (bit/s, s, bytes, packets) per 1 of this unit. */
  factor: number;
  /** Text appended to the number when writing the quantity. */
  suffix: string;
}

export const UNITS: Record<QuantityKind, UnitOption[]> = {
  rate: [
    { unit: 'kb/s', factor: 1e3, suffix: 'kbps' },
    { unit: 'Mb/s', factor: 1e6, suffix: 'Mbps' },
    { unit: 'Gb/s', factor: 1e9, suffix: 'Gbps' },
  ],
  duration: [
    { unit: 'µs', factor: 1e-6, suffix: 'us' },
    { unit: 'ms', factor: 1e-3, suffix: 'ms' },
    { unit: 's', factor: 1, suffix: 's' },
  ],
  size: [
    { unit: 'B', factor: 1, suffix: 'B' },
    { unit: 'KB', factor: 1e3, suffix: 'KB' },
    { unit: 'MB', factor: 1e6, suffix: 'MB' },
  ],
  buffer: [
    { unit: 'packets', factor: 1, suffix: ' packets' },
    { unit: 'bytes', factor: 1, suffix: 'B' },
    { unit: 'KB', factor: 1e3, suffix: 'KB' },
  ],
};

export interface Quantity {
  /** The number as typed (kept as text so partial input survives). */
  text: string;
  unit: string;
}

function trimNumber(v: number): string {
  return String(Number(v.toPrecision(10)));
}

/** Picks the largest unit in which `canonical` is at least 1. */
export function bestUnit(kind: QuantityKind, canonical: number): UnitOption {
  const opts = UNITS[kind];
  if (canonical === 0) return opts[kind === 'size' ? 0 : kind === 'duration' ? 2 : 1]!;
  let best = opts[0]!;
  for (const o of opts) if (Math.abs(canonical) >= o.factor) best = o;
  return best;
}

/** Canonical value of a stored quantity, or null if it does not parse. */
export function canonicalOf(
  kind: QuantityKind,
  raw: unknown,
): { value: number; bufferUnit?: 'packets' | 'bytes' } | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (kind === 'rate') {
    const r = parseBitRate(raw);
    return r.ok ? { value: r.value } : null;
  }
  if (kind === 'duration') {
    const r = parseDuration(raw);
    return r.ok ? { value: r.value / 1e9 } : null;
  }
  if (kind === 'size') {
    const r = parseByteSize(raw);
    return r.ok ? { value: r.value } : null;
  }
  const r = parseBufferLimit(raw);
  if (!r.ok) return null;
  return 'packets' in r.value
    ? { value: r.value.packets, bufferUnit: 'packets' }
    : { value: r.value.bytes, bufferUnit: 'bytes' };
}

/** How to show a stored quantity in a number field and unit menu. */
export function splitQuantity(kind: QuantityKind, raw: unknown): Quantity {
  const c = canonicalOf(kind, raw);
  if (!c)
    return {
      text: raw === undefined ? '' : String(raw).replace(/[^0-9.eE+-]/g, ''),
      unit: UNITS[kind][kind === 'rate' ? 1 : kind === 'duration' ? 1 : 0]!.unit,
    };
  if (kind === 'buffer') {
    if (c.bufferUnit === 'packets') return { text: trimNumber(c.value), unit: 'packets' };
    const o = c.value >= 1e3 && c.value % 1e3 === 0 ? UNITS.buffer[2]! : UNITS.buffer[1]!;
    return { text: trimNumber(c.value / o.factor), unit: o.unit };
  }
  const o = bestUnit(kind, c.value);
  return { text: trimNumber(c.value / o.factor), unit: o.unit };
}

/** Writes a number and unit back as the scenario's quantity string. */
export function joinQuantity(kind: QuantityKind, text: string, unit: string): string {
  const o = UNITS[kind].find((u) => u.unit === unit) ?? UNITS[kind][0]!;
  return `${text.trim()}${o.suffix}`;
}

/** Human display of a canonical value ("10 Mb/s", "20 ms"). */
export function formatQuantity(kind: Exclude<QuantityKind, 'buffer'>, canonical: number): string {
  const o = bestUnit(kind, canonical);
  return `${trimNumber(Number((canonical / o.factor).toPrecision(4)))} ${o.unit}`;
}
