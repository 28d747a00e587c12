import { describe, expect, it } from 'vitest';
import type { Packet } from '../src/net/Packet.js';
import { queueModels } from '../src/registry/queueModels.js';
import { QueueDisc } from '../src/net/QueueDisc.js';
import { PacketFifo } from '../src/net/PacketFifo.js';
import { Simulation } from '../src/Simulation.js';
import { ScenarioError, validateScenario } from '../src/scenario/validate.js';
import type { ScenarioInput, ScenarioLink } from '../src/scenario/types.js';

/**
 * The link-layer fields that emulate ns-3's point-to-point NetDevice (docs/scenario-format.md):
 * `framingBytes` (the 2-byte PPP header, transmission time only) and `deviceQueuePackets` (the
 * device queue beside the queue disc, filled as ns-3's QueueDisc::Run does).
 */

/** A FIFO counting every dequeue request, including those that find it empty (tests only). */
class DequeueCountingFifo extends QueueDisc {
  static calls = 0;
  private readonly fifo = new PacketFifo();

  protected doEnqueue(pkt: Packet): boolean {
    this.fifo.push(pkt);
    return true;
  }

  protected doDequeue(): Packet | null {
    DequeueCountingFifo.calls++;
    const p = this.fifo.shift();
    if (p) this.removedFromStorage(p);
    return p;
  }
}

if (!queueModels.some((m) => m.info.id === 'test-dequeue-count')) {
  queueModels.push({
    info: {
      id: 'test-dequeue-count',
      category: 'queue',
      name: 'Test dequeue counter',
      description: 'Unlimited FIFO counting dequeue requests (tests only).',
      citation: 'tests',
      params: [],
    },
    create: () => new DequeueCountingFifo(),
  });
}

/** h1 → r → h2 with a CBR flow of `rate` in 1000-byte packets for `duration`. */
function line(
  access: Partial<ScenarioLink>,
  bottleneck: Partial<ScenarioLink>,
  rate: string,
  duration = '10s',
): ScenarioInput {
  return {
    version: 1,
    duration,
    nodes: [
      { id: 'h1', kind: 'host' },
      { id: 'r', kind: 'router' },
      { id: 'h2', kind: 'host' },
    ],
    links: [
      { a: 'h1', b: 'r', rate: '10Mbps', delay: '1ms', ...access },
      { a: 'r', b: 'h2', rate: '10Mbps', delay: '1ms', ...bottleneck },
    ],
    flows: [
      {
        id: 'f',
        from: 'h1',
        to: 'h2',
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate, packetSize: '1000B' } },
      },
    ],
  };
}

describe('link layer (ns-3 point-to-point emulation)', () => {
  it('framingBytes lengthens every transmission by the framing, not the packet', () => {
    // one packet per second: two hops of (1000 + 2) B × 8 / 10 Mb/s = 801.6 µs plus 1 ms each
    const sim = new Simulation(line({ framingBytes: 2 }, { framingBytes: 2 }, '8kbps'));
    sim.run();
    expect(sim.flows[0]!.stats.meanDelayNs()).toBe(2 * 801_600 + 2 * 1_000_000);
    expect(sim.network.portByName('r->h2')!.disc.stats.departureBytes % 1000).toBe(0);
  });

  it('deviceQueuePackets adds that many packets of buffering beside the discipline', () => {
    // 2 Mb/s into a 1 Mb/s bottleneck with a 5-packet buffer: once it is full, every packet that
    // finds no room is dropped; the device queue holds one more, so exactly one fewer is dropped
    const drops = (deviceQueuePackets: number) => {
      const sc = line({ rate: '100Mbps' }, { rate: '1Mbps', buffer: 5, deviceQueuePackets }, '2Mbps', '2s');
      const sim = new Simulation(sc);
      sim.run();
      return sim.network.portByName('r->h2')!.disc.stats.drops;
    };
    const without = drops(0);
    expect(without).toBeGreaterThan(100);
    expect(without - drops(1)).toBe(1);
  });

  it('with a device queue the discipline is asked again after each packet leaves it, even when empty', () => {
    // ns-3.37: NetDeviceQueue::Wake after the device dequeues a packet schedules QueueDisc::Run,
    // whose DoDequeue runs on the (here empty) queue disc: one packet per second on an idle link
    // makes two dequeue requests per packet; without the device queue one
    const calls = (deviceQueuePackets: number) => {
      DequeueCountingFifo.calls = 0;
      const sc = line({}, { queue: { type: 'test-dequeue-count' }, deviceQueuePackets }, '8kbps');
      const sim = new Simulation(sc);
      sim.run();
      const sent = sim.network.portByName('r->h2')!.disc.stats.departures;
      expect(sent).toBe(10);
      return DequeueCountingFifo.calls / sent;
    };
    expect(calls(0)).toBe(1);
    expect(calls(1)).toBe(2);
  });

  it('rejects bad link-layer fields by name', () => {
    const issues = (link: Partial<ScenarioLink>): string[] => {
      try {
        validateScenario(line({}, link, '8kbps'));
      } catch (e) {
        return (e as ScenarioError).issues.map((i) => `${i.path}: ${i.message}`);
      }
      return [];
    };
    expect(issues({ framingBytes: -2 })).toEqual(['links[1].framingBytes: must be ≥ 0']);
    expect(issues({ deviceQueuePackets: 1.5 })).toEqual(['links[1].deviceQueuePackets: 1.5 is not a whole number']);
    expect(issues({ framingBytes: 2, deviceQueuePackets: 1 })).toEqual([]);
  });
});
