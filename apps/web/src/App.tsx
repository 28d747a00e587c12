import { useStore } from 'zustand';
import { useLab } from './lab';
import { TopologyCanvas } from './editor/TopologyCanvas';
import { Toolbar } from './editor/Toolbar';
import { useKeyboardShortcuts } from './editor/useKeyboardShortcuts';
import { RunControls } from './run/RunControls';
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
import { ReproductionsButton, ReproductionsPanel } from './reproductions/ReproductionsPanel';
import { BufferSizingButton, BufferSizingPanel } from './sizing/BufferSizingPanel';

export function App() {
  const lab = useLab();
  const name = useStore(lab.scenario, (s) => clipText(String(s.scenario.name ?? 'Untitled scenario'), 200));
  useScenarioSync();
  useKeyboardShortcuts();
  return (
    <div className="app">
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
        <SweepButton />
        <ReproductionsButton />
        <BufferSizingButton />
        <ScenarioMenu />
      </header>
      <Notices />
      <main className="workspace">
        <div className="stage">
          <RunControls />
          <div className="editor">
            <Toolbar />
            <TopologyCanvas />
          </div>
          <ChartsPanel />
        </div>
        <aside className="sidebar" aria-label="Inspector and flows">
          <ProblemsPanel />
          <FlowsPanel />
          <Inspector />
        </aside>
      </main>
      <SweepPanel />
      <ReproductionsPanel />
      <BufferSizingPanel />
      <DropZone />
    </div>
  );
}
