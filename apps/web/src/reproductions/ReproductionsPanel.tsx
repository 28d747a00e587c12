/**
 * The Reproductions gallery: every entry the engine registers (packages/engine/reproductions),
 * by study, as a drawer beside the editor like the Sweep panel. Opening an entry shows what it
 * reproduces, its recorded result at once, and lets it be loaded into the editor or run.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { findReproduction, reproductions, studies } from '@cclab/engine/reproductions';
import { galleryGroups } from './galleryModel';
import { reproductionStore } from './reproductionSetup';
import { ReproductionEntry } from './ReproductionEntry';
import './reproductions.css';
import { DrawerToggle } from '../DrawerToggle';

const PANEL_ID = 'reproductions-panel';

export function ReproductionsButton() {
  const open = useStore(reproductionStore, (s) => s.open);
  return (
    <DrawerToggle
      open={open}
      controls={PANEL_ID}
      testId="reproductions-toggle"
      title="Published experiments of the seed studies: the paper's numbers beside ours"
      onToggle={() => reproductionStore.getState().setOpen(!open)}
    >
      Reproductions
    </DrawerToggle>
  );
}

export function ReproductionsPanel() {
  const open = useStore(reproductionStore, (s) => s.open);
  const selectedId = useStore(reproductionStore, (s) => s.selectedId);
  const groups = useMemo(() => galleryGroups(reproductions, studies), []);
  const listRef = useRef<HTMLParagraphElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const spec = selectedId ? findReproduction(selectedId) : undefined;
  useEffect(() => () => reproductionStore.getState().cancel(), []);
  // the drawer comes last in the page: opening it takes the focus there, so Tab walks its entries
  useEffect(() => {
    if (open && !reproductionStore.getState().selectedId) titleRef.current?.focus();
  }, [open]);
  if (!open) return null;
  const close = () => {
    reproductionStore.getState().setOpen(false);
    document.querySelector<HTMLButtonElement>('[data-testid="reproductions-toggle"]')?.focus();
  };
  return (
    <section
      id={PANEL_ID}
      className="sweep-panel reproductions-panel"
      aria-label="Reproductions"
      data-testid="reproductions-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <header className="sweep-head">
        <h2 ref={titleRef} tabIndex={-1}>
          Reproductions
        </h2>
        <button type="button" className="btn btn-small" aria-label="Close the reproductions panel" onClick={close}>
          ×
        </button>
      </header>
      {spec ? (
        <ReproductionEntry
          spec={spec}
          onBack={() => {
            reproductionStore.getState().select(null);
            requestAnimationFrame(() => listRef.current?.focus());
          }}
        />
      ) : (
        <>
          <p className="sweep-help" ref={listRef} tabIndex={-1}>
            Each entry reproduces one figure or table of a seed study: the paper’s numbers beside ours, the claims
            checked with their verdicts, and every ambiguity noted. The same entries run with{' '}
            <code>npx cclab reproduce ID</code>; <code>docs/reproductions.md</code> lists them all.
          </p>
          {groups.map((g) => (
            <section key={g.study} className="reproduction-study" aria-labelledby={`study-${g.study}`}>
              <h3 id={`study-${g.study}`}>
                Seed {g.study}: {g.title}
              </h3>
              <p className="muted small">{g.source}</p>
              {g.entries.length === 0 ? (
                <p className="muted small">No entries yet.</p>
              ) : (
                <ul className="reproduction-list">
                  {g.entries.map((e) => (
                    <li key={e.id}>
                      <button
                        type="button"
                        className="reproduction-open"
                        data-testid={`open-${e.id}`}
                        onClick={() => reproductionStore.getState().select(e.id)}
                      >
                        <span className="reproduction-figure">{e.figure}:</span> {e.title}
                        <span className="muted small">
                          {' '}
                          · {e.id} · {e.runs} runs
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </>
      )}
    </section>
  );
}
