import { describe, expect, it } from 'vitest';
import { CodeTable } from './CodeTable';

describe('a code table (names as numbers in frames)', () => {
  it('codes known names by position and appends an unknown one instead of reusing a code', () => {
    const t = new CodeTable(['fast-retransmit', 'timeout']);
    expect(t.code('timeout')).toBe(1);
    expect(t.takeChange()).toBeUndefined();
    expect(t.code('slow-start-exit')).toBe(2);
    expect(t.code('slow-start-exit')).toBe(2);
    // the grown table goes out once, with the next frame
    expect(t.takeChange()).toEqual(['fast-retransmit', 'timeout', 'slow-start-exit']);
    expect(t.takeChange()).toBeUndefined();
  });
});
