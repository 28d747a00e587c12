import { describe, expect, it } from 'vitest';
import { holdAsDoubles } from './doubleFields.js';

describe('holdAsDoubles', () => {
  it('leaves every value exactly as it was (+0 stays +0, not −0 or 0.5)', () => {
    const o = { zero: 0, minusOne: -1, big: 2 ** 40, inf: Infinity, other: 7 };
    holdAsDoubles(o, ['zero', 'minusOne', 'big', 'inf']);
    expect(Object.is(o.zero, 0)).toBe(true);
    expect(o).toEqual({ zero: 0, minusOne: -1, big: 2 ** 40, inf: Infinity, other: 7 });
  });

  it('refuses a name that is not a number field instead of adding a property', () => {
    const o = { nowNs: 0, label: 'x' };
    expect(() => holdAsDoubles(o, ['nowNS'])).toThrow(/nowNS is not a number field/);
    expect(() => holdAsDoubles(o, ['label'])).toThrow(/label is not a number field/);
    expect(Object.keys(o)).toEqual(['nowNs', 'label']);
  });
});
