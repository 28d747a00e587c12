import { describe, expect, it } from 'vitest';
import {
  builtinExercises,
  defaultScenario,
  getRegistry,
  parseExercise,
  variantValues,
  type TaskCheck,
} from '@cclab/engine';
import { metricChoices } from '../sweep/sweepFields';
import { exerciseFromHash, exerciseLink } from './exerciseLink';
import { createExercisesStore, doneCount, EXERCISES_STORAGE_KEY, type KeyValueStore } from './exerciseStore';
import { authorFields, draftToFile, newDraftTask, withField } from './authorDraft';
import { summaryOf } from './exerciseSummary';

class MemoryStore implements KeyValueStore {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
}

const right: TaskCheck = { correct: true, feedback: 'Right.', observed: [] };
const wrong: TaskCheck = { correct: false, feedback: 'Too high.', observed: [] };

describe('exercise links', () => {
  it('carry a built-in id or the whole file, with the variant', () => {
    const a = exerciseLink('http://lab.test/#s=abc', { id: 'rtt-unfairness', file: null }, 42);
    expect(a).toBe('http://lab.test/#ex=rtt-unfairness&v=42');
    expect(exerciseFromHash(new URL(a).hash)).toEqual({ id: 'rtt-unfairness', file: null, variant: 42 });
    const file = { version: 1, id: 'mine', tasks: [] };
    const b = exerciseLink('http://lab.test/', { id: null, file }, 7);
    expect(exerciseFromHash(new URL(b).hash)).toEqual({ id: null, file, variant: 7 });
  });

  it('without a valid variant are ignored', () => {
    expect(exerciseFromHash('#ex=rtt-unfairness')).toBeNull();
    expect(exerciseFromHash('#ex=rtt-unfairness&v=-1')).toBeNull();
    expect(exerciseFromHash('#ex=rtt-unfairness&v=4294967296')).toBeNull();
  });
});

describe('exercise progress', () => {
  it('is saved and read back (a reload keeps answers, attempts, hints and the variant)', () => {
    const storage = new MemoryStore();
    const s1 = createExercisesStore(storage, null);
    s1.getState().start('slow-start-first-loss', 99);
    s1.getState().saveAnswer('slow-start-first-loss', 0, '0.3');
    s1.getState().record('slow-start-first-loss', 0, '0.3', wrong);
    s1.getState().showHint('slow-start-first-loss', 0);
    s1.getState().record('slow-start-first-loss', 1, 'large', right);
    expect(storage.getItem(EXERCISES_STORAGE_KEY)).not.toBeNull();

    const s2 = createExercisesStore(storage, null);
    const p = s2.getState().progress['slow-start-first-loss']!;
    expect(s2.getState().current).toBe('slow-start-first-loss');
    expect(s2.getState().open).toBe(true);
    expect(p.variant).toBe(99);
    expect(p.tasks[0]).toMatchObject({ answer: '0.3', correct: false, attempts: 1, hints: 1, feedback: 'Too high.' });
    expect(doneCount(p)).toBe(1);
    // a right answer stays right after a later wrong one
    s2.getState().record('slow-start-first-loss', 1, 'small', wrong);
    expect(s2.getState().progress['slow-start-first-loss']!.tasks[1]!.correct).toBe(true);
  });

  it('restarts when a link brings another variant, keeps it for the same one', () => {
    const s = createExercisesStore(null, null);
    s.getState().start('rtt-unfairness', 5);
    s.getState().record('rtt-unfairness', 0, '2', right);
    s.getState().start('rtt-unfairness', 5);
    expect(doneCount(s.getState().progress['rtt-unfairness'])).toBe(1);
    s.getState().start('rtt-unfairness', 6);
    expect(doneCount(s.getState().progress['rtt-unfairness'])).toBe(0);
    expect(s.getState().progress['rtt-unfairness']!.variant).toBe(6);
  });

  it('gives the summary with the variant’s parameters and every task', () => {
    const s = createExercisesStore(null, null);
    s.getState().start('slow-start-first-loss', 3);
    s.getState().record('slow-start-first-loss', 1, 'large', right);
    const file = builtinExercises.find((e) => e.id === 'slow-start-first-loss')!;
    const sum = summaryOf(file, s.getState().progress['slow-start-first-loss']!);
    const delay = variantValues(parseExercise(file), 3).delay;
    expect(sum.parameters).toEqual({ delay });
    expect(sum.tasks[0]!.prompt).toContain(`delay is ${String(delay)}`);
    expect(sum.tasks.map((t) => [t.task, t.answer, t.correct])).toEqual([
      ['ramp-time', '', false],
      ['buffer-overshoot', '150 packets', true],
      ['why', '', false],
    ]);
    expect(sum.tasksDone).toBe(1);
  });
});

