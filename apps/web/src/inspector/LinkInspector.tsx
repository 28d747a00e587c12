/**
 * Rate, delay, buffer, queue discipline (from the registry), loss and impairments of one link.
 * Buffer, queue, loss and impairments are shared by both directions unless "Directions" is set to separate, which gives the
 * b→a direction its own (the scenario's `reverse`).
 */
import { useId } from 'react';
import { type LinkDirectionSpec, type ScenarioInput, type ScenarioIssue, type ScenarioLink } from '@cclab/engine';
import { useLab } from '../lab';
import {
  hasSeparateDirections,
  linkKey,
  setLinkChannel,
  setLinkDirectionsSeparate,
  updateLink,
  updateLinkReverse,
} from '../state/scenarioEdits';
import { ChannelFields } from './ChannelFields';
import { canonicalOf, splitQuantity } from '../units/quantity';
import { FieldIssues } from './FieldIssues';
import { ImpairmentFields } from './ImpairmentFields';
import { NumberInput } from './NumberInput';
import { QuantityInput } from './QuantityInput';
import { QueueFields } from './QueueFields';
import { issuesAt } from './useScenarioIssues';
import { InspectorChanges } from '../run/RecordedChanges';
import { useStore } from 'zustand';

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
  const dirId = useId();
  const key = linkKey(link);
  const p = `links[${index}]`;
  const apply = (e: (s: ScenarioInput) => ScenarioInput) => lab.scenario.getState().apply(e);
  const edit = (patch: Partial<ScenarioLink>) => apply((s) => updateLink(s, key, patch));
  const separate = hasSeparateDirections(link);
  const midRun = useStore(lab.run, (r) => r.nowNs > 0 && r.status !== 'done');
  const kindOf = (id: string) => lab.scenario.getState().scenario.nodes.find((n) => n.id === id)?.kind;
  const forward = (
    <DirectionFields
      values={link}
      path={p}
      issues={issues}
      bufferLabel={separate ? 'Buffer' : 'Buffer (each direction)'}
      bufferPlaceholder="100 packets"
      lossPlaceholder="0"
      testPrefix="link"
      compact={separate}
      onEdit={edit}
    />
  );
  return (
    <section className="inspector-section" aria-label={`Link ${link.a} — ${link.b}`} data-testid="link-inspector">
      <h3>
        Link{' '}
        <span className="mono">
          {link.a} ⟷ {link.b}
        </span>
      </h3>
      <InspectorChanges link={key} />
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
      <ChannelFields
        channel={link.channel}
        path={`${p}.channel`}
        issues={issues}
        fromBs={kindOf(link.a) === 'bs'}
        label={`${link.a} → ${link.b}`}
        testPrefix="link"
        onChange={(c) => apply((s) => setLinkChannel(s, key, true, c))}
      />
      <ChannelFields
        channel={link.reverse?.channel}
        path={`${p}.reverse.channel`}
        issues={issues}
        fromBs={kindOf(link.b) === 'bs'}
        label={`${link.b} → ${link.a}`}
        testPrefix="link-reverse"
        onChange={(c) => apply((s) => setLinkChannel(s, key, false, c))}
      />
      <div className="field">
        <span className="field-label" id={dirId}>
          Buffer, queue and loss
        </span>
        <div className="segmented" role="radiogroup" aria-labelledby={dirId} data-testid="link-directions">
          {(
            [
              [false, 'Same both ways', 'Both directions use one buffer, queue discipline, loss rate and impairments'],
              [true, 'Per direction', `Set ${link.a} → ${link.b} and ${link.b} → ${link.a} separately`],
            ] as const
          ).map(([value, text, title]) => (
            <label
              key={text}
              className={separate === value ? 'is-active' : undefined}
              title={title}
              data-testid={value ? 'link-directions-separate' : 'link-directions-same'}
            >
              <input
                type="radio"
                name={dirId}
                checked={separate === value}
                onChange={() => apply((s) => setLinkDirectionsSeparate(s, key, value))}
              />
              {text}
            </label>
          ))}
        </div>
      </div>
      <FieldIssues issues={issues.filter((i) => i.path === `${p}.reverse`)} />
      {midRun && (
        <p className="muted small" data-testid="link-directions-live">
          {separate
            ? `During the run a change below applies to the direction it is in only (${link.a} → ${link.b} or ${link.b} → ${link.a}), from the current time.`
            : 'During the run a change below applies to both directions, from the current time; the link stays the same both ways.'}
        </p>
      )}
      {separate ? (
        <>
          <fieldset className="direction" data-testid="link-forward">
            <legend className="mono">
              {link.a} → {link.b}
            </legend>
            {forward}
          </fieldset>
          <fieldset className="direction" data-testid="link-reverse">
            <legend className="mono">
              {link.b} → {link.a}
            </legend>
            <DirectionFields
              values={link.reverse ?? {}}
              inheritedQueue={link.queue}
              path={`${p}.reverse`}
              issues={issues}
              bufferLabel="Buffer"
              bufferPlaceholder={bufferText(link.buffer)}
              lossPlaceholder={String(link.lossRate ?? 0)}
              testPrefix="link-reverse"
              compact
              onEdit={(patch) => apply((s) => updateLinkReverse(s, key, patch))}
            />
          </fieldset>
          <p className="muted small">
            Rate and delay are the same both ways; an empty field of {link.b} → {link.a} follows {link.a} → {link.b}.
          </p>
        </>
      ) : (
        forward
      )}
    </section>
  );
}

