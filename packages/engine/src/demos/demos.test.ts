import { describe, expect, it } from 'vitest';
import { presets } from '../presets/presets.js';
import { validateScenario } from '../scenario/validate.js';
import { applyDemoChange, applyDemoEdit, DEMO_WINDOW_S, demoEditEvent, demos, findDemo } from './index.js';

/** The demo list as the lab and the CLI use it: complete, valid, each change applicable. */
describe('demos', () => {
  it('has the nine demos of the lecture kit, each once', () => {
    const ids = demos.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([
      'slow-start',
      'rtt-unfairness',
      'bufferbloat',
      'cubic-vs-newreno',
      'bbr-vs-cubic',
      'incast',
      'xcp',
      'bursty-loss',
      'wireless-schedulers',
    ]);
    expect(findDemo('xcp')?.title).toMatch(/XCP/);
    expect(findDemo('nope')).toBeUndefined();
  });

  it.each(demos.map((d) => [d.id, d] as const))('%s: a valid scenario laid out for the lab, within 20 s', (_id, d) => {
    const s = d.scenario();
    const r = validateScenario(s);
    expect(r.durationNs).toBeLessThanOrEqual(DEMO_WINDOW_S * 1e9);
    expect(r.flows.length).toBeLessThanOrEqual(16);
    for (const n of s.nodes) expect([n.x, n.y].every(Number.isFinite), n.id).toBe(true);
    // the charted ports are named, so the queue chart shows the point's port(s)
    expect(s.probes?.ports?.length).toBeGreaterThan(0);
    expect(d.point.length).toBeLessThan(160);
    expect(d.note.answer.length).toBeGreaterThan(0);
    expect(d.note.changes.length).toBeGreaterThan(0);
  });

  it.each(demos.map((d) => [d.id, d] as const))(
    '%s: every live change applies, before a run and as an event',
    (_id, d) => {
      for (const c of d.note.changes) {
        const edited = applyDemoChange(d.scenario(), c, '1s');
        expect(edited).not.toEqual(d.scenario());
        expect(() => validateScenario(edited), c.label).not.toThrow();
        const timed = { ...d.scenario(), version: 2, events: c.edits.map((e) => demoEditEvent(e, '1s')) };
        expect(() => validateScenario(timed), c.label).not.toThrow();
      }
    },
  );

  it('names the link or flow a change cannot find', () => {
    const s = demos[0]!.scenario();
    expect(() => applyDemoEdit(s, { link: 'x-y', set: { rate: '1Mbps' } })).toThrow('no link "x-y"');
    expect(() => applyDemoEdit(s, { flow: 'nobody', cc: 'cubic' })).toThrow('no flow "nobody"');
  });

  it('are built-in presets demo-ID (cclab run --preset, npm run presets)', () => {
    for (const d of demos) expect(presets.find((p) => p.id === `demo-${d.id}`)?.scenario()).toEqual(d.scenario());
  });
});
