/**
 * The split view: two variants of the current scenario side by side, one clock and one
 * seed, two workers — e.g. NewReno against CUBIC on the same network. The lab's own scenario and
 * run are left as they are (paused) and come back when the view is left. The choice of what
 * differs travels in the share link (`&split=`, splitLink.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { getRegistry } from '@cclab/engine';
import { useLab } from '../../lab';
import { shareUrl } from '../../codec/urlCodec';
import { compareRows } from '../pinnedRun';
import { CompareRowsTable } from '../ComparePanel';
import { SplitPicker } from './SplitPicker';
import { SplitControls } from './SplitControls';
import { SplitPane } from './SplitPane';
import { SplitSession } from './SplitSession';
import { hashWithSplit } from './splitLink';
import { defaultSplitChoice, splitFields, splitVariants, type SplitIssue } from './splitVariants';
import './split.css';

const NO_ISSUES: readonly SplitIssue[] = [];

/** Opens the split view (next to Compare in the Summary panel). */
export function SplitViewButton() {
  const lab = useLab();
  const open = () => {
    const sc = lab.scenario.getState().scenario;
    const choice = defaultSplitChoice(sc, splitFields(sc, getRegistry()));
    if (!choice) {
      lab.ui.getState().showToast('The split view needs a flow or a link to vary; this scenario has neither.');
      return;
    }
    lab.sim.pause();
    lab.ui.getState().setSplit(choice);
  };
  return (
    <button
      type="button"
      className="btn btn-small"
      data-testid="split-view"
      title="Run two variants of this scenario side by side with one clock and one seed (e.g. NewReno vs CUBIC)"
      onClick={open}
    >
      Split view
    </button>
  );
}

function useSplitKeys(session: SplitSession | null): void {
  useEffect(() => {
    if (!session) return;
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.ctrlKey || e.metaKey || e.altKey || !t) return;
      if (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.tagName === 'BUTTON') return;
      if (e.key === ' ') {
        e.preventDefault();
        if (session.active) session.pause();
        else session.play();
      } else if (e.key === '.') session.step();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session]);
}

function SplitTable({ session }: { session: SplitSession }) {
  const compact = useStore(useLab().ui, (s) => s.presentation);
  const a = useStore(session.a.run, (s) => s.summary);
  const b = useStore(session.b.run, (s) => s.summary);
  if (!a || !b) return null;
  return (
    <CompareRowsTable
      rows={compareRows(a, b)}
      label="Figures of both runs with the differences"
      caption={`A at ${a.simulatedS.toFixed(2)} s · B at ${b.simulatedS.toFixed(2)} s · Δ = B − A`}
      testId="split-table"
      compact={compact}
    />
  );
}

export function SplitView() {
  const lab = useLab();
  const choice = useStore(lab.ui, (s) => s.split);
  const scenario = useStore(lab.scenario, (s) => s.scenario);
  const fields = useMemo(() => splitFields(scenario, getRegistry()), [scenario]);
  const result = useMemo(() => (choice ? splitVariants(scenario, choice, fields) : null), [scenario, choice, fields]);
  const [session, setSession] = useState<SplitSession | null>(null);
  useSplitKeys(session);

  useEffect(() => {
    if (!result?.ok) return;
    const s = new SplitSession(result, lab.spawnWorker, lab.run.getState().speed, (n) =>
      lab.ui.getState().pushNotice(n),
    );
    setSession(s);
    lab.ui.getState().setSplitSession(s);
    return () => {
      s.dispose();
      setSession(null);
      lab.ui.getState().setSplitSession(null);
    };
  }, [lab, result]);

  // presentation mode sizes the panes' charts and network as it sizes the lab's
  useEffect(() => {
    if (!session) return;
    const follow = (on: boolean) => {
      session.a.ui.getState().setPresentation(on);
      session.b.ui.getState().setPresentation(on);
    };
    follow(lab.ui.getState().presentation);
    return lab.ui.subscribe((s) => follow(s.presentation));
  }, [lab, session]);

  // the address bar holds the split, so a copied address opens it again
  useEffect(() => {
    const write = (c: typeof choice) =>
      history.replaceState(null, '', `${location.pathname}${location.search}${hashWithSplit(location.hash, c)}`);
    write(choice);
    return () => write(null);
  }, [choice]);

  if (!choice) return null;
  const copyLink = async () => {
    const url = new URL(shareUrl(location.href, lab.scenario.getState().serialize()));
    url.hash = hashWithSplit(url.hash, choice);
    try {
      await navigator.clipboard.writeText(url.toString());
      lab.ui.getState().showToast('Link copied — it opens this split view of the scenario.');
    } catch {
      history.replaceState(null, '', url.toString());
      lab.ui.getState().showToast('The browser did not allow copying: the link is in the address bar.');
    }
  };

  return (
    // the page's main content while it is open (the lab's workspace is hidden meanwhile)
    <main className="split-view" aria-label="Split view" data-testid="split-view-panel">
      <div className="split-top">
        <h2 className="split-heading">Split view</h2>
        <SplitPicker
          scenario={scenario}
          fields={fields}
          choice={choice}
          issues={result && !result.ok ? result.issues : NO_ISSUES}
          onApply={(c) => lab.ui.getState().setSplit(c)}
        />
        <span className="split-top-actions">
          <button
            type="button"
            className="btn btn-small"
            data-testid="split-copy-link"
            title="Copy a link that opens this split view of the scenario"
            onClick={() => void copyLink()}
          >
            Copy split link
          </button>
          <button
            type="button"
            className="btn btn-small"
            data-testid="split-leave"
            title="Back to the lab, the scenario as it was"
            onClick={() => lab.ui.getState().setSplit(null)}
          >
            Leave split view
          </button>
        </span>
      </div>
      {session && result?.ok && (
        <>
          <SplitControls session={session} what={result.what} />
          <div className="split-panes">
            <SplitPane lab={session.a} side="A" label={result.labelA} value={result.valueA} />
            <SplitPane lab={session.b} side="B" label={result.labelB} value={result.valueB} />
          </div>
          <SplitTable session={session} />
        </>
      )}
    </main>
  );
}