/** Buffer, loss, impairments and queue discipline of one direction (or of both, when they are shared). */
function DirectionFields({
  values,
  inheritedQueue,
  path,
  issues,
  bufferLabel,
  bufferPlaceholder,
  lossPlaceholder,
  testPrefix,
  compact,
  onEdit,
}: {
  values: LinkDirectionSpec;
  /** The queue this direction follows while it has none of its own. */
  inheritedQueue?: LinkDirectionSpec['queue'];
  /** Scenario path of this direction's settings, for matching validation issues. */
  path: string;
  issues: readonly ScenarioIssue[];
  bufferLabel: string;
  bufferPlaceholder: string;
  lossPlaceholder: string;
  testPrefix: string;
  /** The queue's description as a tooltip rather than a paragraph (two directions on show). */
  compact?: boolean;
  onEdit(patch: Partial<LinkDirectionSpec>): void;
}) {
  const queue = values.queue ?? inheritedQueue;
  return (
    <>
      <QuantityInput
        label={bufferLabel}
        kind="buffer"
        value={values.buffer}
        placeholder={bufferPlaceholder}
        testId={`${testPrefix}-buffer`}
        invalid={issuesAt(issues, `${path}.buffer`).length > 0}
        onCommit={(v) => onEdit({ buffer: v })}
      />
      <FieldIssues issues={issuesAt(issues, `${path}.buffer`)} />
      <NumberInput
        label="Random loss"
        unit="probability"
        min={0}
        max={1}
        value={values.lossRate}
        placeholder={lossPlaceholder}
        testId={`${testPrefix}-loss`}
        invalid={issuesAt(issues, `${path}.lossRate`).length > 0}
        onCommit={(v) => onEdit({ lossRate: v })}
      />
      <FieldIssues issues={issuesAt(issues, `${path}.lossRate`)} />
      <ImpairmentFields
        key={path}
        values={values.impairments}
        path={`${path}.impairments`}
        issues={issues}
        testPrefix={testPrefix}
        onChange={(impairments) => onEdit({ impairments })}
      />
      <QueueFields
        queue={queue}
        path={`${path}.queue`}
        issues={issues}
        testPrefix={testPrefix}
        paramPrefix={testPrefix === 'link' ? 'queue-param' : `${testPrefix}-queue-param`}
        compact={compact}
        onChange={(q) => onEdit({ queue: q ?? { type: 'droptail', params: {} } })}
      />
    </>
  );
}

/** A stored buffer as text ("30 packets", "64 KB"); the default when unset. */
function bufferText(v: unknown): string {
  if (v === undefined) return '100 packets';
  if (!canonicalOf('buffer', v)) return String(v);
  const q = splitQuantity('buffer', v);
  return `${q.text} ${q.unit}`;
}

export { withParam } from './QueueFields';
