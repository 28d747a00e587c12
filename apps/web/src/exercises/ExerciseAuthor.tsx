/**
 * "New exercise": an instructor writes a goal and tasks over the current scenario (checkers pick
 * from the result metrics and the scenario's fields), previews it as a student, exports the file
 * or shares its link.
 */
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { getRegistry, parseExercise, ExerciseError } from '@cclab/engine';
import { useLab } from '../lab';
import { downloadBlob } from '../charts/exportChart';
import { metricChoices, sweepFields } from '../sweep/sweepFields';
import { exercisesStore } from './exercisesSetup';
import { draftToFile, newDraftTask, type DraftKind, type DraftTask, type ExerciseDraft } from './authorDraft';
import { exerciseLink } from './exerciseLink';
import { useStartExercise } from './useStartExercise';

export function ExerciseAuthor() {
  const lab = useLab();
  const scenario = useStore(lab.scenario, (s) => s.scenario);
  const fields = useMemo(() => sweepFields(scenario, getRegistry()), [scenario]);
  const choices = useMemo(() => metricChoices(scenario, getRegistry()), [scenario]);
  const start = useStartExercise();
  const [draft, setDraft] = useState<ExerciseDraft>({ title: '', topic: '', goal: '', tasks: [] });
  const [adding, setAdding] = useState<DraftKind>('predict');
  const file = draftToFile(draft, scenario, choices, fields);
  let issues: string[] = [];
  try {
    parseExercise(file);
  } catch (e) {
    if (!(e instanceof ExerciseError)) throw e;
    issues = e.issues.map((i) => `${i.path}: ${i.message}`);
  }
  const setTask = (i: number, patch: Partial<DraftTask>) =>
    setDraft({ ...draft, tasks: draft.tasks.map((t, k) => (k === i ? { ...t, ...patch } : t)) });
  const preview = () => {
    const ex = parseExercise(file);
    start(exercisesStore.getState().addCustom(ex.file));
  };
  const share = async () => {
    const url = exerciseLink(location.href, { id: null, file }, 1);
    try {
      await navigator.clipboard.writeText(url);
      lab.ui.getState().showToast('Exercise link copied: students who open it get this exercise.');
    } catch {
      lab.ui.getState().showToast('The browser did not allow copying the link.');
    }
  };

  return (
    <div className="exercise-author" data-testid="exercise-author">
      <h3>New exercise from the current scenario</h3>
      <label>
        Title
        <input value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} maxLength={120} />
      </label>
      <label>
        Topic
        <input value={draft.topic} onChange={(e) => setDraft({ ...draft, topic: e.target.value })} maxLength={60} />
      </label>
      <label>
        Learning goal
        <textarea rows={2} value={draft.goal} onChange={(e) => setDraft({ ...draft, goal: e.target.value })} />
      </label>
      {draft.tasks.map((t, i) => (
        <fieldset key={i} className="author-task">
          <legend>
            Task {i + 1}: {t.kind}
          </legend>
          <label>
            Prompt
            <textarea rows={2} value={t.prompt} onChange={(e) => setTask(i, { prompt: e.target.value })} />
          </label>
          {t.kind !== 'explain' && (
            <label>
              {t.kind === 'predict' ? 'Metric to predict' : t.kind === 'choose' ? 'Best option by' : 'Goal metric'}
              <select value={t.metric} onChange={(e) => setTask(i, { metric: e.target.value })}>
                {choices.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.label}
                    {c.unit ? ` (${c.unit})` : ''}
                  </option>
                ))}
              </select>
            </label>
          )}
          {t.kind === 'predict' && (
            <label>
              Tolerance (%)
              <input
                type="number"
                min={1}
                max={100}
                value={t.tolerancePct}
                onChange={(e) => setTask(i, { tolerancePct: Number(e.target.value) })}
              />
            </label>
          )}
          {(t.kind === 'choose' || t.kind === 'make') && (
            <label>
              {t.kind === 'choose' ? 'Options vary' : 'Editable field'}
              <select
                value={t.field}
                onChange={(e) =>
                  setTask(i, {
                    field: e.target.value,
                    values: fields.find((f) => f.path === e.target.value)?.suggested ?? '',
                  })
                }
              >
                {fields.map((f) => (
                  <option key={f.path} value={f.path}>
                    {f.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {t.kind === 'choose' && (
            <>
              <label>
                Option values (comma-separated)
                <input value={t.values} onChange={(e) => setTask(i, { values: e.target.value })} />
              </label>
              <label>
                The right option gives the
                <select value={t.best} onChange={(e) => setTask(i, { best: e.target.value as 'highest' | 'lowest' })}>
                  <option value="highest">highest value</option>
                  <option value="lowest">lowest value</option>
                </select>
              </label>
            </>
          )}
          {t.kind === 'make' && (
            <div className="author-goal">
              <select
                aria-label="Goal comparison"
                value={t.goalOp}
                onChange={(e) => setTask(i, { goalOp: e.target.value as 'atLeast' | 'atMost' })}
              >
                <option value="atLeast">at least</option>
                <option value="atMost">at most</option>
              </select>
              <input
                aria-label="Goal value"
                value={t.goalValue}
                onChange={(e) => setTask(i, { goalValue: e.target.value })}
              />
            </div>
          )}
          <label>
            Hints (one a line)
            <textarea rows={2} value={t.hints} onChange={(e) => setTask(i, { hints: e.target.value })} />
          </label>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => setDraft({ ...draft, tasks: draft.tasks.filter((_, k) => k !== i) })}
          >
            Remove task
          </button>
        </fieldset>
      ))}
      <div className="author-add">
        <select aria-label="Kind of task" value={adding} onChange={(e) => setAdding(e.target.value as DraftKind)}>
          <option value="predict">Predict a value</option>
          <option value="choose">Choose an option</option>
          <option value="make">Make it happen</option>
          <option value="explain">Explain</option>
        </select>
        <button
          type="button"
          className="btn"
          onClick={() => setDraft({ ...draft, tasks: [...draft.tasks, newDraftTask(adding, choices, fields)] })}
        >
          Add task
        </button>
      </div>
      {issues.length > 0 && (
        <ul className="author-issues" aria-label="Still to fix">
          {issues.slice(0, 8).map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <div className="exercise-actions">
        <button type="button" className="btn btn-primary" disabled={issues.length > 0} onClick={preview}>
          Preview as student
        </button>
        <button
          type="button"
          className="btn"
          disabled={issues.length > 0}
          onClick={() =>
            downloadBlob(
              new Blob([JSON.stringify(file, null, 2) + '\n'], { type: 'application/json' }),
              `${file.id}.exercise.json`,
            )
          }
        >
          Export exercise file
        </button>
        <button type="button" className="btn" disabled={issues.length > 0} onClick={() => void share()}>
          Copy exercise link
        </button>
        <button type="button" className="btn" onClick={() => exercisesStore.getState().setView('list')}>
          Cancel
        </button>
      </div>
    </div>
  );
}
