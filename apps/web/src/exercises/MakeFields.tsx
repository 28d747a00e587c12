/**
 * A make-it-happen task's editable fields, each with the control its path calls for. The fields
 * show the lab's scenario as it is after its recorded live changes (what the inspector shows). An
 * entry goes into the lab's scenario only when it fits (engine `draftProblem`); otherwise the field
 * keeps what was entered and says what is wrong, and the scenario and its autosave are untouched.
 * During a run the lab records the change as a timed event, like an edit in the inspector.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { draftProblem, fieldControlOf, fieldValue, setPath, type MakeTask } from '@cclab/engine';
import { useLab } from '../lab';
import { effectiveScenario } from '../run/liveChanges';
import { FieldControl } from './FieldControl';

/** Whether a task's answers set this field's model parameters (then its parameter form is shown open). */
function paramsMatter(task: MakeTask, path: string): boolean {
  const answers = [task.solution, ...(task.hints ?? []).map((h) => (typeof h === 'string' ? undefined : h.answer))];
  return answers.some((a) => {
    const v = (a as Record<string, unknown> | undefined)?.[path] as { params?: object } | undefined;
    return v?.params !== undefined && Object.keys(v.params).length > 0;
  });
}

export function MakeFields({
  task,
  problems,
  setProblem,
}: {
  task: MakeTask;
  problems: Readonly<Record<string, string>>;
  setProblem(path: string, problem: string | null): void;
}) {
  const lab = useLab();
  const stored = useStore(lab.scenario, (s) => s.scenario);
  const scenario = useMemo(() => effectiveScenario(stored), [stored]);
  const commit = (path: string, label: string, v: unknown) => {
    const st = lab.scenario.getState();
    const problem = draftProblem(st.scenario, path, v, label);
    setProblem(path, problem);
    if (problem === null) st.apply((s) => setPath(s, path, v));
  };
  return (
    <div className="task-answer" data-testid="make-fields">
      <p className="muted">
        {task.live
          ? 'Set these here or in the editor — before you press Play or while the run plays.'
          : 'Set these here or in the editor before you press Play: this task asks for them from the start.'}{' '}
        Only these fields are taken from your scenario when you check.
      </p>
      {task.editable.map((e, i) => {
        const v = fieldValue(scenario, e.path);
        const control = v.found ? fieldControlOf(scenario, e.path) : null;
        if (!v.found || !control)
          return (
            <p key={e.path} className="task-error">
              {e.label}: not in the editor’s scenario any more. Press “Reset scenario” to bring the exercise’s back.
            </p>
          );
        return (
          <FieldControl
            key={e.path}
            control={control}
            label={e.label}
            value={v.value}
            testId={`editable-${i}`}
            paramsOpen={paramsMatter(task, e.path)}
            problem={problems[e.path]}
            onCommit={(x) => commit(e.path, e.label, x)}
          />
        );
      })}
    </div>
  );
}
