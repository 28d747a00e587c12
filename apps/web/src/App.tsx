import { useStore } from 'zustand';
import { useLab } from './lab';
import { TopologyCanvas } from './editor/TopologyCanvas';
import { Toolbar } from './editor/Toolbar';
import { useKeyboardShortcuts } from './editor/useKeyboardShortcuts';
import { RunControls } from './run/RunControls';
import { Timeline } from './run/Timeline';
import { Inspector } from './inspector/Inspector';
import { FlowsPanel } from './flows/FlowsPanel';
import { ChartsPanel } from './charts/ChartsPanel';
import { ScenarioMenu } from './share/ScenarioMenu';
import { DropZone } from './share/DropZone';
import { useScenarioSync } from './share/useScenarioSync';
import { Notices } from './notices/Notices';
import { clipText } from './clipText';
import { ProblemsPanel } from './notices/ProblemsPanel';
import { SweepButton, SweepPanel } from './sweep/SweepPanel';
import { ExercisesButton, ExercisesPanel } from './exercises/ExercisesPanel';
import { TraceButton, TracePanel } from './trace/TracePanel';
import { ReproductionsButton, ReproductionsPanel } from './reproductions/ReproductionsPanel';
import { SummaryPanel } from './summary/SummaryPanel';
import { PresentationButton, usePresentationKeys } from './present/PresentationMode';
import { BufferSizingButton, BufferSizingPanel } from './sizing/BufferSizingPanel';
import { InstallButton, UpdateNotice } from './pwa/PwaControls';
import { PrintParameters } from './present/PrintParameters';
import { SplitView } from './compare/split/SplitView';
import { RecentWorkPanel } from './share/RecentWork';
import { DemosButton, DemosPanel } from './demos/DemosPanel';
import { DemoNote } from './demos/DemoNote';

export function App() {
  const lab = useLab();
  const name = useStore(lab.scenario, (s) => clipText(String(s.scenario.name ?? 'Untitled scenario'), 200));
  useScenarioSync();
  useKeyboardShortcuts();
  usePresentationKeys();
  const presenting = useStore(lab.ui, (s) => s.presentation);
  // the split view takes the workspace's place; the workspace stays as it was, hidden
  const splitOpen = useStore(lab.ui, (s) => s.split !== null);
  return (
    <div className={presenting ? 'app presenting' : 'app'}>
      <header className="app-header">
        <div className="brand">
          <span className="logo" aria-hidden="true">
            ⌁
          </span>{' '}
          cclab
        </div>
        <h1 className="scenario-title" title={name} data-testid="scenario-title">
          {name}
        </h1>
        <DemosButton />
        <ExercisesButton />
        <SweepButton />
        <TraceButton />
        <ReproductionsButton />
        <BufferSizingButton />
        <ScenarioMenu />
        <InstallButton />
        <PresentationButton />
      </header>
      <UpdateNotice />
      <Notices />
      {splitOpen && <SplitView />}
      <main className="workspace" hidden={splitOpen}>
        <div className="stage">
          <RunControls />
          <Timeline />
          <div className="editor">
            <Toolbar />
            <TopologyCanvas />
            <DemoNote placement="stage" />
          </div>
          <ChartsPanel />
        </div>
        <aside className="sidebar" aria-label="Inspector and flows">
          <DemoNote placement="sidebar" />
          <ProblemsPanel />
          <FlowsPanel />
          <Inspector />
          <PrintParameters />
          <SummaryPanel />
        </aside>
      </main>
      <DemosPanel />
      <SweepPanel />
      <ExercisesPanel />
      <TracePanel />
      <ReproductionsPanel />
      <BufferSizingPanel />
      <RecentWorkPanel />
      <DropZone />
    </div>
  );
}
