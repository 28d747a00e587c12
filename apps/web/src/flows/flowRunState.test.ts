import { describe, expect, it } from 'vitest';
import type { ScenarioInput } from '@cclab/engine';
import { flowRunState } from './flowRunState';

const base = {
  version: 2,
  duration: '30s',
  nodes: [],
  links: [],
  flows: [
    { id: 'f0', from: 'a', to: 'b', transport: { type: 'tcp' }, app: { type: 'bulk' } },
    { id: 'f1', from: 'a', to: 'b', start: '10s', stop: '20s', transport: { type: 'tcp' }, app: { type: 'bulk' } },
  ],
} as unknown as ScenarioInput;

describe('flowRunState', () => {
  it('follows the flow’s own start and stop times', () => {
    expect(flowRunState(base, 'f0', 0)).toBe('running');
    expect(flowRunState(base, 'f1', 9.9e9)).toBe('waiting');
    expect(flowRunState(base, 'f1', 10e9)).toBe('running');
    expect(flowRunState(base, 'f1', 20e9)).toBe('stopped');
  });
  it('a stop event stops a flow from its time on', () => {
    const s = { ...base, events: [{ at: '5.5s', flow: 'f0', action: 'stop' as const }] };
    expect(flowRunState(s, 'f0', 5.4e9)).toBe('running');
    expect(flowRunState(s, 'f0', 5.5e9)).toBe('stopped');
  });
  it('a start event starts a waiting flow early', () => {
    const s = { ...base, events: [{ at: 4, flow: 'f1', action: 'start' as const }] };
    expect(flowRunState(s, 'f1', 4e9)).toBe('running');
    expect(flowRunState(s, 'f0', 4e9)).toBe('running');
  });
});
