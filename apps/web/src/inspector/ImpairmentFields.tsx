/**
 * A link direction's impairments (scenario `impairments`, engine net/LinkImpairment.ts): bursty
 * Gilbert–Elliott loss, delay jitter with or without reordering, and duplication, in a fold that
 * is open when the inspector shows a direction that has any. Under the burst-loss fields, what the chain amounts to: the
 * share of packets lost and how long a bad period lasts.
 */
import { useId, useState } from 'react';
import type { ImpairmentsSpec, ScenarioIssue } from '@cclab/engine';
import { FieldIssues } from './FieldIssues';
import { NumberInput } from './NumberInput';
import { QuantityInput } from './QuantityInput';
import { issuesAt } from './useScenarioIssues';

type BurstLoss = NonNullable<ImpairmentsSpec['burstLoss']>;

/** `o` with `patch` applied and the fields set to undefined removed; undefined when none is left. */
function patched<T extends object>(o: T | undefined, patch: Partial<T>): T | undefined {
  const next: Record<string, unknown> = { ...(o ?? {}), ...patch };
  for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
  return Object.keys(next).length > 0 ? (next as T) : undefined;
}

/** `spec` with `patch` applied; fields set to undefined are removed, and an empty spec is undefined. */
export function withImpairments(
  spec: ImpairmentsSpec | undefined,
  patch: Partial<ImpairmentsSpec>,
): ImpairmentsSpec | undefined {
  return patched(spec, patch);
}

/** "≈ 7.4 % of packets lost; a bad period lasts 4 packets on average", or null when incomplete. */
export function burstLossSummary(b: Partial<BurstLoss> | undefined): string | null {
  if (!b || typeof b.p !== 'number' || typeof b.r !== 'number' || !(b.p > 0) || !(b.r > 0)) return null;
  const bad = b.p / (b.p + b.r);
  const loss = (1 - bad) * (b.lossGood ?? 0) + bad * (b.lossBad ?? 1);
  const pct = loss * 100;
  const packets = 1 / b.r;
  return `≈ ${pct < 1 ? pct.toPrecision(2) : pct.toFixed(1)} % of packets lost; a bad period lasts ${packets < 10 ? packets.toPrecision(2) : packets.toFixed(0)} packets on average`;
}

export function ImpairmentFields({
  values,
  path,
  issues,
  testPrefix,
  onChange,
}: {
  values: ImpairmentsSpec | undefined;
  /** Scenario path of these impairments, for matching validation issues. */
  path: string;
  issues: readonly ScenarioIssue[];
  testPrefix: string;
  onChange(next: ImpairmentsSpec | undefined): void;
}) {
  const distId = useId();
  // open at first when the direction has impairments or a problem in them; after that the fold is
  // the user's (clearing the last field does not snap it shut under the cursor)
  const [openAtFirst] = useState(() => values !== undefined || issuesAt(issues, path).length > 0);
  const v = values ?? {};
  const b = v.burstLoss as Partial<BurstLoss> | undefined;
  const set = (patch: Partial<ImpairmentsSpec>) => onChange(withImpairments(values, patch));
  // an incomplete chain (p without r) is kept as typed: the validator names what is missing
  const setBurst = (k: keyof BurstLoss, n: number | undefined) =>
    set({ burstLoss: patched<Partial<BurstLoss>>(b, { [k]: n }) as ImpairmentsSpec['burstLoss'] });
  const summary = burstLossSummary(b);
  const burstField = (k: keyof BurstLoss, label: string, title: string, placeholder?: string) => (
    <>
      <NumberInput
        label={label}
        unit="probability"
        min={0}
        max={1}
        value={b?.[k]}
        placeholder={placeholder}
        title={title}
        testId={`${testPrefix}-burst-${k}`}
        invalid={issuesAt(issues, `${path}.burstLoss.${k}`).length > 0}
        onCommit={(n) => setBurst(k, n)}
      />
      <FieldIssues issues={issuesAt(issues, `${path}.burstLoss.${k}`)} />
    </>
  );
  return (
    <details className="impairments" open={openAtFirst || undefined} data-testid={`${testPrefix}-impairments`}>
      <summary>Impairments: burst loss, jitter, duplication</summary>
      <p className="muted small">Bursty loss (Gilbert–Elliott): a good and a bad state, stepped once per packet.</p>
      {burstField('p', 'Good → bad', 'Chance per packet that the link turns bad (netem p)')}
      {burstField(
        'r',
        'Bad → good',
        'Chance per packet that a bad link recovers (netem r); a bad period lasts 1/r packets',
      )}
      {burstField('lossBad', 'Loss while bad', 'Share of packets lost in the bad state (netem 1 − h)', '1')}
      {burstField('lossGood', 'Loss while good', 'Share of packets lost in the good state (netem 1 − k)', '0')}
      {summary && (
        <p className="muted small" data-testid={`${testPrefix}-burst-summary`}>
          {summary}
        </p>
      )}
      <FieldIssues issues={issues.filter((i) => i.path === `${path}.burstLoss`)} />
      <QuantityInput
        label="Jitter"
        kind="duration"
        value={v.jitter}
        placeholder="0 ms"
        title="Added to each packet's propagation delay: ± this (uniform) or its standard deviation"
        testId={`${testPrefix}-jitter`}
        invalid={issuesAt(issues, `${path}.jitter`).length > 0}
        onCommit={(j) => set({ jitter: j })}
      />
      <FieldIssues issues={issuesAt(issues, `${path}.jitter`)} />
      <div className="field">
        <label htmlFor={distId}>Jitter distribution</label>
        <select
          id={distId}
          value={v.jitterDistribution ?? 'uniform'}
          data-testid={`${testPrefix}-jitter-distribution`}
          aria-invalid={issuesAt(issues, `${path}.jitterDistribution`).length > 0 || undefined}
          onChange={(e) => {
            const d = e.target.value as NonNullable<ImpairmentsSpec['jitterDistribution']>;
            set({ jitterDistribution: d === 'uniform' ? undefined : d });
          }}
        >
          <option value="uniform">uniform (± jitter)</option>
          <option value="normal">normal (deviation = jitter)</option>
          <option value="pareto">Pareto (heavy tail, deviation = jitter)</option>
        </select>
      </div>
      <FieldIssues issues={issuesAt(issues, `${path}.jitterDistribution`)} />
      <label className="field checkbox" title="Without it a packet never arrives before the one sent ahead of it">
        <input
          type="checkbox"
          checked={v.reorder === true}
          data-testid={`${testPrefix}-reorder`}
          aria-invalid={issuesAt(issues, `${path}.reorder`).length > 0 || undefined}
          onChange={(e) => set({ reorder: e.target.checked ? true : undefined })}
        />
        Jitter may reorder packets
      </label>
      <FieldIssues issues={issuesAt(issues, `${path}.reorder`)} />
      <NumberInput
        label="Duplicate"
        unit="probability"
        min={0}
        max={1}
        value={v.duplicate}
        placeholder="0"
        title="Chance that a packet is queued and sent twice"
        testId={`${testPrefix}-duplicate`}
        invalid={issuesAt(issues, `${path}.duplicate`).length > 0}
        onCommit={(n) => set({ duplicate: n })}
      />
      <FieldIssues issues={issuesAt(issues, `${path}.duplicate`)} />
      <FieldIssues issues={issues.filter((i) => i.path === path)} />
    </details>
  );
}
