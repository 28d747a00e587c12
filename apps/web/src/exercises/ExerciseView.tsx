/**
 * One exercise as a student sees it: the goal, the current task with its answer field, Check (the
 * simulation runs in a worker), feedback, hints revealed one at a time, and next/finish.
 */
import { useId, useState } from 'react';
import { useStore } from 'zustand';
import {
  fillText,
  getPath,
  scenarioWith,
  setPath,
  variantValues,
  type ExerciseFile,
  type TaskAnswer,
} from '@cclab/engine';
import { useLab } from '../lab';
import { exercisesStore } from './exercisesSetup';
import { parsedExercise } from './exerciseStore';
import { checkInWorker } from './checkInWorker';
import { exerciseLink } from './exerciseLink';

/** A field value as typed: JSON when it reads as JSON (numbers, objects), else the text. */
export function parseFieldValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function fieldText(v: unknown): string {
  return v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
}

export function ExerciseView({ exerciseKey, file }: { exerciseKey: string; file: ExerciseFile }) {
  const lab = useLab();
  const scenario = useStore(lab.scenario, (s) => s.scenario);
  const progress = useStore(exercisesStore, (s) => s.progress[exerciseKey]);
  const checking = useStore(exercisesStore, (s) => s.checking);
  const ids = { answer: useId(), feedback: useId() };
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  if (!progress) return null;
  const ex = parsedExercise(file);
  const values = variantValues(ex, progress.variant);
  const index = Math.min(progress.task, file.tasks.length - 1);
  const task = file.tasks[index]!;
  const tp = progress.tasks[index]!;
  const hints = task.hints ?? [];
  const store = exercisesStore.getState();
  const last = index === file.tasks.length - 1;

  const answerOf = (): TaskAnswer | string => {
    switch (task.kind) {
      case 'predict': {
        const v = Number(tp.answer.replace(',', '.'));
        return tp.answer.trim() === '' || !Number.isFinite(v) ? 'Enter a number first.' : { kind: 'predict', value: v };
      }
      case 'choose':
        return tp.answer ? { kind: 'choose', option: tp.answer } : 'Pick an option first.';
      case 'make': {
        const set: Record<string, unknown> = {};
        for (const e of task.editable) {
          const v = getPath(scenario, e.path)[0];
          if (v !== undefined) set[e.path] = v;
        }
        return { kind: 'make', set };
      }
      case 'explain':
        return { kind: 'explain', text: tp.answer };
    }
  };

  const check = async () => {
    const answer = answerOf();
    if (typeof answer === 'string') return setError(answer);
    setError(null);
    exercisesStore.setState({ checking: true });
    try {
      const result = await checkInWorker({ file, variant: progress.variant, task: index, answer });
      const saved = answer.kind === 'make' ? JSON.stringify(answer.set) : tp.answer;
      store.record(exerciseKey, index, saved, result);
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
          onClick={() => lab.scenario.getState().replace(scenarioWith(ex, values))}
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
              onClick={() => store.goTo(exerciseKey, i)}
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
        {task.kind === 'make' && (
          <div className="task-answer">
            <p className="muted">
              Edit these fields here or in the editor; only they are taken from your scenario when you check.
            </p>
            {task.editable.map((e) => (
              <EditableField key={e.path} path={e.path} label={e.label} value={getPath(scenario, e.path)[0]} />
            ))}
          </div>
        )}
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
            <button type="button" className="btn" onClick={() => store.goTo(exerciseKey, index + 1)}>
              Next task
            </button>
          )}
        </div>
        {error && (
          <p className="task-error" role="alert">
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
              <li key={i}>{fillText(h, values)}</li>
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

function EditableField({ path, label, value }: { path: string; label: string; value: unknown }) {
  const lab = useLab();
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text === null) return;
    const v = parseFieldValue(text);
    lab.scenario.getState().apply((s) => setPath(s, path, v));
    setText(null);
  };
  return (
    <div className="editable-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={text ?? fieldText(value)}
        title={path}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
    </div>
  );
}
