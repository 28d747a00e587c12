import { describe, expect, it } from 'vitest';
import { dumbbell } from '../scenario/builders.js';
import type { ExerciseFile } from './exerciseSchema.js';
import { checkAnswer, parseExercise, parseExerciseText, variantValues, fillText, ExerciseError } from './index.js';

/** One UDP CBR flow at {rate} through a 10 Mb/s link: its goodput is the CBR rate (below capacity, nothing lost). */
function cbrExercise(): ExerciseFile {
  const sc = dumbbell({
    name: 'cbr',
    flows: [{ transport: { type: 'udp' }, app: { type: 'cbr', params: { rate: '2Mbps', packetSize: '1000B' } } }],
    bottleneckRate: '10Mbps',
    bottleneckDelay: '10ms',
    bottleneckBuffer: '50 packets',
    accessRate: '100Mbps',
    accessDelay: '1ms',
    duration: '2s',
  });
  return {
    version: 1,
    id: 'cbr-test',
    title: 'CBR',
    topic: 'Test',
    goal: 'Goodput of an uncongested CBR flow.',
    scenario: { scenario: sc as unknown as Record<string, unknown> },
    parameters: [{ name: 'rate', path: 'flows[f0].app.params.rate', values: ['1Mbps', '2Mbps', '3Mbps', '4Mbps'] }],
    tasks: [
      {
        id: 'guess',
        kind: 'predict',
        prompt: 'The flow sends at {rate}. Its goodput in Mb/s?',
        metric: { metric: 'goodputBps', flow: 'f0' },
        tolerance: { relative: 0.1 },
        unit: 'Mb/s',
        scale: 1e6,
      },
      {
        id: 'pick',
        kind: 'choose',
        prompt: 'Which rate delivers more?',
        options: [
          { id: 'slow', label: '1 Mb/s', set: { 'flows[f0].app.params.rate': '1Mbps' } },
          { id: 'fast', label: '5 Mb/s', set: { 'flows[f0].app.params.rate': '5Mbps' } },
        ],
        metric: { metric: 'goodputBps', flow: 'f0' },
        best: 'highest',
      },
      {
        id: 'reach',
        kind: 'make',
        prompt: 'Deliver at least 6 Mb/s.',
        editable: [{ path: 'flows[f0].app.params.rate', label: 'CBR rate' }],
        goals: [{ metric: { metric: 'goodputBps', flow: 'f0' }, atLeast: 6e6 }],
        solution: { 'flows[f0].app.params.rate': '7Mbps' },
      },
      { id: 'words', kind: 'explain', prompt: 'Why?', minWords: 3 },
    ],
  };
}

function issuesOf(input: unknown): string[] {
  try {
    parseExercise(input);
  } catch (e) {
    if (e instanceof ExerciseError) return e.issues.map((i) => `${i.path}: ${i.message}`);
    throw e;
  }
  return [];
}

describe('exercise format', () => {
  it('accepts a well-formed exercise', () => {
    expect(issuesOf(cbrExercise())).toEqual([]);
  });

  it('names the field of every structural problem', () => {
    const ex = cbrExercise() as unknown as Record<string, unknown>;
    const tasks = (ex.tasks as Record<string, unknown>[]).map((t) => ({ ...t }));
    tasks[0]!.tolerance = {};
    tasks[1]!.kind = 'guess';
    const issues = issuesOf({ ...ex, version: 2, title: 'x'.repeat(500), tasks });
    expect(issues).toContain('version: must be 1');
    expect(issues).toContain('title: must be at most 120 characters');
    expect(issues.some((i) => i.startsWith('tasks[0].tolerance: needs relative or absolute'))).toBe(true);
    expect(issues.some((i) => i.startsWith('tasks[1].kind'))).toBe(true);
  });

  it('checks metrics, paths, solutions and placeholders against the scenario', () => {
    const ex = cbrExercise();
    const t = ex.tasks as unknown as Record<string, unknown>[];
    t[0] = { ...t[0], prompt: 'At {speed}?', metric: { metric: 'goodputBps', flow: 'f9' } };
    t[1] = { ...t[1], metric: { metric: 'meanQueuePackets', port: 'r2->r9' } };
    t[2] = { ...t[2], solution: { 'links[0].rate': '1Mbps' } };
    ex.parameters = [{ name: 'rate', path: 'flows[f7].app.params.rate', values: ['1Mbps'] }];
    const issues = issuesOf(ex);
    expect(issues).toContain('tasks[0].metric.flow: "f9" is not a flow');
    expect(issues).toContain('tasks[0].prompt: {speed} names no parameter');
    expect(issues).toContain('tasks[1].metric.port: "r2->r9" is not a link direction "a->b"');
    expect(issues).toContain('tasks[2].solution: sets links[0].rate, which is not an editable field');
    expect(
      issues.some((i) => i.startsWith('parameters[0].path: flows[f7].app.params.rate: no element with id "f7"')),
    ).toBe(true);
  });

  it('rejects parameter values that make the scenario invalid, naming the value', () => {
    const ex = cbrExercise();
    ex.parameters = [{ name: 'rate', path: 'flows[f0].app.params.rate', values: ['2Mbps', 'fast'] }];
    expect(issuesOf(ex).some((i) => i.startsWith('parameters[0].values[1]: gives an invalid scenario'))).toBe(true);
  });

  it('reports unreadable text as a file problem', () => {
    expect(() => parseExerciseText('{nope')).toThrow(/\(file\): not valid JSON/);
  });
});

