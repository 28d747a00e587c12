import { describe, expect, it } from 'vitest';
import { defaultScenario, getRegistry, type ScenarioInput } from '@cclab/engine';
import { defaultSplitChoice, splitFields, splitVariants, type SplitChoice } from './splitVariants';

const base = (): ScenarioInput => ({ ...defaultScenario(), view: { transform: { x: 1, y: 2, k: 3 } } });
const fields = splitFields(base(), getRegistry());
const split = (c: SplitChoice) => splitVariants(base(), c, fields);

describe('the split view’s variants', () => {
  it('opens on every flow’s congestion control: as it is now (NewReno) against CUBIC', () => {
    expect(defaultSplitChoice(base(), fields)).toEqual({ path: 'flows[*].transport.cc', a: 'newreno', b: 'cubic' });
    // with CUBIC already, B is NewReno
    const cubic = { ...base(), flows: base().flows.map((f) => ({ ...f, transport: { ...f.transport, cc: 'cubic' } })) };
    expect(defaultSplitChoice(cubic, splitFields(cubic, getRegistry()))).toMatchObject({ a: 'cubic', b: 'newreno' });
  });

  it('offers what the Sweep panel offers, but not the duration (one clock for both runs)', () => {
    const paths = fields.map((f) => f.path);
    expect(paths).toContain('flows[f0].transport.cc');
    expect(paths).toContain('links[r1-r2].queue.type');
    expect(paths).toContain('links[r1-r2].buffer');
    expect(paths).not.toContain('duration');
  });

  it('sets the chosen path in each variant and nothing else: the same seed, the same network', () => {
    const r = split({ path: 'flows[*].transport.cc', a: 'newreno', b: 'cubic' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.a.flows.map((f) => f.transport.cc)).toEqual(['newreno', 'newreno']);
    expect(r.b.flows.map((f) => f.transport.cc)).toEqual(['cubic', 'cubic']);
    expect(r.b.seed).toBe(r.a.seed);
    const { flows: _fa, ...restA } = r.a;
    const { flows: _fb, ...restB } = r.b;
    expect(restB).toEqual(restA);
    // the lab's camera is not carried into the panes (each fits its own view)
    expect(r.a.view).toBeUndefined();
    expect(r.labelB).toBe('congestion control of every flow = cubic');
  });

  it('appends the field’s unit to a number typed, as the Sweep panel does', () => {
    const r = split({ path: 'links[r1-r2].rate', a: '5', b: '20' });
    expect(r.ok && [r.a.links[0]!.rate, r.b.links[0]!.rate]).toEqual(['5Mbps', '20Mbps']);
    const q = split({ path: 'links[r1-r2].queue.type', a: 'droptail', b: 'red' });
    expect(q.ok && q.b.links[0]!.queue?.type).toBe('red');
  });

  it('names the field of every problem', () => {
    const bad = split({ path: 'flows[*].transport.cc', a: '', b: 'tahoe-9000' });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.issues.map((i) => i.field)).toEqual(['a', 'b']);
    expect(bad.issues[0]!.message).toMatch(/^A value: enter a value/);
    expect(bad.issues[1]!.message).toMatch(/^B value: "tahoe-9000" is not one of .*newreno.*cubic/);

    const two = split({ path: 'links[r1-r2].rate', a: '5, 10', b: '10' });
    expect(!two.ok && two.issues[0]).toEqual({
      field: 'a',
      message: 'A value: one value, not 2 (A and B each take one)',
    });

    // a value the scenario itself refuses: the scenario's own message, with its path
    const rate = split({ path: 'links[r1-r2].rate', a: '10', b: '-3' });
    expect(rate.ok).toBe(false);
    if (!rate.ok) expect(rate.issues[0]!.message).toMatch(/^B value: links\[0\]\.rate: /);

    const path = split({ path: 'links[x-y].rate', a: '1', b: '2' });
    expect(!path.ok && path.issues[0]!.field).toBe('path');
    expect(!path.ok && path.issues[0]!.message).toMatch(/^What differs: /);
  });
});
