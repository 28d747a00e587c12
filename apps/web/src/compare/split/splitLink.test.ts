import { describe, expect, it } from 'vitest';
import { hashWithSplit, splitChoiceFromHash } from './splitLink';

describe('the split view in the share link', () => {
  const choice = { path: 'links[r1-r2].rate', a: '5', b: '20' };

  it('adds the choice beside the scenario and reads it back; other parameters are kept', () => {
    const hash = hashWithSplit('#s=abc&sweep=xyz', choice);
    expect(hash.startsWith('#s=abc&sweep=xyz&split=')).toBe(true);
    expect(splitChoiceFromHash(hash)).toEqual(choice);
    // a new choice replaces the old one, null removes it
    const again = hashWithSplit(hash, { ...choice, b: '40' });
    expect(again.match(/split=/g)).toHaveLength(1);
    expect(splitChoiceFromHash(again)?.b).toBe('40');
    expect(hashWithSplit(again, null)).toBe('#s=abc&sweep=xyz');
    expect(hashWithSplit('#split=zzz', null)).toBe('');
  });

  it('ignores a missing, damaged or incomplete choice (the lab opens as usual)', () => {
    expect(splitChoiceFromHash('#s=abc')).toBeNull();
    const hash = hashWithSplit('#s=abc', choice);
    expect(splitChoiceFromHash(hash.slice(0, -6))).toBeNull();
    expect(splitChoiceFromHash(hashWithSplit('', { path: 'duration', a: '1' } as never))).toBeNull();
  });
});
