import { describe, expect, it } from 'vitest';
import { Simulation, validateScenario, type ScenarioInput } from '../src/index.js';

const scenario: ScenarioInput = {
  version: 1,
  name: 'two flows',
  duration: '2s',
  nodes: [
    { id: 'a', kind: 'host' },
    { id: 'r', kind: 'router' },
    { id: 'b', kind: 'host' },
  ],
  links: [
    { a: 'a', b: 'r', rate: '10Mbps', delay: '5ms' },
    { a: 'r', b: 'b', rate: '2Mbps', delay: '10ms', buffer: '20 packets' },
  ],
  flows: [
    { id: 'f0', from: 'a', to: 'b', transport: { type: 'tcp', cc: 'newreno' }, app: { type: 'bulk' } },
    { id: 'f1', from: 'a', to: 'b', transport: { type: 'tcp', cc: 'cubic' }, app: { type: 'bulk' } },
  ],
} as unknown as ScenarioInput;

describe('the brief summary (what the lab shows while a run plays)', () => {
  it('is the whole summary without the ports’ per-flow throughput maps, everything else as it is', () => {
    const sim = new Simulation(validateScenario(scenario));
    sim.runUntil(2e9);
    const full = sim.summary();
    // the maps are there to leave out: the bottleneck carried both flows
    expect(full.ports.some((p) => Object.keys(p.flowThroughputBps).length === 2)).toBe(true);
    const brief = sim.briefSummary();
    expect(brief.ports.every((p) => !('flowThroughputBps' in p))).toBe(true);
    const restored = {
      ...brief,
      ports: brief.ports.map((p, i) => ({ ...p, flowThroughputBps: full.ports[i]!.flowThroughputBps })),
    };
    expect(restored).toEqual(full);
  });

  it('leaves the whole summary’s field order as it was (the CLI’s JSON is unchanged)', () => {
    const sim = new Simulation(validateScenario(scenario));
    sim.runUntil(1e9);
    const full = sim.summary();
    expect(Object.keys(full)).toEqual([
      'scenario',
      'seed',
      'durationS',
      'simulatedS',
      'events',
      'flows',
      'ports',
      'jainGoodput',
      'aggregateGoodputBps',
    ]);
    expect(Object.keys(full.ports[0]!).at(-1)).toBe('flowThroughputBps');
    expect(Object.keys(full.ports[0]!)[0]).toBe('name');
  });
});
