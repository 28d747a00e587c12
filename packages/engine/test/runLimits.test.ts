import { describe, expect, it } from 'vitest';
import { NoProgressError, PacketLimitError, SimulationError } from '../src/core/SimulationError.js';
import { PacketPool } from '../src/net/Packet.js';
import { defaultScenario } from '../src/presets/presets.js';
import { validateScenario } from '../src/scenario/validate.js';
import { Simulation } from '../src/Simulation.js';

/**
 * A run always makes progress and never exhausts the heap: engine limits stop it with an error
 * that names the part of the scenario responsible. Validation keeps these inputs out
 * of files; the tests build the resolved scenario in code to reach the engine with them.
 */
describe('engine limits during a run', () => {
  it('a TFRC flow whose initial rate is Infinity ("1e999bps") stops with no-progress, naming the flow', () => {
    const sc = defaultScenario();
    sc.flows[1]!.transport = { type: 'tfrc' };
    const resolved = validateScenario(sc);
    // what "initialRate": "1e999bps" parsed to before validation checked finiteness
    (resolved.flows[1]!.transportParams as Record<string, unknown>).initialRate = Infinity;
    const sim = new Simulation(resolved);
    let error: unknown = null;
    try {
      sim.runUntil(sim.durationNs);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NoProgressError);
    // flow f1 starts at 1 s (the default scenario): with a zero gap its sender spins right there
    expect((error as SimulationError).tNs).toBe(1e9);
    expect((error as Error).message).toBe(
      'no simulated-time progress in 1,000,000 events at t = 1.000000000 s: the run is stuck at one instant (flow f1 (bulk over tfrc) keeps scheduling events there)',
    );
  });

  it('a source outrunning a huge buffer stops at the packet cap, naming the port and the flow', () => {
    const sc = defaultScenario();
    sc.flows = [
      {
        id: 'video',
        from: 's0',
        to: 'd0',
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate: '12Mbps', packetSize: '1000B' } },
      },
    ];
    sc.links.find((l) => l.a === 'r1' && l.b === 'r2')!.buffer = '1000000 packets';
    const sim = new Simulation(sc, { maxLivePackets: 5000 });
    let error: unknown = null;
    try {
      sim.runUntil(sim.durationNs);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PacketLimitError);
    const msg = (error as Error).message;
    expect(msg).toMatch(/^more than 5,000 packets alive at once at t = [0-9.]+ s: port r1->r2 holds 4,9\d\d of them/);
    expect(msg).toContain('most from flow video');
    // 12 Mb/s of 1000-byte packets into 10 Mb/s: 1500 − 1250 = 250 packets/s pile up, so the
    // 5,000th live packet (less the few dozen on the wires) comes just before 20 s
    const t = (error as SimulationError).tNs / 1e9;
    expect(t).toBeGreaterThan(19);
    expect(t).toBeLessThan(20);
  });
});

describe('PacketPool', () => {
  it('caps the packets alive at once, not the packets ever allocated', () => {
    const pool = new PacketPool(3);
    const a = [pool.alloc(), pool.alloc(), pool.alloc()];
    expect(() => pool.alloc()).toThrow(PacketLimitError);
    pool.release(a[0]!);
    // a released packet is reused: the fourth allocation succeeds, and with 2 alive any number
    // of allocate/release cycles stays within the cap
    const d = pool.alloc();
    expect(pool.live).toBe(3);
    pool.release(d);
    for (let i = 0; i < 100; i++) pool.release(pool.alloc());
    expect(pool.live).toBe(2);
    expect(pool.allocated).toBe(104);
  });
});
