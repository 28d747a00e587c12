// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { defaultScenario } from '@cclab/engine';
import { createLab, LabContext, type LabStorage } from '../lab';
import { BACKUP_KEY, type KeyValueStore } from '../codec/autosave';
import type { WorkerLike } from '../worker/SimClient';
import { Notices } from './Notices';

const idleWorker = (): WorkerLike => ({ postMessage: () => {}, onmessage: null, terminate: () => {} });

function storeWith(data: Record<string, string>): KeyValueStore {
  return {
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => void (data[k] = v),
    removeItem: (k) => void delete data[k],
  };
}

afterEach(cleanup);

function labWithBackup(backup: string | null) {
  const local = storeWith(backup === null ? {} : { [BACKUP_KEY]: backup });
  const storage: LabStorage = { local, tab: storeWith({}), problem: null };
  const lab = createLab(defaultScenario(), idleWorker, storage);
  lab.ui.getState().pushNotice({
    kind: 'error',
    title: 'This link does not hold a usable scenario',
    issues: [],
    canRestoreBackup: true,
  });
  render(
    <LabContext.Provider value={lab}>
      <Notices />
    </LabContext.Provider>,
  );
  return lab;
}

describe('restoring earlier work from a notice', () => {
  it('brings the backup back', () => {
    const lab = labWithBackup(JSON.stringify({ ...defaultScenario(), name: 'earlier' }));
    fireEvent.click(screen.getByTestId('restore-backup'));
    expect(lab.scenario.getState().scenario.name).toBe('earlier');
    lab.sim.terminate();
  });

  it('says so when the backup is unreadable or gone, and leaves the scenario as it is', () => {
    for (const backup of ['{"version":1,', null]) {
      const lab = labWithBackup(backup);
      fireEvent.click(screen.getByTestId('restore-backup'));
      expect(lab.scenario.getState().scenario.name).toBe(defaultScenario().name);
      expect(lab.ui.getState().notices.at(-1)?.title).toMatch(/could not be brought back/);
      lab.sim.terminate();
      cleanup();
    }
  });
});
