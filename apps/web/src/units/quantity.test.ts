import { describe, expect, it } from 'vitest';
import { canonicalOf, formatQuantity, joinQuantity, splitQuantity } from './quantity';

describe('quantities in forms', () => {
  it('splits stored strings into a number and the best unit', () => {
    expect(splitQuantity('rate', '10Mbps')).toEqual({ text: '10', unit: 'Mb/s' });
    expect(splitQuantity('rate', '1500kbps')).toEqual({ text: '1.5', unit: 'Mb/s' });
    expect(splitQuantity('duration', '20ms')).toEqual({ text: '20', unit: 'ms' });
    expect(splitQuantity('duration', '0s')).toEqual({ text: '0', unit: 's' });
    expect(splitQuantity('buffer', '50 packets')).toEqual({ text: '50', unit: 'packets' });
    expect(splitQuantity('buffer', '64KB')).toEqual({ text: '64', unit: 'KB' });
  });

  it('writes back strings the engine parses to the same value', () => {
    for (const [kind, text, unit] of [
      ['rate', '4', 'Mb/s'],
      ['duration', '250', 'µs'],
      ['buffer', '30', 'packets'],
      ['buffer', '1500', 'bytes'],
      ['size', '1.5', 'KB'],
    ] as const) {
      const q = joinQuantity(kind, text, unit);
      const back = splitQuantity(kind, q);
      expect(canonicalOf(kind, joinQuantity(kind, back.text, back.unit))).toEqual(canonicalOf(kind, q));
    }
    expect(joinQuantity('buffer', '30', 'packets')).toBe('30 packets');
  });

  it('formats canonical values for captions', () => {
    expect(formatQuantity('rate', 10e6)).toBe('10 Mb/s');
    expect(formatQuantity('duration', 0.02)).toBe('20 ms');
  });

  it('returns null for text that is not a quantity', () => {
    expect(canonicalOf('rate', 'fast')).toBeNull();
  });
});
