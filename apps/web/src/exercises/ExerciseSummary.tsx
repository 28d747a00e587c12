/** The summary view: every task with answer and result; export as JSON or print (save as PDF). */
import { useStore } from 'zustand';
import type { ExerciseFile } from '@cclab/engine';
import { downloadBlob } from '../charts/exportChart';
import { exercisesStore } from './exercisesSetup';
import { summaryOf } from './exerciseSummary';

export function ExerciseSummary({ exerciseKey, file }: { exerciseKey: string; file: ExerciseFile }) {
  const progress = useStore(exercisesStore, (s) => s.progress[exerciseKey]);
  if (!progress) return null;
  const data = summaryOf(file, progress);
  const store = exercisesStore.getState();
  return (
    <div className="exercise-summary" data-testid="exercise-summary">
      <h3>Summary: {file.title}</h3>
      <p>
        {data.tasksDone} of {data.tasks.length} tasks done · variant {data.variant}
        {Object.keys(data.parameters).length > 0 &&
          ` · ${Object.entries(data.parameters)
            .map(([k, v]) => `${k} = ${typeof v === 'string' ? v : JSON.stringify(v)}`)
            .join(', ')}`}
      </p>
      <ol className="summary-tasks">
        {data.tasks.map((t) => (
          <li key={t.task}>
            <p className="task-prompt">{t.prompt}</p>
            <p>
              <strong>Answer:</strong> {t.answer || <em>none</em>}
            </p>
            <p>
              <strong>
                {t.kind === 'explain' ? (t.correct ? 'Kept' : 'Not written') : t.correct ? 'Right' : 'Not yet'}
              </strong>
              {` · ${t.attempts} attempt${t.attempts === 1 ? '' : 's'} · ${t.hintsUsed} hint${t.hintsUsed === 1 ? '' : 's'}`}
            </p>
            {t.feedback && <p className="muted">{t.feedback}</p>}
          </li>
        ))}
      </ol>
      <div className="exercise-actions no-print">
        <button
          type="button"
          className="btn"
          onClick={() =>
            downloadBlob(
              new Blob([JSON.stringify(data, null, 2) + '\n'], { type: 'application/json' }),
              `${file.id}-summary.json`,
            )
          }
        >
          Export summary (JSON)
        </button>
        <button type="button" className="btn" onClick={() => window.print()}>
          Print / save as PDF
        </button>
        <button type="button" className="btn" onClick={() => store.setView('exercise')}>
          Back to the tasks
        </button>
        <button type="button" className="btn" onClick={() => store.setView('list')}>
          All exercises
        </button>
      </div>
    </div>
  );
}
