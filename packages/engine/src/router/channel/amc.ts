import type { ParamSpec, ResolvedParams } from '../../model/types.js';
import { list, num, str } from '../../model/params.js';

/**
 * Adaptive modulation and coding (AMC): the channel's current SNR picks the fastest mode whose
 * threshold it reaches, and the mode's bits per symbol times the symbol rate is the rate of the
 * link for that slot.
 *
 * Seed 004, Table 1 ("QAMS", thesis §4.3): eight convolutional-turbo-coded modes of the IEEE
 * 802.16 downlink.
 *
 *     mode  modulation  CTC rate  threshold (dB)  bits/symbol
 *      1    QPSK        1/12       1.03           2·1/12 = 0.1667
 *      2    QPSK        1/8        3.01           2·1/8  = 0.25
 *      3    QPSK        1/4        6.13           2·1/4  = 0.5
 *      4    QPSK        1/2       10.24           2·1/2  = 1
 *      5    16-QAM      1/2       16.11           4·1/2  = 2
 *      6    16-QAM      3/4       20.67           4·3/4  = 3
 *      7    64-QAM      2/3       25.13           6·2/3  = 4
 *      8    64-QAM      3/4       27.77           6·3/4  = 4.5
 *
 * Below the lowest threshold nothing is sent (mode 0, an outage), the convention of AMC with
 * truncated ARQ (Liu, Zhou & Giannakis, IEEE Trans. Wireless Commun. 3(5), 2004, §II): the thesis
 * does not say what happens there.
 */
export const TABLE1_THRESHOLDS_DB: readonly number[] = [1.03, 3.01, 6.13, 10.24, 16.11, 20.67, 25.13, 27.77];
export const TABLE1_BITS_PER_SYMBOL: readonly number[] = [
  2 / 12,
  2 / 8,
  2 / 4,
  2 / 2,
  4 / 2,
  (4 * 3) / 4,
  (6 * 2) / 3,
  (6 * 3) / 4,
];

/** An AMC table: ascending SNR thresholds (dB) and each mode's bits per symbol. */
export class AmcTable {
  readonly thresholdsDb: Float64Array;
  readonly bitsPerSymbol: Float64Array;

  constructor(thresholdsDb: readonly number[], bitsPerSymbol: readonly number[]) {
    if (thresholdsDb.length === 0 || thresholdsDb.length !== bitsPerSymbol.length)
      throw new RangeError('an AMC table needs one bits-per-symbol value per threshold');
    this.thresholdsDb = Float64Array.from(thresholdsDb);
    this.bitsPerSymbol = Float64Array.from(bitsPerSymbol);
  }

  /** Mode 1..n for an SNR in dB: the highest whose threshold it reaches; 0 below the lowest. */
  mode(snrDb: number): number {
    const t = this.thresholdsDb;
    let m = 0;
    while (m < t.length && snrDb >= t[m]!) m++;
    return m;
  }

  /** Bits per symbol at an SNR in dB (0 in an outage). */
  efficiency(snrDb: number): number {
    const m = this.mode(snrDb);
    return m === 0 ? 0 : this.bitsPerSymbol[m - 1]!;
  }

  /** The largest bits per symbol of the table (its top mode). */
  get peakEfficiency(): number {
    let e = 0;
    for (const b of this.bitsPerSymbol) e = Math.max(e, b);
    return e;
  }
}

export const TABLE1 = new AmcTable(TABLE1_THRESHOLDS_DB, TABLE1_BITS_PER_SYMBOL);

/**
 * What "bandwidth" means. Seed 004 says the BS's shared downlink has a "bandwidth of 10M"
 * (digest 004 §1 flags it): read as 10 MHz, the symbol rate is the bandwidth (one symbol per
 * second per hertz, Nyquist signalling) and a slot carries B·T·(bits/symbol); read as 10 Mb/s, it
 * is the rate of the top mode and the others scale down in proportion to their bits per symbol.
 */
export type BandwidthUnit = 'MHz' | 'Mbps';

/** Symbols per second for a bandwidth of `value` in `unit` and an AMC table. */
export function symbolRate(value: number, unit: BandwidthUnit, amc: AmcTable): number {
  return unit === 'MHz' ? value * 1e6 : (value * 1e6) / amc.peakEfficiency;
}

/** The parameters every AMC user shares (a base station, a standalone fading link). */
export const amcParams: readonly ParamSpec[] = [
  {
    key: 'bandwidth',
    label: 'Bandwidth',
    kind: 'number',
    default: 10,
    min: 0.001,
    max: 10000,
    unit: 'MHz or Mb/s',
    description:
      'Shared radio bandwidth, in the unit below. Seed 004 gives "10M"; read as 10 MHz (default), each mode sends bandwidth × bits/symbol.',
  },
  {
    key: 'bandwidthUnit',
    label: 'Bandwidth unit',
    kind: 'enum',
    default: 'MHz',
    options: ['MHz', 'Mbps'],
    description:
      'MHz: symbol rate = bandwidth (rate = B·bits/symbol). Mbps: the bandwidth is the top mode’s rate (rate = B·bits/symbol ÷ 4.5). The MHz reading matches the thesis’s throughput (docs/models.md).',
  },
  {
    key: 'amcThresholds',
    label: 'AMC thresholds',
    kind: 'list',
    default: TABLE1_THRESHOLDS_DB,
    unit: 'dB',
    description: 'SNR each mode needs, ascending (seed 004 Table 1). Below the first: no transmission.',
  },
  {
    key: 'amcBitsPerSymbol',
    label: 'AMC bits/symbol',
    kind: 'list',
    default: TABLE1_BITS_PER_SYMBOL,
    unit: 'bit/symbol',
    description: 'Bits per symbol of each mode (modulation bits × code rate; seed 004 Table 1).',
  },
];

/** Problems with an AMC table given as parameters, keyed by parameter. */
export function checkAmcParams(p: ResolvedParams): { key: string; message: string }[] {
  const t = list(p, 'amcThresholds');
  const b = list(p, 'amcBitsPerSymbol');
  const out: { key: string; message: string }[] = [];
  if (t.length === 0) out.push({ key: 'amcThresholds', message: 'needs at least one threshold' });
  for (let i = 1; i < t.length; i++)
    if (!(t[i]! > t[i - 1]!)) {
      out.push({ key: 'amcThresholds', message: `must be ascending (entry ${i + 1} is not above entry ${i})` });
      break;
    }
  if (b.length !== t.length)
    out.push({
      key: 'amcBitsPerSymbol',
      message: `has ${b.length} entries but there are ${t.length} thresholds (one per mode)`,
    });
  else if (b.some((x) => !(x > 0))) out.push({ key: 'amcBitsPerSymbol', message: 'every mode must carry some bits' });
  return out;
}

/** The AMC table and symbol rate given by resolved `amcParams`. */
export function amcFromParams(p: ResolvedParams): { amc: AmcTable; symbolsPerSecond: number } {
  const amc = new AmcTable(list(p, 'amcThresholds'), list(p, 'amcBitsPerSymbol'));
  return { amc, symbolsPerSecond: symbolRate(num(p, 'bandwidth'), str(p, 'bandwidthUnit') as BandwidthUnit, amc) };
}
