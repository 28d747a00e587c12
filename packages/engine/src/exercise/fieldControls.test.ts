import { describe, expect, it } from 'vitest';
import { getRegistry } from '../registry/index.js';
import { builtinExercises, draftProblem, fieldControlOf, fieldValueProblem, parseExercise } from './index.js';

const bloat = parseExercise(builtinExercises.find((e) => e.id === 'bufferbloat-codel')!).scenario;
const dccp = parseExercise(builtinExercises.find((e) => e.id === 'dccp-tcplike-long-delay')!).scenario;
const cell = parseExercise(builtinExercises.find((e) => e.id === 'wireless-scheduling-fairness')!).scenario;

describe('the control an editable field gets, from its path', () => {
  it('a queue discipline picker for a link’s queue, also for one direction', () => {
    expect(fieldControlOf(bloat, 'links[r1-r2].queue')).toEqual({ kind: 'queue' });
    expect(fieldControlOf(bloat, 'links[0].reverse.queue')).toEqual({ kind: 'queue' });
  });

  it('a congestion-control picker whose choices are the registry’s, not a list of its own', () => {
    const c = fieldControlOf(bloat, 'flows[f0].transport.cc');
    expect(c?.kind).toBe('choice');
    expect(c?.kind === 'choice' && c.options.map((o) => o.value)).toEqual(getRegistry().cc.map((m) => m.id));
    expect(fieldControlOf(bloat, 'flows[*].transport.cc')).toEqual(c);
  });

  it('a number with a unit menu for rates, delays, buffers and durations', () => {
    expect(fieldControlOf(bloat, 'links[r1-r2].rate')).toMatchObject({ kind: 'quantity', quantity: 'rate' });
    expect(fieldControlOf(bloat, 'links[r1-r2].delay')).toMatchObject({
      kind: 'quantity',
      quantity: 'duration',
      noun: 'delay',
    });
    expect(fieldControlOf(bloat, 'links[r1-r2].buffer')).toMatchObject({ kind: 'quantity', quantity: 'buffer' });
    expect(fieldControlOf(bloat, 'links[r1-r2].reverse.buffer')).toMatchObject({
      kind: 'quantity',
      quantity: 'buffer',
    });
    expect(fieldControlOf(bloat, 'duration')).toMatchObject({ kind: 'quantity', quantity: 'duration' });
    expect(fieldControlOf(bloat, 'flows[f1].start')).toMatchObject({ kind: 'quantity', quantity: 'duration' });
  });

  it('a control for each link impairment, in either direction', () => {
    expect(fieldControlOf(bloat, 'links[r1-r2].impairments.burstLoss.p')).toMatchObject({
      kind: 'number',
      min: 0,
      max: 1,
    });
    expect(fieldControlOf(bloat, 'links[r1-r2].reverse.impairments.duplicate')).toMatchObject({
      kind: 'number',
      max: 1,
    });
    expect(fieldControlOf(bloat, 'links[r1-r2].impairments.jitter')).toMatchObject({
      kind: 'quantity',
      quantity: 'duration',
    });
    expect(fieldControlOf(bloat, 'links[r1-r2].impairments.reorder')).toEqual({ kind: 'boolean' });
    expect(fieldControlOf(bloat, 'links[r1-r2].impairments.jitterDistribution')).toMatchObject({
      kind: 'choice',
      options: [{ value: 'uniform' }, { value: 'normal' }, { value: 'pareto' }],
    });
    expect(fieldControlOf(bloat, 'links[r1-r2].impairments.burstLoss.q')).toBeNull();
  });

  it('a plain number with its range for loss, seed and a model’s numeric parameter (range from the registry)', () => {
    expect(fieldControlOf(bloat, 'links[r1-r2].lossRate')).toMatchObject({ kind: 'number', min: 0, max: 1 });
    expect(fieldControlOf(bloat, 'seed')).toMatchObject({ kind: 'number', integer: true, min: 0 });
    // DCCP CCID-2's initial ssthresh: the flow's transport decides which model's parameter it is
    const spec = getRegistry()
      .transport.find((t) => t.id === 'dccp-ccid2')!
      .params.find((p) => p.key === 'initialSsthresh')!;
    expect(fieldControlOf(dccp, 'flows[f0].transport.params.initialSsthresh')).toMatchObject({
      kind: 'number',
      integer: true,
      min: spec.min,
      max: spec.max,
    });
    expect(fieldControlOf(dccp, 'flows[f0].transport.params.ssGrowth')).toMatchObject({
      kind: 'number',
      integer: false,
    });
  });

  it('a select for an enumeration and the scheduler of a base station; a model’s duration in a unit menu', () => {
    const red = { ...bloat, links: bloat.links.map((l, i) => (i === 0 ? { ...l, queue: { type: 'codel' } } : l)) };
    expect(fieldControlOf(red, `links[${red.links[0]!.a}-${red.links[0]!.b}].queue.params.target`)).toMatchObject({
      kind: 'quantity',
      quantity: 'duration',
    });
    const variant = fieldControlOf(red, `links[0].queue.params.variant`);
    expect(variant?.kind === 'choice' && variant.options.length).toBeGreaterThan(1);
    expect(fieldControlOf(cell, 'nodes[BS].bs.scheduler')).toEqual({ kind: 'scheduler' });
  });

  it('none for what is not a setting', () => {
    expect(fieldControlOf(bloat, 'links[r1-r2]')).toBeNull();
    expect(fieldControlOf(bloat, 'flows[f0].transport')).toBeNull();
    expect(fieldControlOf(bloat, 'links[r9-r8].rate')).toBeNull();
    expect(fieldControlOf(bloat, 'links[r1-r2].queue.params.nonsense')).toBeNull();
  });

  it('every editable field of every built-in has one', () => {
    for (const f of builtinExercises) {
      const sc = parseExercise(f).scenario;
      for (const t of f.tasks)
        if (t.kind === 'make')
          for (const e of t.editable) expect([f.id, e.path, fieldControlOf(sc, e.path)]).not.toContain(null);
    }
  });
});

