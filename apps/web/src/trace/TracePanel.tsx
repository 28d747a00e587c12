/**
 * The Trace panel: download an ns-2 trace or a pcap of chosen ports for the current scenario,
 * bounded by a size limit — the lab's side of `cclab run --trace-ns2/--trace-pcap`. The trace is
 * recorded by a fresh run in its own worker (trace.worker.ts), so the lab's run is not disturbed.
 */
import { useEffect, useId, useRef } from 'react';
import { useStore } from 'zustand';
import { parseByteSize } from '@cclab/engine';
import { useLab } from '../lab';
import { downloadBlob } from '../charts/exportChart';
import { scenarioFileName } from '../codec/scenarioFile';
import { TRACE_FILE_TYPES, type TraceFormat, type TraceRequest } from './recordTrace';
import { traceStore } from './traceStore';
import { sweepStore } from '../sweep/sweepSetup';
import { reproductionStore } from '../reproductions/reproductionSetup';
import type { TraceWorkerReply } from './trace.worker';
import '../sweep/sweep.css';
import { DrawerToggle } from '../DrawerToggle';

const PANEL_ID = 'trace-panel';

export function TraceButton() {
  const open = useStore(traceStore, (s) => s.open);
  return (
    <DrawerToggle
      open={open}
      controls={PANEL_ID}
      testId="trace-toggle"
      title="Download a packet trace (ns-2 trace or pcap) of chosen ports"
      onToggle={() => {
        if (!open) {
          sweepStore.getState().setOpen(false);
          reproductionStore.getState().setOpen(false);
        }
        traceStore.setState({ open: !open });
      }}
    >
      Trace
    </DrawerToggle>
  );
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(bytes < 1e5 ? 3 : 1)} MB`;

export function TracePanel() {
  const lab = useLab();
  const st = useStore(traceStore);
  const meta = useStore(lab.run, (s) => s.meta);
  const worker = useRef<Worker | null>(null);
  const ids = { format: useId(), ports: useId(), limit: useId(), limitError: useId() };

  const stop = () => {
    worker.current?.terminate();
    worker.current = null;
  };
  useEffect(() => stop, []);

  if (!st.open) return null;
  const allPorts = meta?.ports.map((p) => p.name) ?? [];
  const chosen = (st.ports ?? meta?.probedPorts ?? []).filter((p) => allPorts.includes(p));
  const limit = parseByteSize(st.limitText);
  const running = st.status === 'running';
  const problem = !meta
    ? 'The scenario has problems to fix before it can run.'
    : chosen.length === 0
      ? 'Choose at least one port.'
      : null;

  const start = () => {
    if (!limit.ok || problem) return;
    stop();
    const scenario = lab.scenario.getState().serialize();
    const format = st.format;
    const req: TraceRequest = { scenario, format, ports: chosen, maxBytes: limit.value };
    const w = new Worker(new URL('./trace.worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    traceStore.setState({ status: 'running', fraction: 0, message: '' });
    w.onmessage = (ev: MessageEvent<TraceWorkerReply>) => {
      const m = ev.data;
      if (m.type === 'progress') return traceStore.setState({ fraction: m.fraction });
      stop();
      if (m.type === 'failed') return traceStore.setState({ status: 'failed', message: m.message });
      const base = scenarioFileName(scenario).replace(/\.cclab\.json$/, '');
      downloadBlob(m.blob, `${base}.${TRACE_FILE_TYPES[format].extension}`);
      const reached = `${(m.endNs / 1e9).toFixed(3)} s`;
      traceStore.setState({
        status: 'done',
        fraction: 1,
        message:
          `${m.records} records, ${mb(m.bytes)}` +
          (m.full
            ? ` — the size limit was reached at ${reached} of ${(m.durationNs / 1e9).toFixed(3)} s simulated; the file ends there.`
            : ` — the whole run (${reached}).`),
      });
    };
    w.onerror = (ev) => {
      stop();
      traceStore.setState({ status: 'failed', message: ev.message || 'the trace worker stopped' });
    };
    w.postMessage(req);
  };

  return (
    <section id={PANEL_ID} className="sweep-panel" aria-label="Packet trace" data-testid="trace-panel">
      <header className="sweep-head">
        <h2>Packet trace</h2>
        <button
          type="button"
          className="btn btn-small"
          aria-label="Close the trace panel"
          onClick={() => traceStore.setState({ open: false })}
        >
          ×
        </button>
      </header>
      <p className="sweep-help">
        Runs the current scenario once more in the background and records the chosen ports: an ns-2 trace (every packet
        entering, leaving, dropped at and arriving over them, as ns-2.35&rsquo;s trace-all writes it) or a pcap (every
        packet sent on them, with synthetic IP/TCP headers carrying the simulated sequence numbers, so Wireshark&rsquo;s
        TCP stream graphs open it). The run stops when the file reaches the size limit.
      </p>
      <div className="sweep-form">
        <label htmlFor={ids.format}>Format</label>
        <select
          id={ids.format}
          data-testid="trace-format"
          value={st.format}
          disabled={running}
          onChange={(e) => traceStore.setState({ format: e.target.value as TraceFormat })}
        >
          {(Object.keys(TRACE_FILE_TYPES) as TraceFormat[]).map((f) => (
            <option key={f} value={f}>
              {TRACE_FILE_TYPES[f].label}
            </option>
          ))}
        </select>
        <label htmlFor={ids.ports}>Ports</label>
        <select
          id={ids.ports}
          data-testid="trace-ports"
          multiple
          size={Math.min(8, Math.max(2, allPorts.length))}
          value={chosen}
          disabled={running}
          title="Ctrl-click or Shift-click to choose several"
          onChange={(e) => traceStore.setState({ ports: [...e.target.selectedOptions].map((o) => o.value) })}
        >
          {allPorts.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        <label htmlFor={ids.limit}>Size limit</label>
        <input
          id={ids.limit}
          type="text"
          data-testid="trace-limit"
          value={st.limitText}
          disabled={running}
          placeholder="10MB"
          aria-invalid={!limit.ok || undefined}
          aria-describedby={limit.ok ? undefined : ids.limitError}
          onChange={(e) => traceStore.setState({ limitText: e.target.value })}
        />
      </div>
      {!limit.ok && (
        <p className="field-issues" role="alert" id={ids.limitError}>
          Size limit: {limit.error}
        </p>
      )}
      {problem && <p className="sweep-help">{problem}</p>}
      <div className="sweep-actions">
        <button
          type="button"
          className="btn btn-primary"
          data-testid="trace-record"
          disabled={running || !limit.ok || problem !== null}
          onClick={start}
        >
          Record and download
        </button>
        <button
          type="button"
          className="btn"
          disabled={!running}
          onClick={() => {
            stop();
            traceStore.setState({ status: 'cancelled', message: 'Cancelled: nothing was downloaded.' });
          }}
        >
          Cancel
        </button>
      </div>
      {st.status !== 'idle' && (
        <div className="sweep-progress">
          {running && <progress max={1} value={st.fraction} aria-label="Trace progress" />}
          <span data-testid="trace-status" role="status">
            {running ? `Recording… ${(st.fraction * 100).toFixed(0)} %` : st.message}
          </span>
        </div>
      )}
    </section>
  );
}
