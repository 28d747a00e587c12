// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { defaultScenario } from '@cclab/engine';
import { createLab, LabContext } from '../lab';
import type { WorkerLike } from '../worker/SimClient';
import { hashWithSplit, splitChoiceFromHash } from '../compare/split/splitLink';
import { useScenarioSync } from './useScenarioSync';

const idleWorker = (): WorkerLike => ({ postMessage: () => {}, onmessage: null, terminate: () => {} });

function Sync() {
  useScenarioSync();
  return null;
}

/** A lab with the address-bar sync running (an idle worker: nothing is simulated). */
function mountSync() {
  const lab = createLab(defaultScenario(), idleWorker);
  render(
    <LabContext.Provider value={lab}>
      <Sync />
    </LabContext.Provider>,
  );
  return lab;
}

beforeEach(() => {
  vi.useFakeTimers();
  history.replaceState(null, '', '/');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/**
 * The address bar holds the scenario (`#s=`, written 600 ms after an edit) and, while the split view
 * is open, its choice (`&split=`, written by the split view when it opens). The scenario's delayed
 * write must keep the split's part: an edit made just before the split opens (the lab's own first
 * write after loading, as in the split-view e2e test) must not drop it.
 */
describe('the address bar with the split view open', () => {
  it("keeps `&split=` when the scenario's link is written after the split opened", () => {
    const lab = mountSync();
    const choice = { path: 'flows[0].transport.cc', a: 'cubic', b: 'newreno' };
    act(() => {
      lab.ui.getState().setSplit(choice);
      // what SplitView does when it opens
      history.replaceState(null, '', `${location.pathname}${hashWithSplit(location.hash, choice)}`);
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(location.hash).toMatch(/^#s=[^&]+&split=/);
    expect(splitChoiceFromHash(location.hash)).toEqual(choice);
  });

  it('writes no split once the split view is closed', () => {
    mountSync();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(location.hash).toMatch(/^#s=[^&]+$/);
  });
});