describe('a value that is not one of the field’s kind is named in the field’s words', () => {
  const delay = fieldControlOf(bloat, 'links[r1-r2].delay')!;
  const buffer = fieldControlOf(bloat, 'links[r1-r2].buffer')!;
  const loss = fieldControlOf(bloat, 'links[r1-r2].lossRate')!;
  const queue = fieldControlOf(bloat, 'links[r1-r2].queue')!;
  const cc = fieldControlOf(bloat, 'flows[f0].transport.cc')!;

  it('accepts values of the kind', () => {
    expect(fieldValueProblem(delay, '20ms')).toBeNull();
    expect(fieldValueProblem(buffer, '80 packets')).toBeNull();
    expect(fieldValueProblem(buffer, '64KB')).toBeNull();
    expect(fieldValueProblem(loss, 0.01)).toBeNull();
    expect(fieldValueProblem(queue, { type: 'codel' })).toBeNull();
    expect(fieldValueProblem(cc, 'cubic')).toBeNull();
  });

  it('refuses others', () => {
    expect(fieldValueProblem(delay, 'soonms')).toBe('Enter a delay such as 20 ms.');
    expect(fieldValueProblem(buffer, '2.5 packets')).toBe('Enter a buffer size such as 100 packets.');
    expect(fieldValueProblem(loss, 2)).toBe('Enter a loss probability: a number from 0 to 1.');
    // what a student typed into the old free-text box
    expect(fieldValueProblem(queue, 'CoDel')).toBe('Pick a queue discipline from the list.');
    expect(fieldValueProblem(queue, { type: 'codle' })).toBe('Pick a queue discipline from the list.');
    expect(fieldValueProblem(cc, 'Cubic')).toBe('Pick a congestion control from the list.');
  });
});

describe('a value entered in a field goes into the scenario only when it fits', () => {
  it('refuses a value of the wrong kind in the field’s words, and one the validator refuses with its reason', () => {
    expect(draftProblem(bloat, 'links[r1-r2].queue', { type: 'codel' }, 'Bottleneck queue discipline')).toBeNull();
    expect(draftProblem(bloat, 'links[r1-r2].delay', 'abcms', 'Bottleneck delay')).toBe('Enter a delay such as 20 ms.');
    // of the right kind, but the scenario's bound on a link delay refuses it
    expect(draftProblem(bloat, 'links[r1-r2].delay', '5000s', 'Bottleneck delay')).toMatch(/^Bottleneck delay: /);
  });

  it('does not blame the field for a problem the scenario already had', () => {
    const broken = structuredClone(bloat);
    broken.links[0]!.rate = 'fast';
    expect(draftProblem(broken, 'links[r1-r2].queue', { type: 'red' }, 'Bottleneck queue discipline')).toBeNull();
  });
});
