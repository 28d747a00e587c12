// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { defaultScenario, presets, type ScenarioInput } from '@cclab/engine';
import { createLab, LabContext, type Lab } from '../lab';
import type { WorkerLike } from '../worker/SimClient';
import { SimController } from '../worker/SimController';
import type { FromWorker, ToWorker } from '../worker/protocol';
import { playsOnOpen } from '../codec/urlCodec';
import { useScenarioSync } from './useScenarioSync';

/** A worker that loads with a real controller and answers at once; it records every command. */
function recordingWorker(log: ToWorker[]): () => WorkerLike {
  return () => {
    const ctl = new SimController(() => 0);
    const w: WorkerLike = {
      onmessage: null,
      terminate: () => {},
      postMessage: (m: ToWorker) => {
        log.push(m);
        if (m.type !== 'load') return;
        const r = ctl.load(m.runId, m.scenario);
        const reply: FromWorker = r.ok
          ? { v: 1, type: 'loaded', runId: m.runId, meta: r.meta }
          : { v: 1, type: 'invalid', runId: m.runId, issues: r.issues };
        queueMicrotask(() => w.onmessage?.({ data: reply } as MessageEvent<FromWorker>));
      },
    };
    return w;
  };
}

function Sync() {
  useScenarioSync();
  return null;
}

async function mount(initial: ScenarioInput = defaultScenario()): Promise<{ lab: Lab; log: ToWorker[] }> {
  const log: ToWorker[] = [];
  const lab = createLab(initial, recordingWorker(log));
  render(
    <LabContext.Provider value={lab}>
      <Sync />
    </LabContext.Provider>,
  );
  await act(async () => {
    await Promise.resolve();
  });
  return { lab, log };
}

const types = (log: ToWorker[]) => log.filter((m) => m.type !== 'ping').map((m) => m.type);

beforeEach(() => history.replaceState(null, '', '/'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('opening a scenario does not start a run by itself', () => {
  it('the first scenario loads and waits at time zero', async () => {
    const { lab, log } = await mount();
    expect(types(log)).toEqual(['load']);
    expect(lab.run.getState().status).toBe('paused');
    expect(lab.run.getState().nowNs).toBe(0);
  });

  it('a link that says `&play` plays at once', async () => {
    history.replaceState(null, '', '/#s=abc&play');
    const { log } = await mount();
    expect(types(log)).toEqual(['load', 'play']);
  });

  it('a preset opened while a run plays loads paused; an edit of a playing run keeps it playing', async () => {
    const { lab, log } = await mount();
    act(() => lab.sim.play());
    expect(lab.run.getState().status).toBe('playing');
    log.length = 0;
    await act(async () => {
      lab.scenario.getState().replace(presets.find((p) => p.id === 'bufferbloat')!.scenario());
      await Promise.resolve();
    });
    expect(types(log)).toEqual(['load']);
    expect(lab.run.getState().status).toBe('paused');
    act(() => lab.sim.play());
    log.length = 0;
    // a structural edit (a new node) restarts the run and it goes on playing
    await act(async () => {
      lab.scenario.getState().apply((s) => ({ ...s, nodes: [...s.nodes, { id: 'extra', kind: 'host' }] }));
      await Promise.resolve();
    });
    expect(types(log)).toEqual(['load', 'play']);
  });
});

describe('opening during a run', () => {
  it('loads afresh at 0 s, also a scenario that differs from the running one only in its recorded changes', async () => {
    const { lab, log } = await mount();
    act(() => lab.sim.play());
    // the run is under way (a frame from the worker would say so; set it as one would)
    act(() => lab.run.setState({ nowNs: 3e9 }));
    log.length = 0;
    const withChange = { ...defaultScenario(), version: 2, events: [{ at: '1s', flow: 'f0', cc: 'cubic' }] };
    await act(async () => {
      lab.scenario.getState().replace(withChange);
      await Promise.resolve();
    });
    expect(types(log)).toEqual(['load']);
    expect(lab.run.getState().nowNs).toBe(0);
    // the very same scenario opened again (an exercise's Reset scenario) starts again too
    act(() => lab.sim.play());
    act(() => lab.run.setState({ nowNs: 2e9 }));
    log.length = 0;
    await act(async () => {
      lab.scenario.getState().replace(withChange);
      await Promise.resolve();
    });
    expect(types(log)).toEqual(['load']);
  });
});

describe('playsOnOpen', () => {
  it('reads the flag in any position, with or without a value', () => {
    expect(playsOnOpen('#s=abc&play')).toBe(true);
    expect(playsOnOpen('#play&s=abc')).toBe(true);
    expect(playsOnOpen('#s=abc&play=1')).toBe(true);
    expect(playsOnOpen('#s=abc&play=true')).toBe(true);
    expect(playsOnOpen('#s=abc&play=0')).toBe(false);
    expect(playsOnOpen('#s=abc')).toBe(false);
    expect(playsOnOpen('#s=abc&player=1')).toBe(false);
    expect(playsOnOpen('')).toBe(false);
  });
});
