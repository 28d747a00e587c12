import { describe, expect, it } from 'vitest';
import { builtinExercises, hintAnswer, parseExercise, verifyHint } from './index.js';

describe('hint answers', () => {
  const slowStart = parseExercise(builtinExercises.find((e) => e.id === 'slow-start-first-loss')!);
  const ramp = slowStart.file.tasks[0]!;

  it('are taken per parameter value where the answer depends on it', () => {
    const h = ramp.hints![0]!;
    // 6 round trips of 2 × (delay + 10 ms): 0.18 s at 5 ms, 0.30 s at 15 ms
    expect(hintAnswer(ramp, h, { delay: '5ms' })).toEqual({ kind: 'predict', value: 0.18 });
    expect(hintAnswer(ramp, h, { delay: '15ms' })).toEqual({ kind: 'predict', value: 0.3 });
    expect(hintAnswer(ramp, h, { delay: '99ms' })).toBe('answerPer gives no answer for delay=99ms');
  });

  it('a plain-text hint has none and is reported as not verified, not as failing', () => {
    expect(hintAnswer(ramp, 'Think about it.', { delay: '5ms' })).toBeNull();
    const file = structuredClone(slowStart.file);
    file.tasks[0]!.hints = ['Think about it.'];
    const v = verifyHint(parseExercise(file), { delay: '5ms' }, 0, 0);
    expect(v).toMatchObject({ verified: false, ok: true });
    expect(v.message).toMatch(/not verified/);
  });

  it('a hint whose answer is wrong fails with the checker’s feedback', () => {
    const file = structuredClone(slowStart.file);
    // following "count the doublings" to ten times the time is not what the simulation gives
    file.tasks[0]!.hints = [
      { text: 'Doubling…', answerPer: { parameter: 'delay', answers: { '5ms': 1.8, '10ms': 2.4, '15ms': 3 } } },
    ];
    const v = verifyHint(parseExercise(file), { delay: '10ms' }, 0, 0);
    expect(v).toMatchObject({ verified: true, ok: false });
    expect(v.message).toMatch(/^following it \(2\.4\) is rejected: Too high by more than a factor of two/);
  });
});
