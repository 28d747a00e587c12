/// <reference lib="webworker" />
/**
 * Checks one answer off the page's thread: parses the exercise, draws the variant's parameters and
 * runs the simulation(s) the task needs (engine `checkAnswer`, the same code as `cclab exercise
 * check`). A predict task's value exists only here, after the student has answered.
 */
import { checkAnswer, parseExercise, variantValues } from '@cclab/engine';
import type { CheckReply, CheckRequest } from './checkInWorker';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (ev: MessageEvent<CheckRequest>) => {
  const { file, variant, task, answer } = ev.data;
  let reply: CheckReply;
  try {
    const ex = parseExercise(file);
    reply = { ok: true, check: checkAnswer(ex, variantValues(ex, variant), task, answer) };
  } catch (e) {
    reply = { ok: false, message: (e as Error).message };
  }
  scope.postMessage(reply);
};
