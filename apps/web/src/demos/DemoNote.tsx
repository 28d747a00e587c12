/**
 * The teacher's note of the open demo: what to show, what to ask the room (the answer behind a
 * disclosure, so a projected note does not give it away), and what to change live — each change a
 * button that makes it through the scenario store's ordinary `apply`, so during a run it becomes a
 * recorded live change at the current simulated time (docs/lab.md, "Live changes").
 *
 * Where it lives: while editing, at the top of the sidebar, unfolded — seen while preparing, and
 * taking none of the network's or the charts' room. In presentation mode the sidebar is hidden, so
 * the note moves to the network view's top-right corner (the toolbar and zoom buttons are hidden
 * there then), folded to a small "Teacher's note" button: nothing of it reaches the projector until
 * the lecturer unfolds it to make a change, and folds it again.
 */
import { useId } from 'react';
import { useStore } from 'zustand';
import type { DemoChange } from '@cclab/engine';
import { useLab } from '../lab';
import { formatEventTime } from '../run/liveChanges';
import { changeIsApplied, demoEdit, demoOfScenario } from './demoChanges';
import { demoStore } from './demoStore';

export function DemoNote({ placement }: { placement: 'sidebar' | 'stage' }) {
  const lab = useLab();
  const bodyId = useId();
  const presenting = useStore(lab.ui, (s) => s.presentation);
  const scenario = useStore(lab.scenario, (s) => s.scenario);
  const sidebarFolded = useStore(demoStore, (s) => s.noteFolded);
  const stageOpen = useStore(demoStore, (s) => s.stageNoteOpen);
  const demo = demoOfScenario(scenario);
  if (!demo || (placement === 'stage') !== presenting) return null;
  const folded = placement === 'sidebar' ? sidebarFolded : !stageOpen;
  const toggle = () =>
    placement === 'sidebar'
      ? demoStore.getState().setNoteFolded(!folded)
      : demoStore.getState().setStageNoteOpen(folded);

  const make = (c: DemoChange) => {
    const st = lab.scenario.getState();
    const nowNs = lab.run.getState().nowNs;
    const during = lab.sim.midRun;
    try {
      st.apply(demoEdit(c, formatEventTime(nowNs)));
    } catch (e) {
      lab.ui.getState().showToast(`“${c.label}” cannot be made here: ${(e as Error).message}`);
      return;
    }
    lab.ui
      .getState()
      .showToast(
        during
          ? `${c.label}: recorded at ${(nowNs / 1e9).toFixed(2)} s. ${c.effect}`
          : `${c.label}: the scenario is changed (undoable). ${c.effect}`,
      );
  };

  const changes = (
    <>
      <h3>Change live</h3>
      <ul className="demo-note-changes">
        {demo.note.changes.map((c, i) => {
          const applied = changeIsApplied(scenario, c);
          return (
            <li key={c.label}>
              <button
                type="button"
                className="btn btn-small"
                data-testid={`demo-change-${i}`}
                disabled={applied}
                onClick={() => make(c)}
              >
                {applied ? `✓ ${c.label}` : c.label}
              </button>
              <span className="demo-note-effect">
                {applied ? 'In effect. ' : ''}
                {c.effect}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="demo-note-help">
        Before Play a change edits the scenario; while a run is going it is recorded at the current time (a dashed line
        in the charts), and Undo takes it back.
      </p>
    </>
  );

  return (
    <section
      className={`demo-note demo-note-${placement}${folded ? ' demo-note-folded' : ''}`}
      aria-label="Teacher’s note"
      data-testid="demo-note"
    >
      <h2 className="demo-note-head">
        <button
          type="button"
          className="demo-note-toggle"
          data-testid="demo-note-toggle"
          aria-expanded={!folded}
          aria-controls={bodyId}
          title={folded ? 'Show the demo’s teacher’s note' : 'Fold the note away'}
          onClick={toggle}
        >
          <span aria-hidden="true">{folded ? '▸' : '▾'}</span> Teacher’s note
          {placement === 'sidebar' || !folded ? <span className="demo-note-title">: {demo.title}</span> : null}
        </button>
      </h2>
      {!folded && (
        <div id={bodyId} className="demo-note-body">
          <p className="demo-note-point">{demo.point}</p>
          {/* presenting, the changes come first: what the lecturer opens the note for mid-lecture */}
          {placement === 'stage' && changes}
          <h3>Show</h3>
          <p>{demo.note.show}</p>
          <h3>Ask the room</h3>
          <p>{demo.note.ask}</p>
          <details className="demo-note-answer">
            <summary>Answer</summary>
            <p>{demo.note.answer}</p>
          </details>
          {placement === 'sidebar' && changes}
        </div>
      )}
    </section>
  );
}