describe('authoring', () => {
  it('turns a draft over the current scenario into a valid exercise file', () => {
    const sc = defaultScenario();
    const fields = authorFields(sc, getRegistry());
    const choices = metricChoices(sc, getRegistry());
    const predict = { ...newDraftTask('predict', choices, fields, sc), prompt: 'Guess the goodput of f0.' };
    predict.metric = choices.find((c) => c.key.startsWith('goodputBps'))!.key;
    // option values as the buffer's control (number + unit menu) writes them
    const choose = {
      ...withField(newDraftTask('choose', choices, fields, sc), 'links[r1-r2].buffer', sc),
      prompt: 'Which buffer?',
      options: ['10 packets', '100 packets'],
    };
    // the discipline picker writes a whole queue spec; the solution is kept as set
    const make = {
      ...withField(newDraftTask('make', choices, fields, sc), 'links[r1-r2].queue', sc),
      prompt: 'Tame the queue.',
      goalOp: 'atMost' as const,
      goalValue: '20',
      solution: { type: 'codel' },
      live: true,
    };
    const file = draftToFile(
      {
        title: 'My first exercise',
        topic: '',
        goal: 'Learn',
        tasks: [predict, choose, make, newDraftTask('explain', choices, fields, sc)],
      },
      sc,
      choices,
      fields,
    );
    expect(file.id).toBe('my-first-exercise');
    const t = file.tasks;
    expect(t[1]).toMatchObject({
      kind: 'choose',
      options: [
        { id: 'option-1', set: { 'links[r1-r2].buffer': '10 packets' } },
        { id: 'option-2', set: { 'links[r1-r2].buffer': '100 packets' } },
      ],
    });
    expect(t[2]).toMatchObject({
      kind: 'make',
      live: true,
      editable: [{ path: 'links[r1-r2].queue' }],
      goals: [{ atMost: 20 }],
      solution: { 'links[r1-r2].queue': { type: 'codel' } },
    });
    // missing prompt of the explain task is named by field
    expect(() => parseExercise(file)).toThrow(/tasks\[3\]\.prompt: must not be empty/);
    t[3] = { ...t[3]!, prompt: 'Why?' };
    expect(() => parseExercise(file)).not.toThrow();
  });

  it('offers settings the lab has a control for: a link’s whole discipline, not its type alone', () => {
    const sc = defaultScenario();
    const paths = authorFields(sc, getRegistry()).map((f) => f.path);
    expect(paths).toContain('links[r1-r2].queue');
    expect(paths).not.toContain('links[r1-r2].queue.type');
    expect(paths).toContain('links[r1-r2].buffer');
    // options start from the scenario's own value, a solution equal to it is left out
    const make = withField(newDraftTask('make', [], [], sc), 'links[r1-r2].buffer', sc);
    expect(make.solution).toBe(sc.links.find((l) => l.a === 'r1' && l.b === 'r2')!.buffer);
    const file = draftToFile(
      { title: 't', topic: '', goal: 'g', tasks: [{ ...make, prompt: 'p', goalValue: '1' }] },
      sc,
      [],
      [],
    );
    expect(file.tasks[0]).not.toHaveProperty('solution');
  });
});
