import { describe, expect, it } from 'vitest';
import { CounterBlock } from './CounterBlock.js';

describe('CounterBlock', () => {
  it('hands out disjoint ranges and keeps every count when it grows', () => {
    const b = new CounterBlock();
    const first = b.alloc(200);
    const second = b.alloc(200); // past the initial 256: the array is replaced
    expect(second).toBe(first + 200);
    for (let i = 0; i < 200; i++) {
      b.data[first + i] = i + 1;
      b.data[second + i] = -(i + 1);
    }
    const third = b.alloc(1000);
    expect(third).toBe(400);
    expect(b.data.length).toBeGreaterThanOrEqual(1400);
    for (let i = 0; i < 200; i++) {
      expect(b.data[first + i]).toBe(i + 1);
      expect(b.data[second + i]).toBe(-(i + 1));
    }
    for (let i = 0; i < 1000; i++) expect(b.data[third + i]).toBe(0);
  });
});
