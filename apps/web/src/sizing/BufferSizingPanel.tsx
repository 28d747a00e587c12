/**
 * The Buffer-sizing panel. First the rules for a link of the scenario side by side
 * (LinkBufferRules: bandwidth-delay product, C × RTT / √N, LbLCA, the buffer now). Then seed 000
 * §6.2.1: the discrete-time LbLCA model's minimum router
 * buffers for a topology template and arrival rates, plotted against the outgoing capacity, and
 * each router's occupancy share over the model's steps at the minimum buffers of the first
 * capacity, drawn against the set points b_l and b_u. Runs in a Web Worker (the same engine code as
 * `cclab buffer-size`).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { create } from 'zustand';
import { useStore } from 'zustand';
import { drawChart, type DrawInput } from '../charts/drawChart';
import { portColor, type LineSeries } from '../charts/chartData';
import { exportCsv } from '../charts/exportChart';
import { ChartLegend } from '../charts/ChartLegend';
import type { SizingReply } from './sizing.worker';
import { checkSizingForm, DEFAULT_SIZING_FORM, type SizingForm, type SizingRow, type SizingTrace } from './sizingModel';
import { sweepStore } from '../sweep/sweepSetup';
import '../sweep/sweep.css';
import { DrawerToggle } from '../DrawerToggle';
import { LinkBufferRules } from './LinkBufferRules';

const PANEL_ID = 'sizing-panel';
const W = 470;
const H = 240;

interface SizingState {
  open: boolean;
  running: boolean;
  rows: SizingRow[];
  trace: SizingTrace | null;
  error: string | null;
}
const sizingStore = create<SizingState>(() => ({ open: false, running: false, rows: [], trace: null, error: null }));

export function BufferSizingButton() {
  const open = useStore(sizingStore, (s) => s.open);
  return (
    <DrawerToggle
      open={open}
      controls={PANEL_ID}
      testId="sizing-toggle"
      title="Buffer sizes for a link: bandwidth-delay product, C × RTT / √N, seed 000's LbLCA model"
      onToggle={() => {
        if (!open) sweepStore.getState().setOpen(false);
        sizingStore.setState({ open: !open });
      }}
    >
      Buffer sizing
    </DrawerToggle>
  );
}

const numbers = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '')
    .map(Number);

const NOTHING_HIDDEN: ReadonlySet<string> = new Set();
const noToggle = () => {};

function Plot({
  lines,
  xLabel,
  yLabel,
  testId,
}: {
  lines: LineSeries[];
  xLabel: string;
  yLabel: string;
  testId: string;
}) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    let x0 = Infinity;
    let x1 = -Infinity;
    for (const l of lines)
      for (const v of l.x) {
        x0 = Math.min(x0, v);
        x1 = Math.max(x1, v);
      }
    if (!(x1 > x0)) [x0, x1] = [0, 1];
    const inp: DrawInput = {
      width: W,
      height: H,
      lines,
      hidden: NOTHING_HIDDEN,
      xDomain: [x0, x1],
      yLabel,
      xLabel,
      markers: [],
      cursor: null,
    };
    drawChart(ref.current, inp);
  }, [lines, xLabel, yLabel]);
  return (
    <>
      <ChartLegend lines={lines} hidden={NOTHING_HIDDEN} onToggle={noToggle} />
      <svg ref={ref} width={W} height={H} data-testid={testId} data-lines={lines.length} />
    </>
  );
}

export function BufferSizingPanel() {
  const st = useStore(sizingStore);
  const [form, setForm] = useState<SizingForm>(DEFAULT_SIZING_FORM);
  const [lambdaText, setLambdaText] = useState(DEFAULT_SIZING_FORM.lambdasMbps.join(', '));
  const [capText, setCapText] = useState(DEFAULT_SIZING_FORM.capacitiesMbps.join(', '));
  const worker = useRef<Worker | null>(null);
  const runId = useRef(0);
  const ids = { t: useId(), r: useId(), l: useId(), c: useId(), p: useId(), k: useId(), q: useId(), s: useId() };
  useEffect(() => () => worker.current?.terminate(), []);

  const current: SizingForm = { ...form, lambdasMbps: numbers(lambdaText), capacitiesMbps: numbers(capText) };
  const problems = checkSizingForm(current);

  const run = (form: SizingForm = current) => {
    worker.current?.terminate();
    const w = new Worker(new URL('./sizing.worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    const id = ++runId.current;
    sizingStore.setState({ running: true, rows: [], trace: null, error: null });
    w.onmessage = (ev: MessageEvent<SizingReply>) => {
      const m = ev.data;
      if (m.id !== runId.current) return;
      if (m.type === 'row') sizingStore.setState((s) => ({ rows: [...s.rows, m.row] }));
      else if (m.type === 'trace') sizingStore.setState({ trace: m.trace, running: false });
      else sizingStore.setState({ error: m.message, running: false });
    };
    w.postMessage({ id, form });
  };
  /** The model at one capacity (a link's, from the rules): the capacities field says so. */
  const runAt = (capacityMbps: number) => {
    setCapText(String(capacityMbps));
    run({ ...current, capacitiesMbps: [capacityMbps] });
  };
  const lblcaRows = st.rows.map((r) => ({
    capacityMbps: r.capacityMbps,
    bufferMb: r.buffersMb.length > 0 ? Math.max(...r.buffersMb) : NaN,
  }));

  const bufferLines = useMemo((): LineSeries[] => {
    const first = st.rows[0];
    if (!first) return [];
    return first.routerIds.map((rid, i) => ({
      key: `b:${rid}`,
      label: rid,
      color: portColor(i + 1),
      x: Float64Array.from(st.rows, (r) => r.capacityMbps),
      y: Float64Array.from(st.rows, (r) => r.buffersMb[i] ?? NaN),
    }));
  }, [st.rows]);

  const traceLines = useMemo((): LineSeries[] => {
    const t = st.trace;
    if (!t) return [];
    const n = t.share[0]?.length ?? 0;
    const x = Float64Array.from({ length: n }, (_, k) => k);
    const flat = (v: number) => new Float64Array(n).fill(v);
    return [
      ...t.routerIds.map((rid, i) => ({
        key: `o:${rid}`,
        label: `${rid} Θ/B`,
        color: portColor(i + 1),
        x,
        y: t.share[i]!,
      })),
      { key: 'bl', label: `b_l = ${t.bl}`, color: '#c0392b', dash: '6 3', x, y: flat(t.bl) },
      { key: 'bu', label: `b_u = ${t.bu}`, color: '#c0392b', dash: '2 3', x, y: flat(t.bu) },
    ];
  }, [st.trace]);

  if (!st.open) return null;
  const set = (patch: Partial<SizingForm>) => setForm((f) => ({ ...f, ...patch }));
  const csv = () =>
    [
      ['capacity_mbps', ...(st.rows[0]?.routerIds.map((r) => `${r}_mb`) ?? [])].join(','),
      ...st.rows.map((r) => [r.capacityMbps, ...r.buffersMb].join(',')),
    ].join('\n') + '\n';

  return (
    <section id={PANEL_ID} className="sweep-panel" aria-label="Buffer sizing" data-testid="sizing-panel">
      <header className="sweep-head">
        <h2>Buffer sizing</h2>
        <button type="button" className="btn btn-small" onClick={() => sizingStore.setState({ open: false })}>
          Close
        </button>
      </header>
      <h3 className="sizing-subhead">Rules for a link of this scenario</h3>
      <LinkBufferRules lblca={lblcaRows} onComputeLblca={runAt} lblcaRunning={st.running} />
      <h3 className="sizing-subhead">LbLCA model (seed 000 §6.2.1)</h3>
      <p className="sweep-help">
        The thesis’s discrete-time model: routers start half full, and every step d = 1 s set their rates by eqs.
        6.5–6.6 from their neighbour’s feedback; Poisson arrivals. The minimum buffer of each router is the smallest
        that never overflows nor runs empty (no-loss) or never leaves [b_l·B, b_u·B] (band). Same code as{' '}
        <code>npx cclab buffer-size</code>.
      </p>
      <div className="sweep-form">
        <label htmlFor={ids.t}>Topology</label>
        <select
          id={ids.t}
          data-testid="sizing-topology"
          value={form.template}
          onChange={(e) => set({ template: e.target.value as SizingForm['template'] })}
        >
          <option value="linear">Linear chain</option>
          <option value="cross2">2-input cross</option>
          <option value="cross3">3-input cross</option>
        </select>
        {form.template === 'linear' && (
          <>
            <label htmlFor={ids.r}>Routers</label>
            <input
              id={ids.r}
              type="number"
              min={1}
              max={12}
              value={form.routers}
              onChange={(e) => set({ routers: Number(e.target.value) })}
            />
          </>
        )}
        <label htmlFor={ids.l}>λ (Mb/s)</label>
        <input
          id={ids.l}
          data-testid="sizing-lambda"
          value={lambdaText}
          onChange={(e) => setLambdaText(e.target.value)}
        />
        <label htmlFor={ids.c}>Capacities (Mb/s)</label>
        <input
          id={ids.c}
          data-testid="sizing-capacities"
          value={capText}
          onChange={(e) => setCapText(e.target.value)}
        />
        <label htmlFor={ids.p}>Set points</label>
        <select
          id={ids.p}
          value={form.preset}
          onChange={(e) => set({ preset: e.target.value as SizingForm['preset'] })}
        >
          <option value="matlab">Matlab §6.2 (0.2 / 0.8)</option>
          <option value="ns2">Algorithm 2, ns-2 (0.1 / 0.9)</option>
        </select>
        <label htmlFor={ids.k}>Criterion</label>
        <select
          id={ids.k}
          value={form.criterion}
          onChange={(e) => set({ criterion: e.target.value as SizingForm['criterion'] })}
        >
          <option value="no-loss">never overflow nor empty</option>
          <option value="band">stay inside [b_l·B, b_u·B]</option>
        </select>
        <label htmlFor={ids.q}>One arrival</label>
        <select
          id={ids.q}
          value={form.quantum}
          onChange={(e) => set({ quantum: e.target.value as SizingForm['quantum'] })}
        >
          <option value="1Mb">1 Mb (Matlab poissrnd in Mb)</option>
          <option value="1000B">one 1000-byte packet</option>
        </select>
        <label htmlFor={ids.s}>Steps</label>
        <input
          id={ids.s}
          type="number"
          min={10}
          max={2000}
          value={form.steps}
          onChange={(e) => set({ steps: Number(e.target.value) })}
        />
      </div>
      {problems.length > 0 && (
        <ul className="sweep-problems" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div>
        <button
          type="button"
          className="btn"
          data-testid="sizing-run"
          disabled={problems.length > 0 || st.running}
          onClick={() => run()}
        >
          {st.running ? `Sizing… (${st.rows.length}/${current.capacitiesMbps.length})` : 'Compute minimum buffers'}
        </button>{' '}
        {st.rows.length > 0 && (
          <button type="button" className="btn btn-small" onClick={() => exportCsv(csv(), 'buffer-sizing.csv')}>
            CSV
          </button>
        )}
      </div>
      {st.error && <p role="alert">{st.error}</p>}
      {st.rows.length > 0 && (
        <figure className="chart sweep-chart" aria-label="Minimum buffer against outgoing capacity">
          <figcaption className="chart-head">
            <span className="chart-title">Minimum buffer vs outgoing capacity</span>
          </figcaption>
          <Plot
            lines={bufferLines}
            xLabel="outgoing capacity (Mb/s)"
            yLabel="minimum buffer (Mb)"
            testId="sizing-buffers"
          />
          <table className="sizing-table" data-testid="sizing-table">
            <thead>
              <tr>
                <th>capacity</th>
                {st.rows[0]!.routerIds.map((r) => (
                  <th key={r}>{r} (Mb)</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {st.rows.map((r) => (
                <tr key={r.capacityMbps}>
                  <td>{r.capacityMbps}</td>
                  {r.buffersMb.map((b, i) => (
                    <td key={i}>{Number.isFinite(b) ? b.toFixed(0) : '—'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
      {st.trace && (
        <figure className="chart sweep-chart" aria-label="Occupancy against the set points">
          <figcaption className="chart-head">
            <span className="chart-title">
              Occupancy Θ/B at the minimum buffers, capacity {st.rows[0]?.capacityMbps} Mb/s
            </span>
          </figcaption>
          <Plot lines={traceLines} xLabel="step (d = 1 s)" yLabel="Θ/B" testId="sizing-trace" />
        </figure>
      )}
    </section>
  );
}
