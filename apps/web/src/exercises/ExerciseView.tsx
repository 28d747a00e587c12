/**
 * One exercise as a student sees it: the goal, the current task with its answer field, Check (the
 * simulation runs in a worker), feedback, hints revealed one at a time, and next/finish.
 */
import { useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { fillText, hintText, scenarioWith, variantValues, type ExerciseFile } from '@cclab/engine';
import { useLab } from '../lab';
import { exercisesStore } from './exercisesSetup';
import { parsedExercise } from './exerciseStore';
import { checkInWorker } from './checkInWorker';
import { exerciseLink } from './exerciseLink';
import { MakeFields } from './MakeFields';
import { answerOf, savedAnswer } from './taskAnswer';
import { openExerciseScenario } from './useStartExercise';

export function ExerciseView({ exerciseKey, file }: { exerciseKey: string; file: ExerciseFile }) {
  const lab = useLab();
  const progress = useStore(exercisesStore, (s) => s.progress[exerciseKey]);
  const checking = useStore(exercisesStore, (s) => s.checking);
  const ids = { answer: useId(), feedback: useId() };
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  // editable path → why the value last entered was not taken (a ref too: Check may come in the
  // same gesture as the blur that refused it)
  const [problems, setProblems] = useState<Record<string, string>>({});
  const problemsNow = useRef<Record<string, string>>({});
  /** Remounts the fields on Reset, so what was typed and refused goes too. */
  const [resets, setResets] = useState(0);
  if (!progress) return null;
  const ex = parsedExercise(file);
  const values = variantValues(ex, progress.variant);
  const index = Math.min(progress.task, file.tasks.length - 1);
  const task = file.tasks[index]!;
  const tp = progress.tasks[index]!;
  const hints = task.hints ?? [];
  const store = exercisesStore.getState();
  const last = index === file.tasks.length - 1;

  const goTo = (i: number) => {
    setError(null);
    // another task's fields show the scenario's values again: what was refused is gone
    problemsNow.current = {};
    setProblems({});
    store.goTo(exerciseKey, i);
  };

  const setProblem = (path: string, problem: string | null) => {
    const next = { ...problemsNow.current };
    if (problem === null) delete next[path];
    else next[path] = problem;
    problemsNow.current = next;
    setProblems(next);
  };

  const check = async () => {
    const answer = answerOf({
      task,
      entered: tp.answer,
      exerciseScenario: scenarioWith(ex, values),
      lab: lab.scenario.getState().scenario,
      problems: problemsNow.current,
    });
    if ('refused' in answer) return setError(answer.refused); // not an attempt
    setError(null);
    exercisesStore.setState({ checking: true });
    try {
      const result = await checkInWorker({ file, variant: progress.variant, task: index, answer });
      store.record(exerciseKey, index, savedAnswer(answer, tp.answer), result);
    } catch (e) {
      setError(`The check could not run: ${(e as Error).message}`);
    } finally {
      exercisesStore.setState({ checking: false });
    }
  };

  const copyLink = async () => {
    const url = exerciseLink(
      location.href,
      { id: exerciseKey.startsWith('custom:') ? null : exerciseKey, file },
      progress.variant,
    );
    try {
      await navigator.clipboard.writeText(url);
      lab.ui.getState().showToast('Exercise link copied — it opens this exercise with your numbers.');
    } catch {
      lab.ui.getState().showToast(`The browser did not allow copying. The link: ${url}`);
    }
    setLink(url);
  };

  return (
    <div className="exercise-view" data-testid="exercise-view" data-variant={progress.variant}>
      <div className="exercise-nav">
        <button type="button" className="btn btn-small" onClick={() => store.setView('list')}>
          ← All exercises
        </button>
        <button type="button" className="btn btn-small" onClick={() => void copyLink()}>
          Copy exercise link
        </button>
        <button
          type="button"
          className="btn btn-small"
          title="Put the exercise's scenario back in the editor"
          onClick={() => {
            problemsNow.current = {};
            setProblems({});
            setError(null);
            setResets(resets + 1);
            openExerciseScenario(lab, scenarioWith(ex, values));
          }}
        >
          Reset scenario
        </button>
      </div>
      {link && (
        <input className="exercise-link" readOnly value={link} aria-label="Exercise link" data-testid="exercise-link" />
      )}
      <h3 className="exercise-title">{file.title}</h3>
      <p className="exercise-goal">
        <strong>Goal:</strong> {file.goal}
      </p>
      {file.introduction && <p className="exercise-intro">{fillText(file.introduction, values)}</p>}
      <ol className="exercise-steps" aria-label="Tasks">
        {file.tasks.map((t, i) => (
          <li key={t.id}>
            <button
              type="button"
              className={`step${i === index ? ' step-current' : ''}${progress.tasks[i]?.correct ? ' step-done' : ''}`}
              aria-current={i === index ? 'step' : undefined}
              aria-label={`Task ${i + 1}${progress.tasks[i]?.correct ? ' (done)' : ''}`}
              onClick={() => goTo(i)}
            >
              {progress.tasks[i]?.correct ? '✓' : i + 1}
            </button>
          </li>
        ))}
      </ol>
      <div className="exercise-task" data-testid="exercise-task" data-kind={task.kind}>
        <p className="task-prompt">
          <span className="task-kind">{kindLabel(task.kind)}</span> {fillText(task.prompt, values)}
        </p>
        {task.kind === 'predict' && (
          <div className="task-answer">
            <label htmlFor={ids.answer}>Your answer{task.unit ? ` (${task.unit})` : ''}</label>
            <input
              id={ids.answer}
              type="text"
              inputMode="decimal"
              value={tp.answer}
              onChange={(e) => store.saveAnswer(exerciseKey, index, e.target.value)}
              aria-describedby={error ? `${ids.answer}-error` : undefined}
              onKeyDown={(e) => e.key === 'Enter' && void check()}
            />
          </div>
        )}
        {task.kind === 'choose' && (
          <fieldset className="task-answer">
            <legend>Your choice</legend>
            {task.options.map((o) => (
              <label key={o.id} className="task-option">
                <input
                  type="radio"
                  name={`${exerciseKey}-${task.id}`}
                  value={o.id}
                  checked={tp.answer === o.id}
                  onChange={() => store.saveAnswer(exerciseKey, index, o.id)}
                />
                {o.label}
              </label>
            ))}
          </fieldset>
        )}
        {task.kind === 'make' && <MakeFields key={resets} task={task} problems={problems} setProblem={setProblem} />}
        {task.kind === 'explain' && (
          <div className="task-answer">
            <label htmlFor={ids.answer}>Your explanation</label>
            <textarea
              id={ids.answer}
              rows={4}
              value={tp.answer}
              onChange={(e) => store.saveAnswer(exerciseKey, index, e.target.value)}
            />
          </div>
        )}
        <div className="task-buttons">
          <button type="button" className="btn btn-primary" disabled={checking} onClick={() => void check()}>
            {checking ? 'Running the simulation…' : task.kind === 'explain' ? 'Save' : 'Check'}
          </button>
          {tp.hints < hints.length && (
            <button type="button" className="btn" onClick={() => store.showHint(exerciseKey, index)}>
              Show a hint ({tp.hints + 1} of {hints.length})
            </button>
          )}
          {last ? (
            <button type="button" className="btn" onClick={() => store.finish(exerciseKey)}>
              Finish and see the summary
            </button>
          ) : (
            <button type="button" className="btn" onClick={() => goTo(index + 1)}>
              Next task
            </button>
          )}
        </div>
        {error && (
          <p className="task-error" role="alert" id={`${ids.answer}-error`} data-testid="task-refusal">
            {error}
          </p>
        )}
        <div id={ids.feedback} className="task-feedback" role="status" aria-live="polite" data-testid="task-feedback">
          {tp.feedback && (
            <p className={tp.correct ? 'feedback-right' : 'feedback-wrong'}>
              {tp.feedback}
              {tp.attempts > 1 && <span className="muted"> (attempt {tp.attempts})</span>}
            </p>
          )}
          {tp.correct && tp.observed.length > 0 && (
            <ul className="task-observed">
              {tp.observed.map((o) => (
                <li key={o.label}>
                  {o.label}: {Number(o.value.toPrecision(3))} {o.unit}
                </li>
              ))}
            </ul>
          )}
          {tp.correct && task.explanation && <p className="task-explanation">{fillText(task.explanation, values)}</p>}
        </div>
        {tp.hints > 0 && (
          <ol className="task-hints" aria-label="Hints">
            {hints.slice(0, tp.hints).map((h, i) => (
              <li key={i}>{fillText(hintText(h), values)}</li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

function kindLabel(kind: string): string {
  return kind === 'predict' ? 'Predict' : kind === 'choose' ? 'Choose' : kind === 'make' ? 'Make it happen' : 'Explain';
}
