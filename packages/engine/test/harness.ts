import { Simulation } from '../src/Simulation.js';
import type { Packet } from '../src/net/Packet.js';
import { PacketKind } from '../src/net/Packet.js';
import { queueModels } from '../src/registry/queueModels.js';
import { QueueDisc } from '../src/net/QueueDisc.js';
import { PacketFifo } from '../src/net/PacketFifo.js';
import type { ScenarioInput, TransportSpec } from '../src/scenario/types.js';
import type { TcpSender } from '../src/transport/TcpSender.js';

/**
 * Test-only queue discipline: FIFO that discards the data segments of flow 0 listed in `drop`
 * ("40,42" = drop the first transmission of segments 40 and 42; "200-" = every segment from 200
 * on, retransmissions included). Lets tests make losses happen exactly where a hand-worked trace
 * needs them.
 */
class DropListQueueDisc extends QueueDisc {
  private readonly fifo = new PacketFifo();
  private readonly once = new Set<number>();
  private readonly from: number;

  constructor(spec: string) {
    super();
    let from = Infinity;
    for (const part of spec.split(',').filter(Boolean)) {
      if (part.endsWith('-')) from = Number(part.slice(0, -1));
      else this.once.add(Number(part));
    }
    this.from = from;
  }

  protected doEnqueue(pkt: Packet): boolean {
    if (pkt.kind === PacketKind.TcpData && pkt.flowId === 0) {
      if (pkt.seq >= this.from || (this.once.has(pkt.seq) && !pkt.retransmission)) {
        this.dropBeforeEnqueue(pkt, 'policy');
        return false;
      }
    }
    this.fifo.push(pkt);
    return true;
  }

  protected doDequeue(): Packet | null {
    const p = this.fifo.shift();
    if (p) this.removedFromStorage(p);
    return p;
  }
}

/** Drop list used by the next test-droplist queue created (set by pathSimulation). */
let currentDropSpec = '';

/**
 * Test-only queue discipline: FIFO that sets CE on the first transmission of the data segments of
 * flow 0 listed in `mark` ("6,9" = segments 6 and 9), when they are ECN-capable.
 */
class MarkListQueueDisc extends QueueDisc {
  private readonly fifo = new PacketFifo();
  private readonly marked: Set<number>;

  constructor(spec: string) {
    super();
    this.marked = new Set(spec.split(',').filter(Boolean).map(Number));
  }

  protected doEnqueue(pkt: Packet): boolean {
    if (pkt.kind === PacketKind.TcpData && pkt.flowId === 0 && !pkt.retransmission && this.marked.has(pkt.seq))
      this.mark(pkt, 'policy');
    this.fifo.push(pkt);
    return true;
  }

  protected doDequeue(): Packet | null {
    const p = this.fifo.shift();
    if (p) this.removedFromStorage(p);
    return p;
  }
}

/** Mark list used by the next test-marklist queue created (set by pathSimulation). */
let currentMarkSpec = '';

if (!queueModels.some((m) => m.info.id === 'test-marklist')) {
  queueModels.push({
    info: {
      id: 'test-marklist',
      category: 'queue',
      name: 'Test mark list',
      description: 'CE-marks listed segments of flow 0 (tests only).',
      citation: 'test harness',
      params: [],
    },
    create: () => new MarkListQueueDisc(currentMarkSpec),
  });
}

if (!queueModels.some((m) => m.info.id === 'test-droplist')) {
  queueModels.push({
    info: {
      id: 'test-droplist',
      category: 'queue',
      name: 'Test drop list',
      description: 'Drops listed segments of flow 0 (tests only).',
      citation: 'test harness',
      params: [],
    },
    create: () => new DropListQueueDisc(currentDropSpec),
  });
}

export interface PathOptions {
  rate?: string;
  delay?: string;
  buffer?: string;
  transport: TransportSpec;
  duration?: string;
  /** Segments of flow 0 to drop at the bottleneck (see DropListQueueDisc). */
  drop?: string;
  /** Segments of flow 0 to CE-mark at the bottleneck (see MarkListQueueDisc). */
  mark?: string;
  flows?: number;
  probeInterval?: string;
  seed?: number;
  lossRate?: number;
}

/** s_i — r1 —(bottleneck)— r2 — d_i; the bottleneck is r1->r2. */
export function pathScenario(o: PathOptions): ScenarioInput {
  const n = o.flows ?? 1;
  const nodes: ScenarioInput['nodes'] = [
    { id: 'r1', kind: 'router' },
    { id: 'r2', kind: 'router' },
  ];
  const links: ScenarioInput['links'] = [
    {
      a: 'r1',
      b: 'r2',
      rate: o.rate ?? '10Mbps',
      delay: o.delay ?? '20ms',
      buffer: o.buffer ?? '1000 packets',
      ...(o.lossRate ? { lossRate: o.lossRate } : {}),
      ...(o.drop !== undefined ? { queue: { type: 'test-droplist' } } : {}),
      ...(o.mark !== undefined ? { queue: { type: 'test-marklist' } } : {}),
    },
  ];
  const flows: ScenarioInput['flows'] = [];
  for (let i = 0; i < n; i++) {
    nodes.push({ id: `s${i}`, kind: 'host' }, { id: `d${i}`, kind: 'host' });
    links.push({ a: `s${i}`, b: 'r1', rate: '1Gbps', delay: '1ms', buffer: '10000 packets' });
    links.push({ a: 'r2', b: `d${i}`, rate: '1Gbps', delay: '1ms', buffer: '10000 packets' });
    flows.push({
      id: `f${i}`,
      from: `s${i}`,
      to: `d${i}`,
      transport: o.transport,
      app: { type: 'bulk' },
      start: `${i * 0.1}s`,
    });
  }
  const sc: ScenarioInput = {
    version: 1,
    name: 'test path',
    seed: o.seed ?? 1,
    duration: o.duration ?? '10s',
    nodes,
    links,
    flows,
    probes: { interval: o.probeInterval ?? '100ms', ports: ['r1->r2'] },
  };
  return sc;
}

/** Builds the simulation of `pathScenario(o)` with the drop list of `o`. */
export function pathSimulation(o: PathOptions): Simulation {
  currentDropSpec = o.drop ?? '';
  currentMarkSpec = o.mark ?? '';
  return new Simulation(pathScenario(o));
}

export function sender(sim: Simulation, i = 0): TcpSender {
  return sim.flows[i]!.sender as TcpSender;
}
