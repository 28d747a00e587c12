/**
 * A queue discipline and its parameters (forms from the registry); for a scheduler
 * (`info.classful`), the discipline of its sub-queues (`queue.child`) with its own form — down to
 * the depth the scenario format allows (a scheduler of schedulers of leaves).
 */
import { useId } from 'react';
import { getRegistry, type QueueSpec, type ScenarioIssue } from '@cclab/engine';
import { FieldIssues } from './FieldIssues';
import { ParamForm } from './ParamForm';

/** How many `child` levels the scenario format accepts below a link's queue. */
export const MAX_CHILD_DEPTH = 2;
/** The value of the sub-queue menu that means "no child: plain FIFOs under the shared limit". */
const FIFO_CHILDREN = '';

interface Props {
  /** The discipline in force (the direction's own, or the one it follows); undefined = FIFO sub-queues. */
  queue: QueueSpec | undefined;
  /** Scenario path of this queue spec, for matching validation issues. */
  path: string;
  issues: readonly ScenarioIssue[];
  /** Test ids: `${testPrefix}-queue` for the menu, `${paramPrefix}-<key>` for parameters. */
  testPrefix: string;
  paramPrefix: string;
  /** The description as a tooltip rather than a paragraph (two directions on show). */
  compact?: boolean;
  /** 0 for a link's queue; 1 for its sub-queues; … (sub-queues may be left as plain FIFOs). */
  depth?: number;
  onChange(queue: QueueSpec | undefined): void;
}

/** Replaces one parameter (undefined removes it). */
export function withParam(
  params: Record<string, unknown> | undefined,
  key: string,
  value: unknown,
): Record<string, unknown> {
  const out = { ...(params ?? {}) };
  if (value === undefined) delete out[key];
  else out[key] = value;
  return out;
}

/** The spec after choosing discipline `type`: fresh parameters; a scheduler keeps its sub-queues. */
export function withQueueType(queue: QueueSpec | undefined, type: string): QueueSpec {
  const classful = getRegistry().queue.find((q) => q.id === type)?.classful === true;
  return classful && queue?.child ? { type, params: {}, child: queue.child } : { type, params: {} };
}

/** The spec with sub-queue discipline `child` (undefined: plain FIFOs). */
export function withChild(queue: QueueSpec, child: QueueSpec | undefined): QueueSpec {
  const { child: _old, ...rest } = queue;
  void _old;
  return child ? { ...rest, child } : rest;
}

export function QueueFields({ queue, path, issues, testPrefix, paramPrefix, compact, depth = 0, onChange }: Props) {
  const id = useId();
  const queues = getRegistry().queue;
  const sub = depth > 0;
  const qtype = queue?.type ?? (sub ? FIFO_CHILDREN : 'droptail');
  const qinfo = queues.find((q) => q.id === qtype);
  const own = issues.filter((i) => i.path === path || i.path === `${path}.type`);
  return (
    <>
      <div className="field">
        <label htmlFor={id}>{sub ? 'Each sub-queue is' : 'Queue discipline'}</label>
        <select
          id={id}
          data-testid={`${testPrefix}-queue`}
          value={qtype}
          aria-invalid={own.length > 0 || undefined}
          title={compact && qinfo ? `${qinfo.description} (${qinfo.citation})` : undefined}
          onChange={(e) =>
            onChange(e.target.value === FIFO_CHILDREN ? undefined : withQueueType(queue, e.target.value))
          }
        >
          {sub && <option value={FIFO_CHILDREN}>FIFO (the scheduler’s shared buffer)</option>}
          {queues.map((q) => (
            <option key={q.id} value={q.id}>
              {q.name}
              {q.classful ? ' — scheduler' : ''}
            </option>
          ))}
          {!qinfo && qtype !== FIFO_CHILDREN && <option value={qtype}>{qtype} (unknown)</option>}
        </select>
      </div>
      {qinfo && !compact && (
        <p className="muted small model-desc">
          {qinfo.description} <cite>{qinfo.citation}</cite>
        </p>
      )}
      {sub && !queue && (
        <p className="muted small">
          Plain FIFOs sharing the port’s buffer; pick a discipline (CoDel, RED, …) to run one in each sub-queue.
        </p>
      )}
      <FieldIssues issues={own} />
      {qinfo && (
        <ParamForm
          specs={qinfo.params}
          values={queue?.params}
          path={`${path}.params`}
          issues={issues}
          testPrefix={paramPrefix}
          onChange={(k, v) => onChange({ ...(queue ?? { type: qtype }), params: withParam(queue?.params, k, v) })}
        />
      )}
      {qinfo?.classful && depth < MAX_CHILD_DEPTH && (
        <fieldset className="sub-queue" data-testid={`${testPrefix}-child`}>
          <legend>Sub-queues of {qinfo.name.replace(/ \(.*\)$/, '')}</legend>
          <QueueFields
            queue={queue?.child}
            path={`${path}.child`}
            issues={issues}
            testPrefix={`${testPrefix}-child`}
            paramPrefix={`${paramPrefix}-child`}
            compact
            depth={depth + 1}
            onChange={(c) => onChange(withChild(queue ?? { type: qtype }, c))}
          />
        </fieldset>
      )}
    </>
  );
}
