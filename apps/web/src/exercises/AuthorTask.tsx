/**
 * One task of the authoring form. A choose task's option values and a make task's reference
 * solution are set with the control the field calls for (the one the student gets); a value that
 * does not fit the scenario (engine `draftProblem`) is refused under its control and not taken.
 */
import { useState } from 'react';
import { draftProblem, fieldControlOf, type ScenarioInput } from '@cclab/engine';
import type { MetricChoice } from '../sweep/sweepFields';
import { FieldControl } from './FieldControl';
import { startingValue, withField, type AuthorField, type DraftTask } from './authorDraft';

interface Props {
  index: number;
  task: DraftTask;
  scenario: ScenarioInput;
  choices: readonly MetricChoice[];
  fields: readonly AuthorField[];
  onChange(patch: Partial<DraftTask>): void;
  onReplace(task: DraftTask): void;
  onRemove(): void;
}

export function AuthorTask({ index: i, task: t, scenario, choices, fields, onChange, onReplace, onRemove }: Props) {
  const [problems, setProblems] = useState<Record<string, string>>({});
  const field = fields.find((f) => f.path === t.field);
  const control = t.field ? fieldControlOf(scenario, t.field) : null;
  /** Takes `v` for `key` when it fits the scenario, else keeps the problem to show. */
  const commit = (key: string, label: string, v: unknown, take: () => void) => {
    const p = draftProblem(scenario, t.field, v, label);
    const next = { ...problems };
    if (p === null) delete next[key];
    else next[key] = p;
    setProblems(next);
    if (p === null) take();
  };
  return (
    <fieldset className="author-task" data-testid={`author-task-${i}`}>
      <legend>
        Task {i + 1}: {t.kind}
      </legend>
      <label>
        Prompt
        <textarea rows={2} value={t.prompt} onChange={(e) => onChange({ prompt: e.target.value })} />
      </label>
      {t.kind !== 'explain' && (
        <label>
          {t.kind === 'predict' ? 'Metric to predict' : t.kind === 'choose' ? 'Best option by' : 'Goal metric'}
          <select value={t.metric} onChange={(e) => onChange({ metric: e.target.value })}>
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
            onChange={(e) => onChange({ tolerancePct: Number(e.target.value) })}
          />
        </label>
      )}
      {(t.kind === 'choose' || t.kind === 'make') && (
        <label>
          {t.kind === 'choose' ? 'Options vary' : 'Editable field'}
          <select
            value={t.field}
            onChange={(e) => {
              setProblems({});
              onReplace(withField(t, e.target.value, scenario));
            }}
          >
            {fields.map((f) => (
              <option key={f.path} value={f.path}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {t.kind === 'choose' && control && (
        <div className="author-options" role="group" aria-label="Options">
          {t.options.map((v, k) => (
            <div key={`${t.field}-${k}`} className="author-option">
              <FieldControl
                control={control}
                label={`Option ${k + 1}: ${field?.label ?? t.field}`}
                value={v}
                testId={`author-${i}-option-${k}`}
                problem={problems[`option-${k}`]}
                onCommit={(x) =>
                  commit(`option-${k}`, `Option ${k + 1}`, x, () =>
                    onChange({ options: t.options.map((o, j) => (j === k ? x : o)) }),
                  )
                }
              />
              {t.options.length > 2 && (
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => onChange({ options: t.options.filter((_, j) => j !== k) })}
                >
                  Remove option {k + 1}
                </button>
              )}
            </div>
          ))}
          {t.options.length < 8 && (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => onChange({ options: [...t.options, startingValue(scenario, t.field)] })}
            >
              Add an option
            </button>
          )}
          <label>
            The right option gives the
            <select value={t.best} onChange={(e) => onChange({ best: e.target.value as 'highest' | 'lowest' })}>
              <option value="highest">highest value</option>
              <option value="lowest">lowest value</option>
            </select>
          </label>
        </div>
      )}
      {t.kind === 'make' && (
        <>
          <div className="author-goal">
            <select
              aria-label="Goal comparison"
              value={t.goalOp}
              onChange={(e) => onChange({ goalOp: e.target.value as 'atLeast' | 'atMost' })}
            >
              <option value="atLeast">at least</option>
              <option value="atMost">at most</option>
            </select>
            <input
              aria-label="Goal value"
              value={t.goalValue}
              onChange={(e) => onChange({ goalValue: e.target.value })}
            />
          </div>
          {control && (
            <FieldControl
              control={control}
              label={`Reference solution: ${field?.label ?? t.field}`}
              value={t.solution}
              testId={`author-${i}-solution`}
              problem={problems.solution}
              onCommit={(x) => commit('solution', 'Reference solution', x, () => onChange({ solution: x }))}
            />
          )}
          <label className="author-check">
            <input type="checkbox" checked={t.live} onChange={(e) => onChange({ live: e.target.checked })} />
            The student may make the change while the run plays
          </label>
        </>
      )}
      <label>
        Hints (one a line)
        <textarea rows={2} value={t.hints} onChange={(e) => onChange({ hints: e.target.value })} />
      </label>
      <button type="button" className="btn btn-small" onClick={onRemove}>
        Remove task
      </button>
    </fieldset>
  );
}
