// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { defaultScenario } from '@cclab/engine';
import { createLab } from '../lab';
import type { WorkerLike } from '../worker/SimClient';
import { LabErrorBoundary } from './LabErrorBoundary';

const idleWorker = (): WorkerLike => ({ postMessage: () => {}, onmessage: null, terminate: () => {} });

function Thrower(): never {
  throw new RangeError('Maximum call stack size exceeded');
}

afterEach(cleanup);

describe('the lab’s error boundary', () => {
  it('shows what went wrong instead of a blank page, and keeps the scenario for export', () => {
    const lab = createLab({ ...defaultScenario(), name: 'Precious work' }, idleWorker);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the error too
    render(
      <LabErrorBoundary lab={lab}>
        <Thrower />
      </LabErrorBoundary>,
    );
    quiet.mockRestore();
    expect(screen.getByTestId('lab-crashed').textContent).toMatch(
      /ran into an error.*Maximum call stack size exceeded/,
    );
    expect(screen.getByTestId('lab-crashed').textContent).toMatch(/“Precious work” is still here/);
    const download = vi.fn();
    URL.createObjectURL = download.mockReturnValue('blob:x');
    URL.revokeObjectURL = () => {};
    fireEvent.click(screen.getByText('Export the scenario'));
    expect(download).toHaveBeenCalledOnce();
    lab.sim.terminate();
  });
});
