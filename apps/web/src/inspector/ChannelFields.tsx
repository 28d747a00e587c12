/**
 * The channel of one link direction (registry `channel` models): fixed, a delivery trace
 * (Mahimahi format: a shipped trace from the list, or a file imported from disk) or Rayleigh
 * fading. On a base station's downlink only the UE's own fading parameters are shown; slot,
 * bandwidth and AMC table are the base station's.
 */
import { useId, useRef, useState } from 'react';
import { getRegistry, parseMahimahiTrace, type ChannelSpec, type ScenarioIssue } from '@cclab/engine';
import { FieldIssues } from './FieldIssues';
import { ParamForm } from './ParamForm';

/** Parameters a UE's channel takes on a base station's downlink (the engine's FADING_KEYS). */
const UE_KEYS = ['meanSnrDb', 'dopplerHz', 'sinusoids'];

export function ChannelFields({
  channel,
  path,
  issues,
  fromBs,
  label,
  testPrefix,
  onChange,
}: {
  channel: ChannelSpec | undefined;
  /** Scenario path of this direction's channel, for matching validation issues. */
  path: string;
  issues: readonly ScenarioIssue[];
  /** The direction leaves a base station (a radio downlink). */
  fromBs: boolean;
  label: string;
  testPrefix: string;
  onChange(c: ChannelSpec | undefined): void;
}) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const models = getRegistry().channel;
  const type = channel?.type ?? 'fixed';
  const info = models.find((m) => m.id === type);
  const params = channel?.params ?? {};
  const specs = (info?.params ?? []).filter((p) => {
    if (type === 'rayleigh' && fromBs) return UE_KEYS.includes(p.key);
    // a trace's timestamps come from a file (below), not typed in
    if (type === 'trace') return p.key !== 'ms';
    return true;
  });
  const customTimes = type === 'trace' && Array.isArray(params['ms']) ? (params['ms'] as unknown[]) : [];
  const myIssues = issues.filter((i) => i.path === path || i.path.startsWith(`${path}.`));

  const importFile = async (file: File) => {
    const parsed = parseMahimahiTrace(await file.text());
    if (!parsed.ok) {
      setImportError(`${file.name}: ${parsed.error}`);
      return;
    }
    setImportError(null);
    onChange({ type: 'trace', params: { ...params, preset: 'custom', ms: parsed.timesMs } });
  };

  return (
    <fieldset className="direction channel" data-testid={`${testPrefix}-channel`}>
      <legend className="mono">{label}</legend>
      <div className="field">
        <label htmlFor={id}>Channel</label>
        <select
          id={id}
          data-testid={`${testPrefix}-channel-type`}
          value={type}
          aria-invalid={myIssues.some((i) => i.path === `${path}.type`) || undefined}
          title={info ? `${info.description} (${info.citation})` : undefined}
          onChange={(e) =>
            onChange(
              e.target.value === 'fixed'
                ? undefined
                : { type: e.target.value, params: e.target.value === 'rayleigh' && fromBs ? { meanSnrDb: 9 } : {} },
            )
          }
        >
          {models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
          {!info && <option value={type}>{type} (unknown)</option>}
        </select>
      </div>
      {type === 'rayleigh' && fromBs && (
        <p className="muted small">A radio downlink: the base station serves it in TDMA slots at the AMC rate.</p>
      )}
      {info && specs.length > 0 && (
        <ParamForm
          specs={specs}
          values={params}
          path={`${path}.params`}
          issues={issues}
          testPrefix={`${testPrefix}-channel-param`}
          onChange={(k, v) => {
            const next = { ...params };
            if (v === undefined) delete next[k];
            else next[k] = v;
            // leaving "custom" drops the imported timestamps (the engine reads them only with it)
            if (k === 'preset' && v !== 'custom') delete next['ms'];
            onChange({ type, params: next });
          }}
        />
      )}
      {type === 'trace' && (
        <div className="field trace-import">
          <button
            type="button"
            className="btn"
            data-testid={`${testPrefix}-trace-import`}
            title="A Mahimahi packet-delivery trace: one millisecond timestamp per line (mm-link's format)"
            onClick={() => fileRef.current?.click()}
          >
            Import Mahimahi trace…
          </button>
          <input
            ref={fileRef}
            type="file"
            accept=".trace,.txt,.up,.down,text/plain"
            hidden
            data-testid={`${testPrefix}-trace-file`}
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void importFile(f);
              e.target.value = '';
            }}
          />
          {customTimes.length > 0 && (
            <span className="muted small" data-testid={`${testPrefix}-trace-summary`}>
              {customTimes.length.toLocaleString('en-US')} opportunities over{' '}
              {((Number(customTimes[customTimes.length - 1]) || 0) / 1000).toFixed(1)} s
            </span>
          )}
        </div>
      )}
      {importError && (
        <p className="field-issues" role="alert">
          {importError}
        </p>
      )}
      <FieldIssues issues={myIssues.filter((i) => i.path === path || i.path === `${path}.type`)} />
    </fieldset>
  );
}
