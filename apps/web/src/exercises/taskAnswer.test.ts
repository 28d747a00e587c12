import { describe, expect, it } from 'vitest';
import { builtinExercises, parseExercise, setPath, type ScenarioInput } from '@cclab/engine';
import { answerOf, savedAnswer, typedNumber } from './taskAnswer';

const aimd = parseExercise(builtinExercises.find((e) => e.id === 'aimd-sawtooth-buffer')!);
const bloat = parseExercise(builtinExercises.find((e) => e.id === 'bufferbloat-codel')!);
const base = { exerciseScenario: aimd.scenario, lab: aimd.scenario, problems: {} };
const fill = aimd.file.tasks[0]!;

describe('what a Check sends, or why it sends nothing (a refusal is not an attempt)', () => {
  it('a prediction must be a number; a comma is read as a decimal point', () => {
    const sojourn = bloat.file.tasks[0]!;
    expect(typedNumber(' 0,25 ')).toBe(0.25);
    expect(answerOf({ ...base, task: sojourn, entered: '370' })).toEqual({ kind: 'predict', value: 370 });
    expect(answerOf({ ...base, task: sojourn, entered: 'about 300' })).toEqual({
      refused: 'Enter your prediction as a number in ms, such as 12.5.',
    });
    expect(answerOf({ ...base, task: sojourn, entered: '' })).toHaveProperty('refused');
  });

  it('a field whose last entry was refused is not checked with the old value', () => {
    const r = answerOf({
      ...base,
      task: fill,
      entered: '',
      problems: { 'links[r1-r2].buffer': 'Enter a buffer size such as 100 packets.' },
    });
    expect(r).toEqual({
      refused:
        'Bottleneck buffer: Enter a buffer size such as 100 packets. Your last entry was not taken, so there is nothing new to check.',
    });
  });

  it('a value that makes the scenario invalid (entered in the inspector) is refused before any simulation', () => {
    const lab = setPath(aimd.scenario, 'links[r1-r2].buffer', '-3 packets');
    const r = answerOf({ ...base, task: fill, entered: '', lab });
    expect(r).toHaveProperty('refused');
    expect((r as { refused: string }).refused).toMatch(
      /^Your values do not make a valid scenario yet \(links\[\d\]\.buffer: /,
    );
  });

  it('the editable fields as the student left them, live changes included where the task allows them', () => {
    const lab = setPath(aimd.scenario, 'links[r1-r2].buffer', '80 packets');
    const a = answerOf({ ...base, task: fill, entered: '', lab });
    expect(a).toEqual({ kind: 'make', set: { 'links[r1-r2].buffer': '80 packets' } });
    expect(savedAnswer(a as never, '')).toBe('{"links[r1-r2].buffer":"80 packets"}');
    const events = [{ at: '3s', link: 'r1-r2', direction: 'r1->r2', queue: { type: 'codel' } }];
    const live: ScenarioInput = { ...bloat.scenario, version: 2, events };
    const tame = bloat.file.tasks[1]!;
    expect(answerOf({ ...base, exerciseScenario: bloat.scenario, task: tame, entered: '', lab: live })).toEqual({
      kind: 'make',
      set: {},
      events,
    });
  });
});