describe('per-student variants', () => {
  it('gives the same values for the same variant, and different students different values', () => {
    const ex = parseExercise(cbrExercise());
    expect(variantValues(ex, 12345)).toEqual(variantValues(ex, 12345));
    const seen = new Set(Array.from({ length: 40 }, (_, v) => variantValues(ex, v).rate));
    expect(seen.size).toBe(4);
    expect(fillText('sends at {rate}', { rate: '3Mbps' })).toBe('sends at 3Mbps');
  });
});

describe('checking answers by running the simulation', () => {
  const ex = parseExercise(cbrExercise());

  it('predict: accepts the CBR rate as goodput, says which way a wrong answer is off', () => {
    expect(checkAnswer(ex, { rate: '3Mbps' }, 0, { kind: 'predict', value: 3 }).correct).toBe(true);
    const low = checkAnswer(ex, { rate: '3Mbps' }, 0, { kind: 'predict', value: 1 });
    expect(low.correct).toBe(false);
    expect(low.feedback).toMatch(/^Too low by more than a factor of two/);
    expect(low.observed).toEqual([]); // the value is not revealed by a wrong answer
    const high = checkAnswer(ex, { rate: '3Mbps' }, 0, { kind: 'predict', value: 3.6 });
    expect(high.feedback).toMatch(/^Too high but not by much/);
  });

  it('choose: the faster CBR option delivers more', () => {
    expect(checkAnswer(ex, {}, 1, { kind: 'choose', option: 'fast' }).correct).toBe(true);
    const w = checkAnswer(ex, {}, 1, { kind: 'choose', option: 'slow' });
    expect(w.correct).toBe(false);
    // a 1 Mb/s CBR flow delivers its rate, less the packets still in flight when the run ends
    expect(w.feedback).toMatch(/^With “1 Mb\/s” the Goodput \(f0\) is 99\d kbit\/s; another option gives a higher one/);
  });

  it('make: runs the student’s values, names the failed goal, refuses fields that are not editable', () => {
    expect(checkAnswer(ex, {}, 2, { kind: 'make', set: { 'flows[f0].app.params.rate': '7Mbps' } }).correct).toBe(true);
    const w = checkAnswer(ex, {}, 2, { kind: 'make', set: { 'flows[f0].app.params.rate': '4Mbps' } });
    expect(w.feedback).toMatch(/^Not yet: Goodput \(f0\) is 3\.9\d Mbit\/s; the goal is ≥ 6 Mbit\/s\.$/);
    const other = checkAnswer(ex, {}, 2, { kind: 'make', set: { 'links[0].rate': '1Gbps' } });
    expect(other.feedback).toMatch(/links\[0\]\.rate may not be changed/);
  });

  it('explain: keeps text with enough words', () => {
    expect(checkAnswer(ex, {}, 3, { kind: 'explain', text: 'because it is' }).correct).toBe(true);
    expect(checkAnswer(ex, {}, 3, { kind: 'explain', text: 'no' }).feedback).toBe(
      'write at least 3 words (you wrote 1)',
    );
  });
});
