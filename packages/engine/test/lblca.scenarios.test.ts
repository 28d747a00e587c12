import { describe, expect, it } from 'vitest';
import type { EventHandler } from '../src/core/EventQueue.js';
import { ScenarioError, validateScenario } from '../src/scenario/validate.js';
import { seed000Linear } from '../src/scenario/seed000Lblca.js';
import type { ScenarioInput } from '../src/scenario/types.js';
import { SharedBuffer } from '../src/router/SharedBuffer.js';
import { Simulation } from '../src/Simulation.js';

const MS = 1e6;

/** r1 —10 Mb/s, 5 ms— r2, one UDP flow from host a through both to host b. */
function twoRouters(extra: Partial<ScenarioInput> = {}): ScenarioInput {
  return {
    version: 1,
    duration: '1s',
    nodes: [
      { id: 'a', kind: 'host' },
      { id: 'r1', kind: 'router' },
      { id: 'r2', kind: 'router' },
      { id: 'b', kind: 'host' },
    ],
    links: [
      { a: 'a', b: 'r1', rate: '100Mbps', delay: '1ms' },
      { a: 'r1', b: 'r2', rate: '10Mbps', delay: '5ms' },
      { a: 'r2', b: 'b', rate: '100Mbps', delay: '1ms' },
    ],
    flows: [
      { id: 'f', from: 'a', to: 'b', transport: { type: 'udp' }, app: { type: 'cbr', params: { rate: '1Mbps' } } },
    ],
    ...extra,
  };
}

describe('control packets between neighbouring routers', () => {
  it('travel one hop on the link, after its serialization and propagation, counted as control traffic', () => {
    const sim = new Simulation(twoRouters());
    const [r1, r2] = [sim.network.nodes[1]!, sim.network.nodes[2]!];
    const got: { at: number; body: unknown; from: number }[] = [];
    r1.control.listen('test', { onControl: (m) => got.push({ at: sim.nowNs, body: m.body, from: m.fromNode }) });
    expect(r2.control.peerListens(1, 'test')).toBe(true);
    expect(r2.control.peerListens(1, 'other')).toBe(false);
    expect(r2.control.peerListens(0, 'test')).toBe(false); // not a neighbour
    const sender: EventHandler = {
      handleEvent: () => {
        expect(r2.control.send(1, 'test', 40, 'hello')).toBe(true);
        expect(r2.control.send(0, 'test', 40, 'nowhere')).toBe(false);
      },
    };
    sim.sim.schedule(100 * MS, sender, 0);
    sim.run();
    // 40 B at 10 Mb/s = 32 µs, then 5 ms of propagation
    expect(got).toEqual([{ at: 100 * MS + 32_000 + 5 * MS, body: 'hello', from: 2 }]);
    const port = sim.network.portByName('r2->r1')!;
    expect(port.departuresOf(sim.flows.length)).toBe(1); // the slot after the last flow
    expect(port.departureBytesOf(sim.flows.length)).toBe(40);
    expect(r2.control.sent).toBe(1);
    expect(r1.control.received).toBe(1);
    expect(sim.network.pool.live).toBeLessThan(5); // the control packet went back to the pool
  });
});

describe('LbLCA routers in a network', () => {
  it('each router sends one feedback packet per period to every neighbour that runs LbLCA', () => {
    const sc = seed000Linear(3, '10Mbps', {
      mode: 'lblca',
      capacity: '20Mbps',
      buffers: 200,
      duration: '1s',
      lblca: { period: '10ms' },
    });
    const sim = new Simulation(sc);
    sim.run();
    const node = (id: string) => sim.network.nodes.find((n) => n.id === id)!;
    // updates at 10, 20, …, 1000 ms: B1 and B3 have one LbLCA neighbour (B2), B2 has two
    expect([node('B1').control.sent, node('B2').control.sent, node('B3').control.sent]).toEqual([100, 200, 100]);
    // a core link takes 10 ms (+ 16 µs of serialization): those sent at 990 and 1000 ms are on
    // the wire at the end
    expect(node('B1').control.received).toBe(98);
    expect(node('B2').control.received).toBe(196);
    // the port towards B2 counted the feedback it got
    const i = sim.probedPorts.findIndex((p) => p.name === 'B1->B2');
    const fb = sim.portSeries[i]!.column('disc:feedbackMessages');
    expect(fb[fb.length - 1]).toBe(98);
    expect(sim.network.portByName('B2->B1')!.departuresOf(sim.flows.length)).toBe(100);
  });

  it('keeps a router’s ports within its shared buffer', () => {
    const sc = seed000Linear(3, '30Mbps', {
      mode: 'lblca',
      capacity: '20Mbps',
      buffers: 50,
      duration: '2s',
      lblca: { period: '10ms' },
      probeInterval: '1ms',
    });
    const sim = new Simulation(sc);
    const b1 = sim.network.nodes.find((n) => n.id === 'B1')!;
    const pool = SharedBuffer.of(b1)!;
    let most = 0;
    sim.onSample = () => void (most = Math.max(most, pool.packets));
    sim.run();
    // B1 is offered 30 Mb/s on a 20 Mb/s port: it overflows its 50-packet buffer
    const port = sim.network.portByName('B1->B2')!;
    expect(port.disc.stats.dropsByReason.overflow).toBeGreaterThan(0);
    expect(pool.refused).toBe(port.disc.stats.dropsByReason.overflow);
    expect(most).toBe(50);
  });
});

describe('scenario validation of shared buffers and LbLCA', () => {
  const issues = (sc: unknown) => {
    try {
      validateScenario(sc);
      return [];
    } catch (e) {
      return (e as ScenarioError).issues;
    }
  };

  it('a router buffer becomes the limit of its ports that set none', () => {
    const sc = twoRouters();
    sc.nodes[1] = { ...sc.nodes[1]!, buffer: '64KB' };
    sc.links[1] = { ...sc.links[1]!, reverse: { buffer: '7 packets' } };
    const r = validateScenario(sc);
    expect(r.nodes[1]!.buffer).toEqual({ bytes: 64000 });
    expect(r.links[1]!.dirs[0].queue.limit).toEqual({ bytes: 64000 }); // r1 → r2
    expect(r.links[0]!.dirs[1].queue.limit).toEqual({ bytes: 64000 }); // r1 → a
    expect(r.links[1]!.dirs[1].queue.limit).toEqual({ packets: 7 }); // r2 → r1, its own
  });

  it('names a host with a buffer, a bad buffer, and router-wide LbLCA parameters that differ', () => {
    const sc = twoRouters();
    sc.nodes[0] = { ...sc.nodes[0]!, buffer: '10 packets' };
    sc.nodes[2] = { ...sc.nodes[2]!, buffer: 'lots' };
    sc.links[1] = { ...sc.links[1]!, queue: { type: 'lblca', params: { period: '10ms' } } };
    sc.links[2] = { ...sc.links[2]!, queue: { type: 'lblca', params: { period: '20ms' } } };
    sc.links[0] = { ...sc.links[0]!, queue: { type: 'lblca', params: { bl: 0.5, bu: 0.4 } } };
    const got = issues(sc).map((i) => i.path);
    expect(got).toContain('nodes[0].buffer');
    expect(got).toContain('nodes[2].buffer');
    expect(got).toContain('links[0].queue.params.bl');
    // r2's ports: r2 → r1 (links[1], period 10 ms) and r2 → b (links[2], 20 ms)
    expect(got).toContain('links[2].queue.params.period');
  });
});
