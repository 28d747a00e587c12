import { describe, expect, it } from 'vitest';
import { MahimahiTrace, parseMahimahiTrace } from './MahimahiTrace.js';
import { opportunitiesForRates, tracePresets, tracePresetTimes } from './tracePresets.js';

const MS = 1e6;

describe('Mahimahi trace format', () => {
  it('parses one whole millisecond per line, as mm-link reads it', () => {
    expect(parseMahimahiTrace('2\n2\n5\n')).toEqual({ ok: true, timesMs: [2, 2, 5] });
    expect(parseMahimahiTrace('1\r\n3')).toEqual({ ok: true, timesMs: [1, 3] });
  });

  it('refuses what mm-link refuses, naming the line', () => {
    expect(parseMahimahiTrace('1\n\n3\n')).toEqual({ ok: false, error: 'line 2 is empty' });
    expect(parseMahimahiTrace('5\n3\n')).toEqual({
      ok: false,
      error: 'timestamps must not decrease (line 2: 3 after 5)',
    });
    expect(parseMahimahiTrace('0\n0\n')).toEqual({
      ok: false,
      error: 'must last a nonzero time (its last timestamp is 0)',
    });
    expect(parseMahimahiTrace('')).toEqual({ ok: false, error: 'has no delivery opportunities' });
    expect(parseMahimahiTrace('1\n2.5\n')).toMatchObject({ ok: false, error: expect.stringMatching(/^line 2/) });
  });

  it('loops with its last timestamp as the period (base_timestamp_ += schedule_.back())', () => {
    const t = new MahimahiTrace([2, 2, 5]);
    expect([0, 1, 2, 3, 4, 5, 6].map((k) => t.timeOf(k) / MS)).toEqual([2, 2, 5, 7, 7, 10, 12]);
    // the first opportunity strictly after an instant; those at or before it are burned
    expect(t.timeOf(t.firstAfter(0)) / MS).toBe(2);
    expect(t.firstAfter(2 * MS)).toBe(2);
    expect(t.firstAfter(7 * MS)).toBe(5);
    expect(t.firstAfter(7.5 * MS)).toBe(5);
    expect(t.countUpTo(7 * MS)).toBe(5);
    expect(t.countUpTo(1.9 * MS)).toBe(0);
    // 3 opportunities of 1504 B every 5 ms
    expect(t.meanRateBps).toBeCloseTo((3 * 1504 * 8) / 0.005, 6);
  });

  it('ends a non-repeating trace', () => {
    const t = new MahimahiTrace([1, 4], false);
    expect(t.timeOf(1) / MS).toBe(4);
    expect(t.timeOf(2)).toBe(Infinity);
    expect(t.timeOf(t.firstAfter(4 * MS))).toBe(Infinity);
  });
});

describe('shipped traces', () => {
  it('are valid traces with the rates their descriptions give', () => {
    const rate = (id: string) => new MahimahiTrace(tracePresetTimes(id)!).meanRateBps;
    for (const p of tracePresets) expect(() => new MahimahiTrace(tracePresetTimes(p.id)!), p.id).not.toThrow();
    expect(rate('constant-12mbps')).toBeCloseTo(12.032e6, 0);
    expect(rate('constant-2mbps')).toBeCloseTo(12.032e6 / 6, 0);
    // half the period at 12.032, half at 2.005 Mb/s
    expect(rate('step-12-2mbps') / 1e6).toBeCloseTo((12.032 + 2.0053) / 2, 2);
    // 4.5 s of every 5 at 12.032 Mb/s
    expect(rate('outage-12mbps') / 1e6).toBeCloseTo(12.032 * 0.9, 2);
    const cell = tracePresetTimes('cellular-synthetic')!;
    expect(cell[cell.length - 1]).toBe(60000);
  });

  it('spread a piecewise-constant rate into whole opportunities, the period ending on the last millisecond', () => {
    // 3 Mb/s for 8 ms: 3000 bits/ms against 12032 per opportunity → credit crosses 1 after 5 ms
    expect(opportunitiesForRates([{ rateBps: 3e6, ms: 8 }])).toEqual([5, 8]);
    expect(opportunitiesForRates([{ rateBps: 0, ms: 3 }])).toEqual([3]);
  });
});
