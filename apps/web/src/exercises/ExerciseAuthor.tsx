/**
 * "New exercise": an instructor writes a goal and tasks over the current scenario (checkers pick
 * from the result metrics and the scenario's settings, option values and reference solutions are
 * set with the student's controls: AuthorTask.tsx), previews it as a student, exports the file or
 * shares its link.
 */
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { getRegistry, parseExercise, ExerciseError } from '@cclab/engine';
import { useLab } from '../lab';
import { downloadBlob } from '../charts/exportChart';
import { metricChoices } from '../sweep/sweepFields';
import { exercisesStore } from './exercisesSetup';
import {
  authorFields,
  draftToFile,
  newDraftTask,
  type DraftKind,
  type DraftTask,
  type ExerciseDraft,
} from './authorDraft';
import { AuthorTask } from './AuthorTask';
import { exerciseLink } from './exerciseLink';
import { useStartExercise } from './useStartExercise';

export function ExerciseAuthor() {
  const lab = useLab();
  const scenario = useStore(lab.scenario, (s) => s.scenario);
  const fields = useMemo(() => authorFields(scenario, getRegistry()), [scenario]);
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
        <AuthorTask
          key={i}
          index={i}
          task={t}
          scenario={scenario}
          choices={choices}
          fields={fields}
          onChange={(patch) => setTask(i, patch)}
          onReplace={(task) => setDraft({ ...draft, tasks: draft.tasks.map((x, k) => (k === i ? task : x)) })}
          onRemove={() => setDraft({ ...draft, tasks: draft.tasks.filter((_, k) => k !== i) })}
        />
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
          onClick={() =>
            setDraft({ ...draft, tasks: [...draft.tasks, newDraftTask(adding, choices, fields, scenario)] })
          }
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
