import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../presets/presets.js';
import { seed000Ch4Dumbbell, seed000Ch5Chain } from './seed000Ch45.js';
import { CH4_ALPHAS, ch4DumbbellAlpha, withCh4Alpha } from './seed000Ch4Alpha.js';
import { validateScenario } from './validate.js';

describe('the Ch. 4 dumbbell α control (seed 000 §4.4.1: α = TCP share of the ten sources)', () => {
  it('reads α back from the template for every α the thesis spans (0.2 … 1.0)', () => {
    for (const alpha of CH4_ALPHAS) expect(ch4DumbbellAlpha(seed000Ch4Dumbbell({ alpha }))).toBe(alpha);
    expect(CH4_ALPHAS[0]).toBe(0.2);
    expect(CH4_ALPHAS[CH4_ALPHAS.length - 1]).toBe(1);
  });

  it('regenerating the flows for α gives the template built at that α (Reno, Weibull UDP kept)', () => {
    const from = seed000Ch4Dumbbell({ alpha: 0.8, tcp: 'reno', udpSource: 'weibull', heterogeneous: true });
    for (const alpha of [0.2, 0.5, 0.9]) {
      const want = seed000Ch4Dumbbell({ alpha, tcp: 'reno', udpSource: 'weibull', heterogeneous: true });
      const got = withCh4Alpha(from, alpha);
      expect(got.flows).toEqual(want.flows);
      expect(got.flows.filter((f) => f.transport.type === 'tcp')).toHaveLength(Math.round(alpha * 10));
      expect(got.name).toBe(want.name);
      expect(ch4DumbbellAlpha(got)).toBe(alpha);
      expect(() => validateScenario(got)).not.toThrow();
    }
  });

  it('keeps the user’s edits: links untouched, unchanged flows kept as they are', () => {
    const from = seed000Ch4Dumbbell({ alpha: 0.5 });
    const edited = { ...from, flows: from.flows.map((f, i) => (i === 0 || i === 9 ? { ...f, color: '#123456' } : f)) };
    const got = withCh4Alpha(edited, 0.6);
    expect(got.links).toBe(edited.links);
    expect(got.flows[0]).toBe(edited.flows[0]); // still TCP
    expect(got.flows[9]).toBe(edited.flows[9]); // still UDP
    expect(got.flows[5]!.id).toBe('tcp5'); // UDP → TCP
    expect(got.flows[5]!.transport).toEqual(edited.flows[0]!.transport);
    // α = 1 leaves no UDP flow; back to 0.2 the UDP flows take the template's CBR
    const all = withCh4Alpha(got, 1);
    expect(all.flows.every((f) => f.transport.type === 'tcp')).toBe(true);
    expect(withCh4Alpha(all, 0.2).flows[2]!.app).toEqual(seed000Ch4Dumbbell({ alpha: 0.2 }).flows[2]!.app);
  });

  it('is not offered for other scenarios, and names a bad α', () => {
    expect(ch4DumbbellAlpha(defaultScenario())).toBeNull();
    expect(ch4DumbbellAlpha(seed000Ch5Chain({ hops: 4, a: 1 }))).toBeNull();
    const sc = seed000Ch4Dumbbell({ alpha: 0.8 });
    expect(ch4DumbbellAlpha({ ...sc, flows: sc.flows.slice(1) })).toBeNull();
    expect(() => withCh4Alpha(defaultScenario(), 0.5)).toThrow(/not the seed 000 Ch. 4 dumbbell/);
    expect(() => withCh4Alpha(sc, 0.25)).toThrow(/alpha: 0.25/);
  });
});
