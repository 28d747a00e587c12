import { describe, expect, it } from 'vitest';
import type { ScenarioInput } from '@cclab/engine';
import { chartedPorts, portChoices, withPortCharted } from './chartedPorts';

/** s0 — r1 — r2 — d0: two host links and the bottleneck. */
const dumbbell: ScenarioInput = {
  version: 1,
  name: 't',
  seed: 1,
  duration: '1s',
  nodes: [
    { id: 's0', kind: 'host', x: 0, y: 0 },
    { id: 'r1', kind: 'router', x: 1, y: 0 },
    { id: 'r2', kind: 'router', x: 2, y: 0 },
    { id: 'd0', kind: 'host', x: 3, y: 0 },
  ],
  links: [
    { a: 's0', b: 'r1', rate: '5Mbps', delay: '1ms' },
    { a: 'r1', b: 'r2', rate: '10Mbps', delay: '10ms' },
    { a: 'r2', b: 'd0', rate: '100Mbps', delay: '1ms' },
  ],
  flows: [],
} as unknown as ScenarioInput;

describe('charted ports', () => {
  it('lists both directions of every link and says which leave a host', () => {
    expect(portChoices(dumbbell)).toEqual([
      { name: 's0->r1', hostEgress: true },
      { name: 'r1->s0', hostEgress: false },
      { name: 'r1->r2', hostEgress: false },
      { name: 'r2->r1', hostEgress: false },
      { name: 'r2->d0', hostEgress: false },
      { name: 'd0->r2', hostEgress: true },
    ]);
  });

  it('defaults to the ports not leaving a host, as the engine probes without probes.ports', () => {
    expect(chartedPorts(dumbbell)).toEqual(['r1->s0', 'r1->r2', 'r2->r1', 'r2->d0']);
  });

  it('charts a host egress port by making probes.ports explicit, in link order', () => {
    const s = withPortCharted(dumbbell, 's0->r1', true);
    expect(s.probes?.ports).toEqual(['s0->r1', 'r1->s0', 'r1->r2', 'r2->r1', 'r2->d0']);
    const t = withPortCharted({ ...dumbbell, probes: { interval: '10ms', ports: ['r1->r2'] } }, 's0->r1', true);
    expect(t.probes).toEqual({ interval: '10ms', ports: ['s0->r1', 'r1->r2'] });
    expect(withPortCharted(t, 'r1->r2', false).probes?.ports).toEqual(['s0->r1']);
  });
});
