import { describe, expect, it } from 'vitest';
import { resolveParams } from '../../model/params.js';
import { AmcTable, amcFromParams, amcParams, checkAmcParams, symbolRate, TABLE1 } from './amc.js';

describe('AMC by seed 004 Table 1', () => {
  it('maps an SNR to the highest mode whose threshold it reaches (thresholds inclusive)', () => {
    const cases: [number, number][] = [
      [-5, 0],
      [1.02, 0], // below mode 1: nothing is sent
      [1.03, 1],
      [3.0, 1],
      [3.01, 2],
      [6.13, 3],
      [10.23, 3],
      [10.24, 4],
      [16.11, 5],
      [20.66, 5],
      [20.67, 6],
      [25.13, 7],
      [27.76, 7],
      [27.77, 8],
      [60, 8],
    ];
    for (const [snr, mode] of cases) expect([snr, TABLE1.mode(snr)]).toEqual([snr, mode]);
  });

  it('gives each mode the bits per symbol of its modulation and code rate', () => {
    // QPSK = 2 bits, 16-QAM = 4, 64-QAM = 6, times the CTC code rate of Table 1
    const expected = [2 / 12, 2 / 8, 2 / 4, 2 / 2, 4 / 2, 4 * 0.75, 6 * (2 / 3), 6 * 0.75];
    const mid = [2, 4, 8, 12, 18, 22, 26, 30];
    mid.forEach((snr, i) => expect(TABLE1.efficiency(snr)).toBeCloseTo(expected[i]!, 12));
    expect(TABLE1.efficiency(0)).toBe(0);
    expect(TABLE1.peakEfficiency).toBe(4.5);
  });

  it('reads "10M" as 10 MHz (rate = B × bits/symbol) or as 10 Mb/s at the top mode', () => {
    expect(symbolRate(10, 'MHz', TABLE1)).toBe(10e6);
    // 64-QAM 3/4 at 10 Msymbol/s: 45 Mb/s; QPSK 1/2: 10 Mb/s
    expect(symbolRate(10, 'MHz', TABLE1) * TABLE1.efficiency(30)).toBeCloseTo(45e6, 3);
    // 10 Mb/s at the top mode: QPSK 1/2 gets 10 × 1/4.5 = 2.22 Mb/s
    expect(symbolRate(10, 'Mbps', TABLE1) * TABLE1.efficiency(30)).toBeCloseTo(10e6, 3);
    expect(symbolRate(10, 'Mbps', TABLE1) * TABLE1.efficiency(12)).toBeCloseTo(10e6 / 4.5, 3);
  });

  it('takes a table from parameters and names what is wrong with one', () => {
    const issues: { path: string; message: string }[] = [];
    const p = resolveParams(amcParams, { amcThresholds: [1, 5], amcBitsPerSymbol: [1, 2], bandwidth: 5 }, 'x', issues);
    expect(issues).toEqual([]);
    const { amc, symbolsPerSecond } = amcFromParams(p);
    expect(amc.mode(4.9)).toBe(1);
    expect(symbolsPerSecond).toBe(5e6);
    const bad = resolveParams(amcParams, { amcThresholds: [5, 1], amcBitsPerSymbol: [1] }, 'x', issues);
    expect(checkAmcParams(bad)).toEqual([
      { key: 'amcThresholds', message: 'must be ascending (entry 2 is not above entry 1)' },
      { key: 'amcBitsPerSymbol', message: 'has 1 entries but there are 2 thresholds (one per mode)' },
    ]);
    expect(() => new AmcTable([1], [])).toThrow(/one bits-per-symbol value per threshold/);
  });
});
