/**
 * A base station's slot scheduler (registry `bsScheduler`: RR, max-SNR, Qlen, Qdelay, PF, …) with
 * its parameters, and the base station's own (slot, bandwidth, AMC table: registry `bs`).
 */
import { useId } from 'react';
import { getRegistry, type BaseStationSpec, type ScenarioIssue } from '@cclab/engine';
import { FieldIssues } from './FieldIssues';
import { ParamForm } from './ParamForm';
import { withParam } from './LinkInspector';

export function BsFields({
  bs,
  path,
  issues,
  onChange,
}: {
  bs: BaseStationSpec | undefined;
  /** Scenario path of the node's `bs`, for matching validation issues. */
  path: string;
  issues: readonly ScenarioIssue[];
  onChange(bs: BaseStationSpec): void;
}) {
  const sid = useId();
  const reg = getRegistry();
  const type = bs?.scheduler?.type ?? 'rr';
  const info = reg.bsScheduler.find((m) => m.id === type);
  const schedIssues = issues.filter((i) => i.path === `${path}.scheduler` || i.path === `${path}.scheduler.type`);
  return (
    <>
      <div className="field">
        <label htmlFor={sid}>Scheduler</label>
        <select
          id={sid}
          data-testid="bs-scheduler"
          value={type}
          aria-invalid={schedIssues.length > 0 || undefined}
          onChange={(e) => onChange({ ...bs, scheduler: { type: e.target.value } })}
        >
          {reg.bsScheduler.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
          {!info && <option value={type}>{type} (unknown)</option>}
        </select>
      </div>
      {info && (
        <p className="muted small model-desc">
          {info.description} <cite>{info.citation}</cite>
        </p>
      )}
      <FieldIssues issues={schedIssues} />
      {info && info.params.length > 0 && (
        <ParamForm
          specs={info.params}
          values={bs?.scheduler?.params}
          path={`${path}.scheduler.params`}
          issues={issues}
          testPrefix="bs-scheduler-param"
          onChange={(k, v) => onChange({ ...bs, scheduler: { type, params: withParam(bs?.scheduler?.params, k, v) } })}
        />
      )}
      <details className="bs-radio">
        <summary>Slot, bandwidth and AMC</summary>
        <ParamForm
          specs={reg.bs.params}
          values={bs?.params}
          path={`${path}.params`}
          issues={issues}
          testPrefix="bs-param"
          onChange={(k, v) => onChange({ ...bs, params: withParam(bs?.params, k, v) })}
        />
      </details>
    </>
  );
}
