/**
 * `cclab exercise check`: runs an exercise's reference solution for every combination of its
 * random parameters (up to a limit) and verifies that the checker accepts it and rejects a wrong
 * answer. The reference of a predict task is the simulated value itself; of a choose task the best
 * option (which must beat the runner-up clearly, or students would be graded by noise); of a
 * make-it-happen task its `solution`, while the unchanged scenario must fail; of an explain task
 * any text long enough. Every hint that says what following it leads to (`{ text, answer }`) is
 * submitted too and must be accepted.
 */
import type { ExerciseTask } from './exerciseSchema.js';
import type { Exercise } from './parseExercise.js';
import {
  bestOption,
  checkAnswer,
  formatValue,
  measure,
  optionValues,
  toleranceOf,
  type TaskAnswer,
} from './checkAnswer.js';
import { verifyHint } from './hints.js';
import { allValueCombinations, scenarioWith, type ParameterValues } from './variant.js';

/** A choose task's best option must beat the runner-up by this fraction. */
export const CHOOSE_MARGIN = 0.05;

export interface VerifyLine {
  /** "tasks[0] (id) with rtt=40ms". */
  where: string;
  ok: boolean;
  message: string;
}

export interface Verification {
  ok: boolean;
  lines: VerifyLine[];
}

/** The reference answer and a wrong one for a task, or a problem. */
export function referenceAnswers(
  ex: Exercise,
  values: ParameterValues,
  task: ExerciseTask,
): { right: TaskAnswer; wrong: TaskAnswer; note: string } | string {
  const sc = scenarioWith(ex, values);
  switch (task.kind) {
    case 'predict': {
      const v = measure(sc, [task.metric])[0]!;
      if (!Number.isFinite(v)) return `the metric is ${v} on this scenario`;
      const scale = task.scale ?? 1;
      const off = 3 * toleranceOf(task.tolerance, v) + Math.abs(v) * 0.5 + 1e-9;
      return {
        right: { kind: 'predict', value: v / scale },
        wrong: { kind: 'predict', value: (v + off) / scale },
        note: `simulated value ${formatValue(v, task.unit ?? '', scale)}`,
      };
    }
    case 'choose': {
      const vals = optionValues(task, sc);
      const best = bestOption(task, vals);
      if (best < 0) return 'no option gives a finite value';
      const others = vals.filter((_, i) => i !== best && Number.isFinite(vals[i]!));
      const runnerUp = task.best === 'highest' ? Math.max(...others) : Math.min(...others);
      const margin = Math.abs(vals[best]! - runnerUp) / Math.max(Math.abs(vals[best]!), Math.abs(runnerUp), 1e-12);
      if (others.length > 0 && margin < CHOOSE_MARGIN)
        return `the best option beats the runner-up by only ${(margin * 100).toFixed(1)} % (needs ${CHOOSE_MARGIN * 100} %)`;
      const wrongIndex = best === 0 ? 1 : 0;
      return {
        right: { kind: 'choose', option: task.options[best]!.id },
        wrong: { kind: 'choose', option: task.options[wrongIndex]!.id },
        note: `best ${task.options[best]!.id} (${task.options.map((o, i) => `${o.id}=${formatValue(vals[i]!)}`).join(', ')})`,
      };
    }
    case 'make':
      if (!task.solution) return 'has no reference solution';
      return {
        right: { kind: 'make', set: task.solution },
        wrong: { kind: 'make', set: {} },
        note: `solution ${JSON.stringify(task.solution)}`,
      };
    case 'explain':
      return {
        right: { kind: 'explain', text: Array.from({ length: task.minWords ?? 1 }, () => 'because').join(' ') },
        wrong: { kind: 'explain', text: '' },
        note: 'free text',
      };
  }
}

function label(values: ParameterValues): string {
  const parts = Object.entries(values).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return parts.length ? ` with ${parts.join(', ')}` : '';
}

/**
 * Verifies every task for every parameter combination (at most `maxCombinations`), and every hint
 * unless `hints` is false (the test suite checks those one test per hint).
 */
export function verifyExercise(ex: Exercise, maxCombinations = 16, { hints = true } = {}): Verification {
  const lines: VerifyLine[] = [];
  if (ex.file.status === 'coming')
    return {
      ok: true,
      lines: [{ where: ex.file.id, ok: true, message: `coming (waits for ${ex.file.waitsFor ?? 'a model'}): not run` }],
    };
  for (const values of allValueCombinations(ex, maxCombinations)) {
    ex.file.tasks.forEach((task, i) => {
      const where = `tasks[${i}] (${task.id})${label(values)}`;
      const ref = referenceAnswers(ex, values, task);
      if (typeof ref === 'string') return lines.push({ where, ok: false, message: ref });
      const accepted = checkAnswer(ex, values, i, ref.right);
      const rejected = checkAnswer(ex, values, i, ref.wrong);
      const ok = accepted.correct && !rejected.correct;
      const problems = [
        ...(accepted.correct ? [] : [`the reference answer is rejected: ${accepted.feedback}`]),
        ...(rejected.correct ? [`a wrong answer is accepted: ${rejected.feedback}`] : []),
      ];
      lines.push({
        where,
        ok,
        message: ok ? `${ref.note}; wrong answer told: ${rejected.feedback}` : problems.join('; '),
      });
      if (hints)
        (task.hints ?? []).forEach((_, h) => {
          const v = verifyHint(ex, values, i, h);
          lines.push({ where: `tasks[${i}] (${task.id}) hint ${h + 1}${label(values)}`, ok: v.ok, message: v.message });
        });
    });
  }
  return { ok: lines.every((l) => l.ok), lines };
}
