/** Rate, delay, buffer, queue discipline (from the registry) and loss of one link. */
import { useId } from 'react';
import { getRegistry, type ScenarioIssue, type ScenarioLink } from '@cclab/engine';
import { useLab } from '../lab';
import { linkKey, updateLink } from '../state/scenarioEdits';
import { FieldIssues } from './FieldIssues';
import { NumberInput } from './NumberInput';
import { ParamForm } from './ParamForm';
import { QuantityInput } from './QuantityInput';
import { issuesAt } from './useScenarioIssues';

export function LinkInspector({
  link,
  index,
  issues,
}: {
  link: ScenarioLink;
  index: number;
  issues: readonly ScenarioIssue[];
}) {
  const lab = useLab();
  const qid = useId();
  const key = linkKey(link);
  const p = `links[${index}]`;
  const edit = (patch: Partial<ScenarioLink>) => lab.scenario.getState().apply((s) => updateLink(s, key, patch));
  const queues = getRegistry().queue;
  const qtype = link.queue?.type ?? 'droptail';
  const qinfo = queues.find((q) => q.id === qtype);
  return (
    <section className="inspector-section" aria-label={`Link ${link.a} — ${link.b}`} data-testid="link-inspector">
      <h3>
        Link{' '}
        <span className="mono">
          {link.a} ⟷ {link.b}
        </span>
      </h3>
      <p className="muted small">Both directions share these settings.</p>
      <QuantityInput
        label="Rate"
        kind="rate"
        value={link.rate}
        testId="link-rate"
        invalid={issuesAt(issues, `${p}.rate`).length > 0}
        onCommit={(v) => edit({ rate: v ?? '10Mbps' })}
      />
      <FieldIssues issues={issuesAt(issues, `${p}.rate`)} />
      <QuantityInput
        label="Propagation delay"
        kind="duration"
        value={link.delay}
        testId="link-delay"
        invalid={issuesAt(issues, `${p}.delay`).length > 0}
        onCommit={(v) => edit({ delay: v ?? '10ms' })}
      />
      <FieldIssues issues={issuesAt(issues, `${p}.delay`)} />
      <QuantityInput
        label="Buffer (each direction)"
        kind="buffer"
        value={link.buffer}
        placeholder="100 packets"
        testId="link-buffer"
        invalid={issuesAt(issues, `${p}.buffer`).length > 0}
        onCommit={(v) => edit({ buffer: v })}
      />
      <FieldIssues issues={issuesAt(issues, `${p}.buffer`)} />
      <NumberInput
        label="Random loss"
        unit="probability"
        min={0}
        max={1}
        value={link.lossRate}
        placeholder="0"
        testId="link-loss"
        onCommit={(v) => edit({ lossRate: v })}
      />
      <FieldIssues issues={issuesAt(issues, `${p}.lossRate`)} />
      <div className="field">
        <label htmlFor={qid}>Queue discipline</label>
        <select
          id={qid}
          data-testid="link-queue"
          value={qtype}
          onChange={(e) => edit({ queue: { type: e.target.value, params: {} } })}
        >
          {queues.map((q) => (
            <option key={q.id} value={q.id}>
              {q.name}
            </option>
          ))}
          {!qinfo && <option value={qtype}>{qtype} (unknown)</option>}
        </select>
      </div>
      {qinfo && (
        <p className="muted small model-desc">
          {qinfo.description} <cite>{qinfo.citation}</cite>
        </p>
      )}
      <FieldIssues issues={issuesAt(issues, `${p}.queue.type`)} />
      {qinfo && (
        <ParamForm
          specs={qinfo.params}
          values={link.queue?.params}
          path={`${p}.queue.params`}
          issues={issues}
          testPrefix="queue-param"
          onChange={(k, v) => edit({ queue: { type: qtype, params: withParam(link.queue?.params, k, v) } })}
        />
      )}
      {link.reverse && (
        <p className="muted small">
          This link has separate settings for {link.b} → {link.a} in its file; they are kept as they are.
        </p>
      )}
    </section>
  );
}

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
