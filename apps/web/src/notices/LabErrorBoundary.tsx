/**
 * The last line of defence against a blank page: if rendering the lab throws, this shows what
 * happened instead, with the scenario (held outside React, so it survives) ready to export, and
 * a way to start the lab again.
 */
import { Component, type ReactNode } from 'react';
import type { Lab } from '../lab';
import { exportScenarioFile } from '../share/exportScenario';
import { clipMessage } from '../clipText';

interface Props {
  lab: Lab;
  children: ReactNode;
}

export class LabErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { lab } = this.props;
    return (
      <div className="lab-crashed" role="alert" data-testid="lab-crashed">
        <h1>The lab ran into an error it did not expect.</h1>
        <p>
          <code>{clipMessage(error.message || error.name)}</code>
        </p>
        <p>
          Your scenario “{String(lab.scenario.getState().scenario.name ?? 'Untitled')}” is still here: export it to a
          file, then reload the lab.
        </p>
        <div className="lab-crashed-actions">
          <button type="button" className="btn btn-primary" onClick={() => exportScenarioFile(lab)}>
            Export the scenario
          </button>
          <button type="button" className="btn" onClick={() => location.reload()}>
            Reload the lab
          </button>
          <button type="button" className="btn" onClick={() => this.setState({ error: null })}>
            Try to carry on
          </button>
        </div>
      </div>
    );
  }
}
