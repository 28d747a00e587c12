import { describeValue } from '../core/describeValue.js';
import { BUFFER_BYTES_RANGE, BUFFER_PACKETS_RANGE, formatQuantity, RATE_RANGE, type Range } from '../core/limits.js';
import { parseBitRate, parseBufferLimit, parseDuration, type BufferLimit } from '../core/units.js';
import type { ScenarioIssue } from './validate.js';

/**
 * Quantities of the scenario file parsed and checked against their physical range
 * (core/limits.ts); each returns null after recording the problem under `path`.
 */

/** A duration in integer ns within `range` (seconds); `positive` refuses zero. */
export function checkedDurationNs(
  raw: unknown,
  path: string,
  range: Range,
  issues: ScenarioIssue[],
  positive = false,
): number | null {
  const r = parseDuration(raw);
  if (!r.ok) {
    issues.push({ path, message: r.error });
    return null;
  }
  const s = r.value / 1e9;
  if (positive && r.value <= 0) {
    issues.push({ path, message: `${describeValue(raw)} must be longer than zero` });
    return null;
  }
  if (s < range.min) {
    issues.push({
      path,
      message: `${describeValue(raw)} is shorter than the minimum ${formatQuantity('duration', range.min)}`,
    });
    return null;
  }
  if (s > range.max) {
    issues.push({
      path,
      message: `${describeValue(raw)} is longer than the maximum ${formatQuantity('duration', range.max)}`,
    });
    return null;
  }
  return r.value;
}

/** A link rate in bit/s within RATE_RANGE. */
export function checkedRateBps(raw: unknown, path: string, issues: ScenarioIssue[]): number | null {
  const r = parseBitRate(raw);
  if (!r.ok) {
    issues.push({ path, message: r.error });
    return null;
  }
  if (r.value < RATE_RANGE.min || r.value > RATE_RANGE.max) {
    const which = r.value < RATE_RANGE.min ? 'below the minimum' : 'above the maximum';
    const bound = r.value < RATE_RANGE.min ? RATE_RANGE.min : RATE_RANGE.max;
    issues.push({ path, message: `${describeValue(raw)} is ${which} ${formatQuantity('rate', bound)}` });
    return null;
  }
  return r.value;
}

/** A buffer limit within BUFFER_PACKETS_RANGE or BUFFER_BYTES_RANGE. */
export function checkedBuffer(raw: unknown, path: string, issues: ScenarioIssue[]): BufferLimit | null {
  const r = parseBufferLimit(raw);
  if (!r.ok) {
    issues.push({ path, message: r.error });
    return null;
  }
  const lim = r.value;
  if ('packets' in lim && lim.packets > BUFFER_PACKETS_RANGE.max) {
    issues.push({
      path,
      message: `${describeValue(raw)} is above the maximum ${formatQuantity('packets', BUFFER_PACKETS_RANGE.max)}`,
    });
    return null;
  }
  if ('bytes' in lim && lim.bytes > BUFFER_BYTES_RANGE.max) {
    issues.push({
      path,
      message: `${describeValue(raw)} is above the maximum ${formatQuantity('size', BUFFER_BYTES_RANGE.max)}`,
    });
    return null;
  }
  return lim;
}
