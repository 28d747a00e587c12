/**
 * The Demos panel (header "Demos", key D): the lecture kit's ready demonstrations, each with its
 * title and one-line point. One click opens a demo — through the scenario store's `replace`, the
 * lab's open path, so it loads paused at 0 s and Undo brings the previous work back — after
 * asking "Replace / Keep my work" over edited work as presets do; the panel closes and the
 * teacher's note (DemoNote) shows.
 */
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { demos, findDemo, type Demo } from '@cclab/engine';
import { useLab, type Lab } from '../lab';
import { DrawerToggle } from '../DrawerToggle';
import { demoStore } from './demoStore';
import '../sweep/sweep.css';
import './demos.css';

const PANEL_ID = 'demos-panel';

export function DemosButton() {
  const open = useStore(demoStore, (s) => s.open);
  return (
    <DrawerToggle
      open={open}
      controls={PANEL_ID}
      testId="demos-toggle"
      title="Ready demonstrations for a lecture, each with a teacher's note (D)"
      onToggle={() => demoStore.getState().setOpen(!open)}
    >
      Demos
    </DrawerToggle>
  );
}

function typing(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  return (
    !!el && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA' || el.isContentEditable)
  );
}

/** D opens and closes the Demos panel (not while typing, nor with the split view open). */
export function useDemoKeys(): void {
  const lab = useLab();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'd' || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      if (lab.ui.getState().split) return;
      e.preventDefault();
      demoStore.getState().setOpen(!demoStore.getState().open);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [lab]);
}

/** Opens `demo` (undoably, paused at 0 s), closes the panel and unfolds its note. */
export function openDemo(lab: Lab, demo: Demo): void {
  if (lab.ui.getState().split) lab.ui.getState().setSplit(null);
  lab.scenario.getState().replace(demo.scenario());
  demoStore.setState({ open: false, confirming: null, noteFolded: false, stageNoteOpen: false });
  lab.ui
    .getState()
    .showToast(`Opened the demo “${demo.title}”, ready at 0 s — Undo (Ctrl+Z) brings back the previous scenario.`);
  // keyboard users land on the note the demo came with
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="demo-note-toggle"]')?.focus());
}

export function DemosPanel() {
  const lab = useLab();
  const open = useStore(demoStore, (s) => s.open);
  const confirming = useStore(demoStore, (s) => s.confirming);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useDemoKeys();
  // the drawer comes last in the page: opening it takes the focus there, so Tab walks its entries
  useEffect(() => {
    if (open) titleRef.current?.focus();
  }, [open]);
  if (!open) return null;
  const close = () => {
    demoStore.getState().setOpen(false);
    document.querySelector<HTMLButtonElement>('[data-testid="demos-toggle"]')?.focus();
  };
  const choose = (d: Demo) => {
    const st = lab.scenario.getState();
    // work edited since it was opened is not replaced without asking (as the presets do)
    if (st.scenario !== st.openedAs) demoStore.getState().setConfirming(d.id);
    else openDemo(lab, d);
  };
  const pending = confirming ? findDemo(confirming) : undefined;
  return (
    <section
      id={PANEL_ID}
      className="sweep-panel demos-panel"
      aria-label="Demos"
      data-testid="demos-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <header className="sweep-head">
        <h2 ref={titleRef} tabIndex={-1}>
          Demos
        </h2>
        <button type="button" className="btn btn-small" aria-label="Close the demos panel" onClick={close}>
          ×
        </button>
      </header>
      <p className="sweep-help">
        Ready demonstrations for a lecture. Each opens paused at 0 s and makes its point within 20 simulated seconds;
        its teacher’s note says what to show, what to ask the room and what to change live. Opening one replaces the
        scenario (Undo brings it back).
      </p>
      {pending && (
        <div className="reproduction-confirm" role="alertdialog" aria-label="Replace the scenario in the editor?">
          <p>
            The editor holds work with changes. Replace it with the demo “{pending.title}”? Undo (Ctrl+Z) brings it
            back.
          </p>
          <button type="button" className="btn btn-primary" onClick={() => openDemo(lab, pending)} autoFocus>
            Replace
          </button>{' '}
          <button type="button" className="btn" onClick={() => demoStore.getState().setConfirming(null)}>
            Keep my work
          </button>
        </div>
      )}
      <ol className="demo-list">
        {demos.map((d) => (
          <li key={d.id}>
            <button
              type="button"
              className="demo-entry"
              data-testid={`demo-open-${d.id}`}
              aria-describedby={`demo-point-${d.id}`}
              onClick={() => choose(d)}
            >
              {d.title}
            </button>
            <p id={`demo-point-${d.id}`} className="demo-point">
              {d.point}
            </p>
          </li>
        ))}
      </ol>
      <p className="sweep-help small">
        From the command line: <code>npx cclab demo list</code>, <code>npx cclab demo check ID</code> (each demo’s point
        checked over its first 20 s), <code>npx cclab run --preset demo-ID</code>.
      </p>
    </section>
  );
}
