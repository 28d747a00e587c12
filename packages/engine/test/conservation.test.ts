import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_STRIDE } from '../src/net/Port.js';
import { Simulation } from '../src/Simulation.js';
import { ns2DumbbellScenario } from '../src/scenario/ns2Dumbbell.js';
import { pathScenario } from './harness.js';

/** Packets are conserved: per port, and end to end (created = delivered + dropped + in the network). */
function checkConservation(sim: Simulation): void {
  let queued = 0;
  let inFlight = 0;
  let dropped = 0;
  for (const p of sim.network.ports) {
    const s = p.disc.stats;
    // arrivals = departures + drops + queued (queue-discipline accounting identity)
    expect(s.arrivals).toBe(s.departures + s.drops + p.disc.lengthPackets);
    queued += p.disc.lengthPackets;
    inFlight += p.inFlight().length / IN_FLIGHT_STRIDE + (p.transmitting ? 1 : 0);
    dropped += s.drops + p.linkLosses;
  }
  const pool = sim.network.pool;
  // every packet alive is in a queue, on a wire, or being serialized
  expect(pool.live).toBe(queued + inFlight);
  expect(pool.freed).toBeGreaterThan(0);
  expect(dropped).toBeLessThanOrEqual(pool.freed);
}

describe('packet conservation', () => {
  it('holds at many points of a congested 4-flow dumbbell run', () => {
    const sim = new Simulation(ns2DumbbellScenario('c', { n: '4', T: '20', flows: 'Newreno,Sack,Reno,CBR:3Mb' }));
    for (let t = 1; t <= 20; t += 1.37) {
      sim.runUntil(t * 1e9);
      checkConservation(sim);
    }
  });

  it('holds with random link loss and drop-front queues', () => {
    const sc = pathScenario({
      transport: { type: 'tcp', cc: 'newreno' },
      flows: 3,
      lossRate: 0.02,
      duration: '10s',
      buffer: '20 packets',
    });
    sc.links[0]!.queue = { type: 'droptail', params: { dropFrom: 'front' } };
    const sim = new Simulation(sc);
    for (let t = 0.5; t <= 10; t += 0.5) {
      sim.runUntil(t * 1e9);
      checkConservation(sim);
    }
    expect(sim.network.portByName('r1->r2')!.disc.stats.dropsByReason.front).toBeGreaterThan(0);
  });
});
