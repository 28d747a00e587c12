import { describe, expect, it } from 'vitest';
import { pointScenario } from '../experiment/experiment.js';
import { defaultScenario } from '../presets/presets.js';
import { quickCheckSpec } from './quickCheck.js';
import type { ReproductionSpec } from './types.js';

describe('quickCheckSpec', () => {
  it('shortens every named point to the quick duration, also a point with its own scenario', () => {
    const base = () => ({ ...defaultScenario(), duration: '60s' });
    const spec = {
      id: 'x',
      base,
      points: [
        { id: 'from-base', label: 'from base', set: { seed: 3 } },
        { id: 'own', label: 'own scenario', scenario: () => ({ ...base(), duration: '100s' }) },
        { id: 'not-checked', label: 'not in the quick check', scenario: base },
      ],
      seeds: [7, 8],
      metrics: [],
      quickCheck: { points: ['from-base', 'own'], duration: '2s' },
    } as unknown as ReproductionSpec;
    const q = quickCheckSpec(spec)!;
    expect(q.points.map((p) => p.id)).toEqual(['from-base', 'own']);
    expect(q.seeds).toEqual([7]);
    for (const p of q.points) expect(pointScenario(q, p, 7).duration).toBe('2s');
  });
});
