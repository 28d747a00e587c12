import { describe, expect, it } from 'vitest';
import { Simulation } from '../src/Simulation.js';
import { validateScenario } from '../src/scenario/validate.js';
import { chainScenario, seed004GrowthScenario } from '../src/cli/growthScenarios.js';

describe('bench --growth scenarios', () => {
  it('runs seed 004 Random topology with its base station, along the paths of the spec (004-quic-tcp.md §2)', () => {
    const sc = seed004GrowthScenario(1);
    expect(sc.duration).toBe('1s');
    expect(sc.nodes.filter((n) => n.kind === 'bs').map((n) => n.id)).toEqual(['BS']);
    const sim = new Simulation(validateScenario(sc));
    expect(sim.network.nodes.length).toBe(42);
    const ids = (path: number[]) => path.map((n) => sim.network.nodes[n]!.id).join(' ');
    // three of the eleven, copied from the spec: the longest, a short wireless one and the shortest
    expect(ids(sim.flows[4]!.nodePath)).toBe('N26 N25 N15 N2 N22 N3 N29 N18 N4 GW1 GW2 RNC BS UE5');
    expect(ids(sim.flows[2]!.nodePath)).toBe('N7 N4 GW1 GW2 RNC BS UE3');
    expect(ids(sim.flows[6]!.nodePath)).toBe('N5 N2 N22 N3 N6');
    const hops = sim.flows.map((f) => f.forwardPorts.length);
    expect(Math.min(...hops)).toBe(4);
    expect(Math.max(...hops)).toBe(13);
  });

  it('gives every chain flow the number of hops asked for', () => {
    for (const h of [2, 3, 13]) {
      const sim = new Simulation(validateScenario(chainScenario({ flows: 3, rateBps: 1e8, hops: h, durationS: 1 })));
      expect(sim.flows.map((f) => f.forwardPorts.length)).toEqual([h, h, h]);
    }
  });
});
