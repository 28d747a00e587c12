import { Random } from '../../core/Random.js';
import { MAHIMAHI_PACKET_BYTES } from './MahimahiTrace.js';

/**
 * Delivery-opportunity traces shipped with cclab, in Mahimahi's format. None is a recording: each
 * is written or synthesised here by the recipe in its description (a synthetic trace from our own
 * seeded generator, so every copy of cclab builds the same one), and none is downloaded.
 * `cclab trace NAME` prints one as a Mahimahi file.
 */
export interface TracePreset {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  /** The timestamps (ms), built on first use. */
  readonly build: () => number[];
}

const BITS_PER_OPPORTUNITY = MAHIMAHI_PACKET_BYTES * 8;

/**
 * Opportunities for a rate that is constant over each of `segments` (rate in bit/s, length in ms):
 * a running credit of rate·1 ms / 12 032 bits per millisecond, one opportunity per whole credit.
 * The last timestamp is the total length, so the trace loops with exactly that period.
 */
export function opportunitiesForRates(segments: readonly { rateBps: number; ms: number }[]): number[] {
  const out: number[] = [];
  let credit = 0;
  let t = 0;
  for (const seg of segments) {
    for (let k = 0; k < seg.ms; k++) {
      t++;
      credit += (seg.rateBps * 1e-3) / BITS_PER_OPPORTUNITY;
      while (credit >= 1 - 1e-9) {
        out.push(t);
        credit -= 1;
      }
    }
  }
  if (out.length === 0 || out[out.length - 1] !== t) out.push(t); // the period ends at the last millisecond
  return out;
}

/**
 * A synthetic cellular downlink: the rate is held for 100 ms at a time and follows a reflected
 * random walk in log-rate (steps of ±0.35 in ln, between ln 1 and ln 36 Mb/s, starting at 8 Mb/s),
 * with a 200 ms outage (rate 0) starting in a step with probability 1/50 — the slow variation and
 * occasional stalls of the LTE traces Mahimahi records, made up from our own seeded generator.
 */
function syntheticCellular(): number[] {
  const rng = new Random(2004, 'trace:cellular-synthetic');
  const lo = Math.log(1e6);
  const hi = Math.log(36e6);
  let x = Math.log(8e6);
  const segments: { rateBps: number; ms: number }[] = [];
  let outage = 0;
  for (let step = 0; step < 600; step++) {
    if (outage > 0) {
      outage--;
      segments.push({ rateBps: 0, ms: 100 });
      continue;
    }
    if (rng.next() < 1 / 50) {
      outage = 1;
      segments.push({ rateBps: 0, ms: 100 });
      continue;
    }
    x += rng.next() < 0.5 ? -0.35 : 0.35;
    if (x < lo) x = 2 * lo - x;
    if (x > hi) x = 2 * hi - x;
    segments.push({ rateBps: Math.exp(x), ms: 100 });
  }
  return opportunitiesForRates(segments);
}

export const tracePresets: readonly TracePreset[] = [
  {
    id: 'constant-12mbps',
    label: 'Constant 12 Mb/s',
    description: 'One opportunity every millisecond ("1"): 1504 B/ms = 12.03 Mb/s, Mahimahi’s unit trace.',
    build: () => [1],
  },
  {
    id: 'constant-2mbps',
    label: 'Constant 2 Mb/s',
    description: 'One opportunity every 6 ms ("6"): 2.01 Mb/s.',
    build: () => [6],
  },
  {
    id: 'step-12-2mbps',
    label: 'Steps 12 ↔ 2 Mb/s',
    description: '12 Mb/s for 5 s, then 2 Mb/s for 5 s, repeating (period 10 s): a capacity drop to react to.',
    build: () =>
      opportunitiesForRates([
        { rateBps: 12.032e6, ms: 5000 },
        { rateBps: 2.0053e6, ms: 5000 },
      ]),
  },
  {
    id: 'outage-12mbps',
    label: '12 Mb/s with outages',
    description: '12 Mb/s with a 500 ms outage (no opportunities) every 5 s (period 5 s).',
    build: () =>
      opportunitiesForRates([
        { rateBps: 12.032e6, ms: 4500 },
        { rateBps: 0, ms: 500 },
      ]),
  },
  {
    id: 'cellular-synthetic',
    label: 'Synthetic cellular (60 s)',
    description:
      'Rate held 100 ms at a time on a reflected random walk in log-rate between 1 and 36 Mb/s (steps ±0.35, start 8 Mb/s), with 200 ms outages starting with probability 1/50 per step; our own seeded generator, period 60 s.',
    build: syntheticCellular,
  },
];

const cache = new Map<string, number[]>();

/** The timestamps of a shipped trace, or undefined for an unknown id. */
export function tracePresetTimes(id: string): readonly number[] | undefined {
  const p = tracePresets.find((t) => t.id === id);
  if (!p) return undefined;
  let times = cache.get(id);
  if (!times) {
    times = p.build();
    cache.set(id, times);
  }
  return times;
}
