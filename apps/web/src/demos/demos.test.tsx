// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { applyDemoChange, defaultScenario, demos, findDemo } from '@cclab/engine';
import { createLab, LabContext, type Lab } from '../lab';
import type { WorkerLike } from '../worker/SimClient';
import { liveEdit } from '../run/liveChanges';
import { changeIsApplied, demoEdit, demoOfScenario } from './demoChanges';
import { DemosPanel } from './DemosPanel';
import { DemoNote } from './DemoNote';
import { demoStore } from './demoStore';

const idleWorker = (): WorkerLike => ({ onmessage: null, terminate: () => {}, postMessage: () => {} });

function mount(): Lab {
  const lab = createLab(defaultScenario(), idleWorker);
  render(
    <LabContext.Provider value={lab}>
      <DemoNote placement="sidebar" />
      <DemosPanel />
    </LabContext.Provider>,
  );
  return lab;
}

afterEach(() => {
  cleanup();
  demoStore.setState({ open: false, confirming: null, noteFolded: false, stageNoteOpen: false });
});

describe('demo changes (pure)', () => {
  it('knows each demo by its scenario’s name, and no demo once renamed', () => {
    for (const d of demos) expect(demoOfScenario(d.scenario())).toBe(d);
    expect(demoOfScenario({ ...demos[0]!.scenario(), name: 'My copy' })).toBeNull();
    expect(demoOfScenario(defaultScenario())).toBeNull();
  });

  it('a change made during a run becomes a timed event at that time, and counts as in effect', () => {
    const d = findDemo('bufferbloat')!;
    const change = d.note.changes[0]!;
    const s = d.scenario();
    expect(changeIsApplied(s, change)).toBe(false);
    // what the scenario store does with the edit while a run is at 7.5 s (run/liveChanges.ts)
    const next = liveEdit(s, demoEdit(change, '7.5s'), 7.5e9)!;
    expect(next.links).toEqual(s.links); // the scenario's own fields keep the run's start
    // one change for the whole link, which stays the same both ways
    expect(next.events).toEqual([{ at: '7.5s', link: 'a2-b2', queue: { type: 'fq-codel' } }]);
    expect(changeIsApplied(next, change)).toBe(true);
    expect(changeIsApplied(next, d.note.changes[1]!)).toBe(false);
  });

  it('a start/stop change is an event at the given time, in effect once recorded', () => {
    const d = findDemo('wireless-schedulers')!;
    const change = d.note.changes[0]!;
    const next = demoEdit(change, '3s')(d.scenario());
    expect(next.events).toEqual([
      { at: '3s', flow: 'to-A2', action: 'stop' },
      { at: '3s', flow: 'to-B2', action: 'stop' },
    ]);
    expect(changeIsApplied(next, change)).toBe(true);
  });
});

describe('Demos panel and teacher’s note', () => {
  it('opens a demo in one click through replace (undoable), closes the panel, shows the note', () => {
    const lab = mount();
    act(() => demoStore.getState().setOpen(true));
    fireEvent.click(screen.getByRole('button', { name: 'RTT unfairness' }));
    expect(lab.scenario.getState().scenario.name).toBe('Demo: RTT unfairness');
    expect(lab.scenario.getState().openedAs).toBe(lab.scenario.getState().scenario);
    expect(screen.queryByTestId('demos-panel')).toBeNull();
    const note = screen.getByRole('region', { name: 'Teacher’s note' });
    expect(note.textContent).toContain(findDemo('rtt-unfairness')!.note.ask);
    // folded, then reopened
    fireEvent.click(screen.getByTestId('demo-note-toggle'));
    expect(screen.getByTestId('demo-note-toggle').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(findDemo('rtt-unfairness')!.note.ask)).toBeNull();
    fireEvent.click(screen.getByTestId('demo-note-toggle'));
    expect(screen.getByText(findDemo('rtt-unfairness')!.note.ask)).toBeTruthy();
    // Undo brings the previous scenario back, and its note goes
    act(() => lab.scenario.getState().undo());
    expect(lab.scenario.getState().scenario.name).toBe(defaultScenario().name);
    expect(screen.queryByTestId('demo-note')).toBeNull();
  });

  it('asks before replacing edited work: Keep my work keeps it, Replace opens the demo', () => {
    const lab = mount();
    act(() => {
      lab.scenario.getState().apply((s) => ({ ...s, name: 'My work' }));
      demoStore.getState().setOpen(true);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Incast: many synchronized senders, one shallow buffer' }));
    expect(screen.getByRole('alertdialog', { name: 'Replace the scenario in the editor?' })).toBeTruthy();
    expect(lab.scenario.getState().scenario.name).toBe('My work');
    fireEvent.click(screen.getByRole('button', { name: 'Keep my work' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(lab.scenario.getState().scenario.name).toBe('My work');
    fireEvent.click(screen.getByRole('button', { name: 'Incast: many synchronized senders, one shallow buffer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect(lab.scenario.getState().scenario.name).toBe('Demo: incast');
  });

  it('a change button before Play edits the scenario, then shows as in effect; a missing link is named', () => {
    const lab = mount();
    const d = findDemo('slow-start')!;
    act(() => lab.scenario.getState().replace(d.scenario()));
    fireEvent.click(screen.getByRole('button', { name: 'Shrink the buffer to 10 packets' }));
    expect(lab.scenario.getState().scenario).toEqual(applyDemoChange(d.scenario(), d.note.changes[0]!));
    expect((screen.getByTestId('demo-change-0') as HTMLButtonElement).disabled).toBe(true);
    // the user deleted the bottleneck: the change says which link it needs, nothing changes
    act(() =>
      lab.scenario.getState().apply((s) => ({ ...s, links: s.links.filter((l) => l.a !== 'r1' || l.b !== 'r2') })),
    );
    const before = lab.scenario.getState().scenario;
    fireEvent.click(screen.getByRole('button', { name: 'Halve the bottleneck to 5 Mb/s' }));
    expect(lab.scenario.getState().scenario).toBe(before);
    expect(lab.ui.getState().toast?.text).toContain('no link "r1-r2"');
  });
});
