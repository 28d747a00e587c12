/**
 * The Sweep panel: vary one field of the current scenario over a list of values — or run a sweep
 * file (a shipped one such as the seed 004 scheme × scheduler grid, or an imported one) — on a
 * pool of Web Workers with progress and Cancel; plot each chosen metric against the values with
 * its 95 % confidence interval, or tabulate a multi-parameter sweep. The one-parameter sweep
 * travels in the link (`&sweep=`) like the scenario does.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { getRegistry, runRowsCsv, sweepRunRows, type ScenarioInput } from '@cclab/engine';
import { useLab } from '../lab';
import { shareUrl } from '../codec/urlCodec';
import { exportCsv } from '../charts/exportChart';
import { metricChoices, sweepFields, type MetricChoice, type SweepField } from './sweepFields';
import { hashWithSweep } from './sweepLink';
import { draftOf, MAX_LAB_SEEDS, type SweepForm } from './sweepStore';
import { sweepStore } from './sweepSetup';
import { traceStore } from '../trace/traceStore';
import { SweepChart } from './SweepChart';
import { SweepFileSection } from './SweepFileSection';
import { SweepTables } from './SweepTables';
import { SweepSourcePicker } from './SweepSourcePicker';
import { SampleFiles } from '../samples/SampleFiles';
import { varyingParameters } from './sweepGrid';
import { SweepFieldOptions } from './SweepFieldOptions';
import './sweep.css';
import { DrawerToggle } from '../DrawerToggle';

const PANEL_ID = 'sweep-panel';

export function SweepButton() {
  const open = useStore(sweepStore, (s) => s.open);
  return (
    <DrawerToggle
      open={open}
      controls={PANEL_ID}
      testId="sweep-toggle"
      title="Sweep a parameter over values and seeds, and plot the metrics with confidence intervals"
      onToggle={() => {
        if (!open) traceStore.setState({ open: false });
        sweepStore.getState().setOpen(!open);
      }}
    >
      Sweep
    </DrawerToggle>
  );
}

/** The default form: the bottleneck's buffer (the first router–router link), its goodput and queue. */
function defaultForm(sc: ScenarioInput, fields: readonly SweepField[], choices: readonly MetricChoice[]): SweepForm {
  const routers = new Set(sc.nodes.filter((n) => n.kind === 'router').map((n) => n.id));
  const bottleneck = sc.links.find((l) => routers.has(l.a) && routers.has(l.b)) ?? sc.links[0];
  const id = bottleneck ? (bottleneck.id ?? `${bottleneck.a}-${bottleneck.b}`) : undefined;
  const field = fields.find((f) => f.path === `links[${id}].buffer`) ?? fields[0];
  const queue = bottleneck ? `meanQueuePackets[${bottleneck.a}->${bottleneck.b}]` : undefined;
  return {
    path: field?.path ?? '',
    valuesText: field?.suggested ?? '',
    seeds: 2,
    startJitter: 0.5,
    metrics: ['aggregateGoodputBps', ...(queue && choices.some((c) => c.key === queue) ? [queue] : [])],
  };
}

