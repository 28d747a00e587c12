/**
 * Physical ranges of every quantity a scenario can hold (the "Limits" table of
 * docs/scenario-format.md). A value outside its range is rejected by validation with the field
 * named, so nothing absurd — Infinity, a rate that schedules an event per simulated nanosecond, a
 * buffer of a billion packets — ever reaches the engine. Canonical units: bit/s, seconds, bytes.
 */

export interface Range {
  readonly min: number;
  readonly max: number;
}

const HOUR = 3600;
const DAY = 86400;

/** Link rates and rate parameters: 1 bit/s to 1 Tbit/s. */
export const RATE_RANGE: Range = { min: 1, max: 1e12 };
/** Link propagation delay, seconds. */
export const LINK_DELAY_RANGE: Range = { min: 0, max: HOUR };
/**
 * Scenario duration, seconds (simulated time is integer ns in a double: exact to 104 days; a
 * week of packet-level simulation is already far beyond what runs in reasonable time).
 */
export const DURATION_RANGE: Range = { min: 0, max: 7 * DAY };
/** Flow start and stop times, seconds. */
export const FLOW_TIME_RANGE: Range = { min: 0, max: 7 * DAY };
/** Probe sampling interval, seconds. */
export const PROBE_INTERVAL_RANGE: Range = { min: 1e-6, max: HOUR };
/** A buffer given in packets. */
export const BUFFER_PACKETS_RANGE: Range = { min: 0, max: 1_000_000 };
/** A buffer given in bytes. */
export const BUFFER_BYTES_RANGE: Range = { min: 1, max: 1e9 };

/**
 * Bounds every registry parameter of a kind obeys, whatever its own (narrower) range says, so a
 * parameter added without a range still cannot take an absurd value.
 */
export const PARAM_KIND_RANGE = {
  duration: { min: 0, max: HOUR },
  rate: RATE_RANGE,
  size: { min: 0, max: 1e9 },
  number: { min: -1e15, max: 1e15 },
  integer: { min: -1e9, max: 1e9 },
  /** Each entry of a list (VBR frame sizes in bytes). */
  list: { min: 0, max: 1e9 },
} as const satisfies Record<string, Range>;

/** Most entries in a list parameter. */
export const MAX_LIST_ENTRIES = 1_000_000;

/**
 * Most packets a traffic source may emit per second (rate ÷ 8·packetSize): 10 million, i.e. one
 * packet every 100 ns (120 Gbit/s of 1500-byte packets). A faster source only spends the run on
 * its own timer.
 */
export const MAX_SOURCE_PACKETS_PER_SECOND = 10_000_000;

/** Longest string accepted where a quantity ("10Mbps", "20ms") is expected. */
export const MAX_QUANTITY_CHARS = 64;

export type QuantityKind = 'rate' | 'duration' | 'size' | 'packets';

/** A canonical value in the unit a person reads best: 1e12 → "1 Tbit/s", 3600 → "1 h". */
export function formatQuantity(kind: QuantityKind, v: number): string {
  const n = (x: number) => String(+x.toPrecision(6));
  switch (kind) {
    case 'rate':
      for (const [f, u] of [
        [1e12, 'Tbit/s'],
        [1e9, 'Gbit/s'],
        [1e6, 'Mbit/s'],
        [1e3, 'kbit/s'],
      ] as const)
        if (Math.abs(v) >= f) return `${n(v / f)} ${u}`;
      return `${n(v)} bit/s`;
    case 'duration':
      if (v >= DAY) return `${n(v / DAY)} days (${n(v)} s)`;
      if (v >= HOUR) return `${n(v / HOUR)} h`;
      if (v >= 1 || v === 0) return `${n(v)} s`;
      if (v >= 1e-3) return `${n(v * 1e3)} ms`;
      if (v >= 1e-6) return `${n(v * 1e6)} µs`;
      return `${n(v * 1e9)} ns`;
    case 'size':
      for (const [f, u] of [
        [1e9, 'GB'],
        [1e6, 'MB'],
        [1e3, 'KB'],
      ] as const)
        if (Math.abs(v) >= f) return `${n(v / f)} ${u}`;
      return `${n(v)} B`;
    case 'packets':
      return `${groupThousands(v)} packets`;
  }
}

/** 1000000 → "1,000,000" (locale-independent, for messages). */
export function groupThousands(v: number): string {
  return String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
