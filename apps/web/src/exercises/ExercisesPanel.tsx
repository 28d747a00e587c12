/**
 * The Exercises panel: a drawer beside the editor listing the built-in and authored exercises by
 * topic with progress, and the open exercise (tasks, answers checked in a worker, hints one at a
 * time), its summary, or the authoring form. Mounted in App like the Sweep panel.
 */
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { builtinExercises, parseExerciseText, ExerciseError } from '@cclab/engine';
import { useLab } from '../lab';
import { exercisesStore } from './exercisesSetup';
import { doneCount, exerciseFileOf, parsedExercise } from './exerciseStore';
import { useStartExercise } from './useStartExercise';
import { ExerciseView } from './ExerciseView';
import { ExerciseSummary } from './ExerciseSummary';
import { ExerciseAuthor } from './ExerciseAuthor';
import '../sweep/sweep.css';
import './exercises.css';
import { DrawerToggle } from '../DrawerToggle';
import { SampleFiles } from '../samples/SampleFiles';

const PANEL_ID = 'exercises-panel';

export function ExercisesButton() {
  const open = useStore(exercisesStore, (s) => s.open);
  return (
    <DrawerToggle
      open={open}
      controls={PANEL_ID}
      testId="exercises-toggle"
      title="Self-paced exercises checked by the simulation"
      onToggle={() => exercisesStore.getState().setOpen(!open)}
    >
      Exercises
    </DrawerToggle>
  );
}

export function ExercisesPanel() {
  const lab = useLab();
  const st = useStore(exercisesStore);
  const start = useStartExercise();
  const fileRef = useRef<HTMLInputElement>(null);

  // an exercise link: open it with its variant (a built-in by id, an authored one from the file in the link)
  useEffect(() => {
    const link = exercisesStore.getState().pending;
    if (!link) return;
    exercisesStore.setState({ pending: null });
    if (link.id !== null) {
      // an id this lab does not have is named in the notice the lab shows at start-up (codec/linkProblems.ts)
      if (builtinExercises.some((e) => e.id === link.id)) start(link.id, link.variant);
      return;
    }
    try {
      const file = parsedExercise(parseExerciseText(JSON.stringify(link.file)).file).file;
      start(exercisesStore.getState().addCustom(file), link.variant);
    } catch (e) {
      lab.ui.getState().pushNotice({
        kind: 'error',
        key: 'link-parts',
        title: 'The exercise in this link cannot be used, so the lab opened without it.',
        issues: [{ path: '(link: exf)', message: (e as Error).message.split('\n')[0] ?? String(e) }],
      });
    }
    // once, at start-up
  }, []);

  if (!st.open) return null;

  const importFile = async (f: File) => {
    try {
      const ex = parseExerciseText(await f.text());
      start(exercisesStore.getState().addCustom(ex.file));
    } catch (e) {
      const msg =
        e instanceof ExerciseError
          ? e.issues
              .slice(0, 3)
              .map((i) => `${i.path}: ${i.message}`)
              .join('; ')
          : (e as Error).message;
      lab.ui.getState().showToast(`${f.name} is not a usable exercise: ${msg}`);
    }
  };

  const files = [...builtinExercises, ...Object.values(st.custom)];
  const keyOf = (id: string) => (builtinExercises.some((e) => e.id === id) ? id : `custom:${id}`);
  const topics = [...new Set(builtinExercises.map((e) => e.topic))];
  const custom = Object.values(st.custom);

  return (
    <section id={PANEL_ID} className="sweep-panel exercises-panel" aria-label="Exercises" data-testid="exercises-panel">
      <header className="exercises-head">
        <h2>Exercises</h2>
        <button
          type="button"
          className="btn btn-small"
          aria-label="Close the exercises panel"
          onClick={() => exercisesStore.getState().setOpen(false)}
        >
          ×
        </button>
      </header>
      {st.view === 'author' ? (
        <ExerciseAuthor />
      ) : st.view === 'list' || st.current === null ? (
        <>
          <p className="exercises-help">
            Each exercise sets up a scenario and asks you to predict, choose or make something happen. Your answers are
            checked by running the simulation; your progress stays in this browser.
          </p>
          {topics.map((topic) => (
            <div key={topic} className="exercise-topic">
              <h3>{topic}</h3>
              <ul>
                {builtinExercises
                  .filter((e) => e.topic === topic)
                  .map((e) => {
                    const p = st.progress[e.id];
                    const done = doneCount(p);
                    return (
                      <li key={e.id}>
                        {e.status === 'coming' ? (
                          <span className="exercise-coming" title={`Waits for ${e.waitsFor ?? 'a model'}`}>
                            {e.title} <span className="badge">coming</span>
                          </span>
                        ) : (
                          <button type="button" className="link-button" onClick={() => start(e.id)}>
                            {e.title}
                          </button>
                        )}
                        {e.status !== 'coming' && (
                          <span className="exercise-progress" aria-label={`${done} of ${e.tasks.length} tasks done`}>
                            {done}/{e.tasks.length}
                            {p?.finished ? ' ✓' : ''}
                          </span>
                        )}
                      </li>
                    );
                  })}
              </ul>
            </div>
          ))}
          {custom.length > 0 && (
            <div className="exercise-topic">
              <h3>Your exercises</h3>
              <ul>
                {custom.map((e) => (
                  <li key={e.id}>
                    <button type="button" className="link-button" onClick={() => start(`custom:${e.id}`)}>
                      {e.title}
                    </button>
                    <span className="exercise-progress">
                      {doneCount(st.progress[`custom:${e.id}`])}/{e.tasks.length}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="exercise-actions">
            <button type="button" className="btn" onClick={() => exercisesStore.getState().setView('author')}>
              New exercise
            </button>
            <button type="button" className="btn" onClick={() => fileRef.current?.click()}>
              Import exercise file…
            </button>
            <input
              ref={fileRef}
              type="file"
              accept=".json,application/json"
              className="sr-only"
              aria-label="Exercise file to import"
              data-testid="exercise-import"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void importFile(f);
                e.target.value = '';
              }}
            />
          </div>
          <SampleFiles />
        </>
      ) : (
        (() => {
          const file = exerciseFileOf(st, st.current) ?? files.find((f) => keyOf(f.id) === st.current);
          if (!file) return <p>This exercise is no longer available.</p>;
          return st.view === 'summary' ? (
            <ExerciseSummary exerciseKey={st.current} file={file} />
          ) : (
            <ExerciseView key={st.current} exerciseKey={st.current} file={file} />
          );
        })()
      )}
    </section>
  );
}
