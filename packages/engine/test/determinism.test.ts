import { describe, expect, it } from 'vitest';
import { Simulation } from '../src/Simulation.js';
import { defaultScenario } from '../src/presets/presets.js';
import type { ScenarioInput } from '../src/scenario/types.js';
import { pathScenario } from './harness.js';

function lossy(seed: number): ScenarioInput {
  return pathScenario({ transport: { type: 'tcp', cc: 'newreno' }, flows: 3, lossRate: 0.01, seed, duration: '20s' });
}

function fingerprint(sc: ScenarioInput): string {
  const sim = new Simulation(sc);
  const summary = sim.run();
  const series = sim.flows.map((f) => Array.from(f.series.column('cwnd')));
  return JSON.stringify({ summary, series, events: sim.flowEvents() });
}

describe('determinism', () => {
  it('the same scenario and seed give byte-identical results', () => {
    expect(fingerprint(lossy(7))).toBe(fingerprint(lossy(7)));
    expect(fingerprint(defaultScenario())).toBe(fingerprint(defaultScenario()));
  });

  it('a different seed changes a run that uses randomness', () => {
    expect(fingerprint(lossy(7))).not.toBe(fingerprint(lossy(8)));
  });

  it('adding a flow does not change the random numbers another flow draws', () => {
    // f0 is a CBR source with randomised gaps (its own stream "app:f0"); its send times must be
    // the same whether or not a second randomised source exists.
    const sendTimes = (flows: number) => {
      const sc = pathScenario({ transport: { type: 'udp' }, flows, seed: 3, duration: '2s' });
      for (const f of sc.flows) f.app = { type: 'cbr', params: { rate: '1Mbps', packetSize: '500B', randomize: true } };
      const sim = new Simulation(sc);
      const times: number[] = [];
      const s0 = sim.flows[0]!.sender;
      const write = s0.write.bind(s0);
      s0.write = (b: number) => {
        times.push(sim.nowNs);
        write(b);
      };
      sim.run();
      return times;
    };
    const alone = sendTimes(1);
    expect(alone.length).toBeGreaterThan(400);
    expect(sendTimes(2)).toEqual(alone);
    expect(sendTimes(4)).toEqual(alone);
  });
});