export function SweepPanel() {
  const lab = useLab();
  const scenario = useStore(lab.scenario, (s) => s.scenario);
  const st = useStore(sweepStore);
  const fields = useMemo(() => sweepFields(scenario, getRegistry()), [scenario]);
  const choices = useMemo(() => metricChoices(scenario, getRegistry()), [scenario]);
  const ids = {
    param: useId(),
    values: useId(),
    seeds: useId(),
    jitter: useId(),
    metric: useId(),
  };
  const [adding, setAdding] = useState('');

  useEffect(() => {
    if (st.open && st.form === null) sweepStore.setState({ form: defaultForm(scenario, fields, choices) });
  }, [st.open, st.form, scenario, fields, choices]);
  useEffect(() => () => sweepStore.getState().cancel(), []);

  if (!st.open || !st.form) return null;
  const form = st.form;
  const field = fields.find((f) => f.path === form.path);
  const running = st.status === 'running';
  const set = (patch: Partial<SweepForm>) => sweepStore.getState().setForm(patch);

  const copyLink = async () => {
    const url = new URL(shareUrl(location.href, scenario));
    url.hash = hashWithSweep(url.hash, draftOf(form, field, choices));
    history.replaceState(null, '', url.toString());
    try {
      await navigator.clipboard.writeText(url.toString());
      lab.ui.getState().showToast('Link copied — it holds the scenario and this sweep.');
    } catch {
      lab.ui.getState().showToast('The browser did not allow copying: the link is in the address bar.');
    }
  };

  const file = st.file;
  const result = st.result;
  const doneRecords = result?.records ?? [];
  const seedsPerPoint = result?.plan.seeds.length ?? 1;
  const perPoint = new Map<string, number>();
  for (const r of doneRecords) perPoint.set(r.point, (perPoint.get(r.point) ?? 0) + 1);
  const pointsDone = [...perPoint.values()].filter((n) => n >= seedsPerPoint).length;
  const tables = result !== null && (result.fromFile || varyingParameters(result.plan).length > 1);

  const elapsedS = (performance.now() - st.startedMs) / 1000;
  const eta = st.done > 0 && running ? Math.round((elapsedS / st.done) * (st.total - st.done)) : null;

  return (
    <section id={PANEL_ID} className="sweep-panel" aria-label="Sweep" data-testid="sweep-panel">
      <header className="sweep-head">
        <h2>Sweep</h2>
        <button
          type="button"
          className="btn btn-small"
          aria-label="Close the sweep panel"
          onClick={() => sweepStore.getState().setOpen(false)}
        >
          ×
        </button>
      </header>
      {file ? (
        <p className="sweep-help">
          Runs every point × seed of a sweep file on {navigator.hardwareConcurrency || 2} workers, as{' '}
          <code>cclab sweep</code> does; two varying parameters give tables (rows × columns), with the mean over seeds
          and its 95 % confidence interval.
        </p>
      ) : (
        <p className="sweep-help">
          Runs the current scenario once per value and seed on {navigator.hardwareConcurrency || 2} workers and plots
          the mean over seeds with its 95 % confidence interval. Seeds differ by the flows’ start times (start jitter).
        </p>
      )}
      <SweepSourcePicker running={running} />
      <SampleFiles />
      {file && <SweepFileSection running={running} />}
      {!file && (
        <div className="sweep-form">
          <label htmlFor={ids.param}>Parameter</label>
          <select
            id={ids.param}
            value={form.path}
            disabled={running}
            onChange={(e) => {
              const f = fields.find((x) => x.path === e.target.value);
              set({ path: e.target.value, valuesText: f?.suggested ?? '' });
            }}
          >
            <SweepFieldOptions fields={fields} current={form.path} />
          </select>
          <label htmlFor={ids.values}>Values{field?.unit ? ` (${field.unit.trim()})` : ''}</label>
          <input
            id={ids.values}
            type="text"
            value={form.valuesText}
            disabled={running}
            placeholder={field?.options ? field.options.join(', ') : '10, 20, 50'}
            title={field?.options ? `One or more of: ${field.options.join(', ')}` : 'Comma-separated values'}
            onChange={(e) => set({ valuesText: e.target.value })}
          />
          <label htmlFor={ids.seeds}>Seeds</label>
          <input
            id={ids.seeds}
            type="number"
            min={1}
            max={MAX_LAB_SEEDS}
            value={form.seeds}
            disabled={running}
            onChange={(e) => set({ seeds: Math.max(1, Math.round(Number(e.target.value)) || 1) })}
          />
          <label htmlFor={ids.jitter}>Start jitter (s)</label>
          <input
            id={ids.jitter}
            type="number"
            min={0}
            step={0.1}
            value={form.startJitter}
            disabled={running}
            onChange={(e) => set({ startJitter: Math.max(0, Number(e.target.value) || 0) })}
          />
        </div>
      )}
      {!file && (
        <fieldset className="sweep-metrics" disabled={running}>
          <legend>Metrics</legend>
          <ul>
            {form.metrics.map((k) => {
              const c = choices.find((x) => x.key === k);
              return (
                <li key={k}>
                  <span>
                    {c ? c.label : k}
                    {c?.unit ? <span className="muted"> ({c.unit})</span> : null}
                  </span>
                  <button
                    type="button"
                    className="btn btn-small"
                    aria-label={`Remove metric ${c?.label ?? k}`}
                    onClick={() => set({ metrics: form.metrics.filter((x) => x !== k) })}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
          <label htmlFor={ids.metric} className="sr-only">
            Add a metric
          </label>
          <select
            id={ids.metric}
            value={adding}
            onChange={(e) => {
              const k = e.target.value;
              if (k && !form.metrics.includes(k)) set({ metrics: [...form.metrics, k] });
              setAdding('');
            }}
          >
            <option value="">Add a metric…</option>
            {choices
              .filter((c) => !form.metrics.includes(c.key))
              .map((c) => (
                <option key={c.key} value={c.key}>
                  {c.label}
                  {c.unit ? ` (${c.unit})` : ''}
                </option>
              ))}
          </select>
        </fieldset>
      )}
      <div className="sweep-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={running}
          onClick={() =>
            file ? sweepStore.getState().startFile() : sweepStore.getState().start(scenario, field, choices)
          }
        >
          Run sweep
        </button>
        <button type="button" className="btn" disabled={!running} onClick={() => sweepStore.getState().cancel()}>
          Cancel
        </button>
        <button
          type="button"
          className="btn"
          disabled={file !== null}
          title={file ? 'A link holds a one-parameter sweep; share the sweep file itself' : undefined}
          onClick={() => void copyLink()}
        >
          Copy sweep link
        </button>
        <button
          type="button"
          className="btn"
          disabled={!result || result.records.length === 0}
          onClick={() =>
            result && exportCsv(runRowsCsv(result.plan, sweepRunRows(result.plan, result.records)), 'sweep-runs.csv')
          }
        >
          Runs CSV
        </button>
      </div>
      {(running || st.status === 'done' || st.status === 'cancelled') && (
        <div className="sweep-progress">
          <div
            className="sweep-bar"
            role="progressbar"
            aria-label="Sweep progress"
            aria-valuemin={0}
            aria-valuemax={st.total}
            aria-valuenow={st.done}
          >
            <div style={{ width: `${st.total ? (100 * st.done) / st.total : 0}%` }} />
          </div>
          <span data-testid="sweep-status">
            {st.status === 'cancelled'
              ? `Cancelled after ${st.done} of ${st.total} runs`
              : st.status === 'done'
                ? `Done: ${st.total} runs`
                : `${st.done}/${st.total} runs${eta !== null ? ` · about ${eta} s left` : ''}`}
          </span>
          {result && (
            <span className="muted small" data-testid="sweep-points-done">
              {pointsDone} of {result.plan.points.length} points complete
            </span>
          )}
        </div>
      )}
      {st.problems.length > 0 && (
        <ul className="sweep-problems" role="alert">
          {st.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {tables && result.records.length > 0 && <SweepTables result={result} />}
      {result && !tables && result.records.length > 0 && (
        <div className="sweep-charts">
          {result.plan.metrics.map((m) => (
            <SweepChart key={m.name} result={result} metric={m.name} />
          ))}
        </div>
      )}
    </section>
  );
}
