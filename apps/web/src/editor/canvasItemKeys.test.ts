import { describe, expect, it } from 'vitest';
import { stepIndex } from './canvasItemKeys';

describe('keyboard steps through canvas items', () => {
  it('starts at the first (forward) or last (backward) item, steps by one and wraps at both ends', () => {
    expect(stepIndex(-1, 1, 5)).toBe(0);
    expect(stepIndex(-1, -1, 5)).toBe(4);
    expect(stepIndex(2, 1, 5)).toBe(3);
    expect(stepIndex(4, 1, 5)).toBe(0);
    expect(stepIndex(0, -1, 5)).toBe(4);
    expect(stepIndex(-1, 1, 0)).toBe(-1);
  });
});
