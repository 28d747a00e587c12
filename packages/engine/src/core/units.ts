/**
 * Branded unit types and human-unit parsing.
 *
 * Simulation time is an integer number of nanoseconds stored in a JS number (exact up to 2^53 ns,
 * about 104 days of simulated time). Rates are bits per second, sizes are bytes.
 */

export type SimTime = number & { readonly __unit: 'ns' };
export type Bytes = number & { readonly __unit: 'bytes' };
export type BitsPerSecond = number & { readonly __unit: 'bit/s' };

export const NS_PER_SECOND = 1_000_000_000;
export const NS_PER_MS = 1_000_000;

export function seconds(s: number): SimTime {
  return Math.round(s * NS_PER_SECOND) as SimTime;
}

export function toSeconds(t: number): number {
  return t / NS_PER_SECOND;
}

/** Serialization time in ns of `bytes` on a link of `rateBps`, rounded to the nearest ns. */
export function serializationNs(bytes: number, rateBps: number): number {
  return Math.round((bytes * 8 * NS_PER_SECOND) / rateBps);
}

import { describeValue } from './describeValue.js';
import { MAX_QUANTITY_CHARS } from './limits.js';

/** Result of parsing a human unit string: either a value or a message saying what is wrong. */
export type ParseResult = { ok: true; value: number } | { ok: false; error: string };

const NUM = '([+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?)';

function parseWithUnits(
  input: unknown,
  units: Record<string, number>,
  what: string,
  defaultUnit: string | null,
): ParseResult {
  const shown = describeValue(input);
  if (typeof input === 'number') {
    if (defaultUnit === null) return { ok: false, error: `${shown} needs a unit` };
    if (!Number.isFinite(input)) return { ok: false, error: `${shown} is not a finite ${what}` };
    return { ok: true, value: input * (units[defaultUnit] ?? 1) };
  }
  if (typeof input !== 'string') return { ok: false, error: `${shown} is not a ${what}` };
  // bounded before the regular expression sees it (a megabyte of digits would backtrack for hours)
  if (input.length > MAX_QUANTITY_CHARS)
    return { ok: false, error: `${shown} is not a ${what} (at most ${MAX_QUANTITY_CHARS} characters)` };
  const m = new RegExp(`^\\s*${NUM}\\s*([A-Za-z/µ]*)\\s*$`).exec(input);
  if (!m) return { ok: false, error: `${shown} is not a ${what}` };
  const num = Number(m[1]);
  const unitRaw = m[2] ?? '';
  const unit = unitRaw === '' ? defaultUnit : unitRaw;
  if (unit === null) return { ok: false, error: `${shown} needs a unit (${Object.keys(units).join(', ')})` };
  const factor = units[unit] ?? units[unit.toLowerCase()];
  if (factor === undefined) {
    return {
      ok: false,
      error: `${shown}: unknown unit ${describeValue(unit, 20)} for a ${what} (use ${Object.keys(units).join(', ')})`,
    };
  }
  const value = num * factor;
  // "1e999s" is Infinity: a number too large to be a quantity at all
  if (!Number.isFinite(value)) return { ok: false, error: `${shown} is not a finite ${what}` };
  return { ok: true, value };
}

const RATE_UNITS: Record<string, number> = {
  bps: 1,
  'bit/s': 1,
  b: 1,
  kbps: 1e3,
  Kbps: 1e3,
  'kbit/s': 1e3,
  kb: 1e3,
  Kb: 1e3,
  Mbps: 1e6,
  mbps: 1e6,
  'Mbit/s': 1e6,
  Mb: 1e6,
  mb: 1e6,
  Gbps: 1e9,
  gbps: 1e9,
  'Gbit/s': 1e9,
  Gb: 1e9,
  gb: 1e9,
  Tbps: 1e12,
  tbps: 1e12,
};

/** Parses "10Mbps", "1.5 Mb", "100kbps", "1Gbps" or a number of bit/s. */
export function parseBitRate(input: unknown): ParseResult {
  const r = parseWithUnits(input, RATE_UNITS, 'bit rate', 'bps');
  if (r.ok && !(r.value > 0)) return { ok: false, error: `${describeValue(input)} is not a positive bit rate` };
  return r;
}

const TIME_UNITS: Record<string, number> = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  ms: 1e6,
  s: 1e9,
  sec: 1e9,
  min: 60e9,
  h: 3600e9,
};

/** Parses "20ms", "1.5s", "100us" or a number of seconds into integer nanoseconds. */
export function parseDuration(input: unknown): ParseResult {
  const r = parseWithUnits(input, TIME_UNITS, 'duration', 's');
  if (!r.ok) return r;
  if (!(r.value >= 0)) return { ok: false, error: `${describeValue(input)} is not a non-negative duration` };
  return { ok: true, value: Math.round(r.value) };
}

const SIZE_UNITS: Record<string, number> = {
  B: 1,
  b: 1,
  byte: 1,
  bytes: 1,
  KB: 1e3,
  kB: 1e3,
  KiB: 1024,
  MB: 1e6,
  MiB: 1048576,
  GB: 1e9,
};

/** Parses "1000B", "1.5KB", "1MB" or a number of bytes. */
export function parseByteSize(input: unknown): ParseResult {
  const r = parseWithUnits(input, SIZE_UNITS, 'size in bytes', 'B');
  if (r.ok && !(r.value > 0 && Number.isFinite(r.value))) {
    return { ok: false, error: `${describeValue(input)} is not a positive size` };
  }
  if (r.ok) return { ok: true, value: Math.round(r.value) };
  return r;
}

/** A buffer limit is a number of packets or a number of bytes. */
export type BufferLimit = { packets: number } | { bytes: number };

/** Parses "50 packets", "50p", "64KB", "100000 bytes" or a plain number of packets. */
export function parseBufferLimit(input: unknown): { ok: true; value: BufferLimit } | { ok: false; error: string } {
  const shown = describeValue(input);
  if (typeof input === 'number') {
    if (!(input >= 0) || !Number.isInteger(input))
      return { ok: false, error: `${shown} is not a whole number of packets` };
    return { ok: true, value: { packets: input } };
  }
  if (typeof input !== 'string')
    return { ok: false, error: `${shown} is not a buffer size (use e.g. "50 packets" or "64KB")` };
  if (input.length > MAX_QUANTITY_CHARS)
    return { ok: false, error: `${shown} is not a buffer size (at most ${MAX_QUANTITY_CHARS} characters)` };
  const m = new RegExp(`^\\s*${NUM}\\s*(packets|packet|pkts|pkt|p)\\s*$`, 'i').exec(input);
  if (m) {
    const n = Number(m[1]);
    if (!(n >= 0) || !Number.isInteger(n)) return { ok: false, error: `${shown} is not a whole number of packets` };
    return { ok: true, value: { packets: n } };
  }
  const b = parseByteSize(input);
  if (!b.ok) return { ok: false, error: `${shown} is not a buffer size (use e.g. "50 packets" or "64KB")` };
  return { ok: true, value: { bytes: b.value } };
}

/** Formats a rate for display in summaries (not used in the hot path). */
export function formatBitRate(bps: number): string {
  if (bps >= 1e9) return `${(bps / 1e9).toFixed(3)} Gb/s`;
  if (bps >= 1e6) return `${(bps / 1e6).toFixed(3)} Mb/s`;
  if (bps >= 1e3) return `${(bps / 1e3).toFixed(3)} kb/s`;
  return `${bps.toFixed(1)} b/s`;
}
