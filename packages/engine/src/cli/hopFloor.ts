import { EventQueue, type EventHandler } from '../core/EventQueue.js';
import { timeInProcess } from './benchTiming.js';

/**
 * The floor of the engine's design: bench-16flows-100mb's packet-hops with nothing but the hops.
 * The same dumbbell (N flows, 1 Gb/s / 5 ms access links, a 100 Mb/s / 20 ms bottleneck each
 * way, 1040-byte segments, 40-byte ACKs), the same event structure as the engine (one event per
 * packet-hop: a port's next arrival at the far end, kept in the port's in-flight ring, and a
 * transmission-complete event only while packets wait), the engine's own event set
 * (`core/EventQueue.ts`) and pooled packet objects — and nothing else: no statistics, traces,
 * hooks, queue-discipline interface or metrics; senders with a window that grows by 1/cwnd per
 * ACK up to `windowCap` segments and never loses a packet (unlimited buffers), receivers that
 * ACK every segment. `cclab bench --floor` times it beside the engine and ns-2.35
 * (docs/performance.md, "The floor"): what the engine costs above it is the price of its models
 * and measurements, not of the hop structure.
 *
 * Not a model of anything (never used by a scenario); a measurement of the language runtime and
 * the machine for this shape of work.
 */
export interface HopFloorOptions {
  flows: number;
  /** Largest window, segments (the flows' windows grow to it and stay). */
  windowCap: number;
  /** 'fifo': one FIFO per bottleneck direction; 'rr': a FIFO per flow, served in turn. */
  scheduler: 'fifo' | 'rr';
  /** Simulated seconds run first, untimed (so that the timed part runs compiled code). */
  warmupS: number;
  /** Simulated seconds timed after the warm-up. */
  seconds: number;
}

export interface HopFloorResult {
  /** Events in the timed part. */
  events: number;
  wallS: number;
  cpuS: number;
  /** Segments sent on the forward bottleneck in the timed part, per flow. */
  bottleneckSegments: number[];
}

const NS_PER_S = 1e9;
const DATA_BYTES = 1040;
const ACK_BYTES = 40;
const TX_DONE = 0;
const ARRIVE = 1;

class FloorPacket {
  route: FloorPort[] = [];
  hop = 0;
  flow = 0;
  sizeBytes = 0;
  seq = 0;
  isAck = false;
  sendNs = 0;
}

interface FloorSink {
  receive(p: FloorPacket): void;
}

/** What every port and endpoint of one floor run shares: the clock, the event set, the pool. */
class FloorWorld {
  now = 0;
  readonly queue = new EventQueue(1024);
  private readonly pool: FloorPacket[] = [];
  /** Per flow: its sender at 2f, its receiver at 2f + 1. */
  readonly sinks: FloorSink[] = [];

  alloc(): FloorPacket {
    return this.pool.length > 0 ? this.pool.pop()! : new FloorPacket();
  }

  release(p: FloorPacket): void {
    this.pool.push(p);
  }

  forward(p: FloorPacket): void {
    const hop = ++p.hop;
    if (hop < p.route.length) p.route[hop]!.receive(p);
    else this.sinks[2 * p.flow + (p.isAck ? 0 : 1)]!.receive(p);
  }
}

/** A ring of packets (capacity a power of two, grows when full). */
class Ring {
  items: (FloorPacket | null)[] = new Array<FloorPacket | null>(64).fill(null);
  head = 0;
  length = 0;

  push(p: FloorPacket): void {
    if (this.length === this.items.length) {
      const bigger = new Array<FloorPacket | null>(this.items.length * 2).fill(null);
      for (let i = 0; i < this.length; i++) bigger[i] = this.items[(this.head + i) & (this.items.length - 1)]!;
      this.items = bigger;
      this.head = 0;
    }
    this.items[(this.head + this.length++) & (this.items.length - 1)] = p;
  }

  shift(): FloorPacket {
    const p = this.items[this.head]!;
    this.items[this.head] = null;
    this.head = (this.head + 1) & (this.items.length - 1);
    this.length--;
    return p;
  }
}

class FloorPort implements EventHandler {
  private busyUntilNs = 0;
  private txDonePending = false;
  private waiting = 0;
  private readonly fifo = new Ring();
  private readonly perFlow: Ring[] = [];
  private nextFlow = 0;
  private readonly flight = new Ring();
  private flightTimes = new Float64Array(64);
  private readonly nsPerByte: number;
  /** Segments sent, per flow. */
  readonly sent: number[];

  constructor(
    private readonly w: FloorWorld,
    rateBps: number,
    private readonly delayNs: number,
    flows: number,
    roundRobin: boolean,
  ) {
    this.nsPerByte = (8 * NS_PER_S) / rateBps;
    this.sent = new Array<number>(flows).fill(0);
    if (roundRobin) for (let f = 0; f < flows; f++) this.perFlow.push(new Ring());
  }

  receive(p: FloorPacket): void {
    if (!this.txDonePending && this.w.now >= this.busyUntilNs && this.waiting === 0) {
      this.transmit(p);
      return;
    }
    if (this.perFlow.length > 0) this.perFlow[p.flow]!.push(p);
    else this.fifo.push(p);
    this.waiting++;
    if (this.txDonePending) return;
    if (this.w.now < this.busyUntilNs) {
      this.txDonePending = true;
      this.w.queue.push(this.busyUntilNs, this, TX_DONE, 0);
    } else {
      this.startTransmission();
    }
  }

  private startTransmission(): void {
    if (this.waiting === 0) return;
    this.waiting--;
    if (this.perFlow.length === 0) {
      this.transmit(this.fifo.shift());
      return;
    }
    let f = this.nextFlow;
    while (this.perFlow[f]!.length === 0) f = f + 1 === this.perFlow.length ? 0 : f + 1;
    this.nextFlow = f + 1 === this.perFlow.length ? 0 : f + 1;
    this.transmit(this.perFlow[f]!.shift());
  }

  private transmit(p: FloorPacket): void {
    if (!p.isAck) this.sent[p.flow]!++;
    const end = this.w.now + Math.round(p.sizeBytes * this.nsPerByte);
    this.busyUntilNs = end;
    const arrive = end + this.delayNs;
    const flight = this.flight;
    if (flight.length === flight.items.length) {
      const times = new Float64Array(this.flightTimes.length * 2);
      for (let i = 0; i < flight.length; i++)
        times[i] = this.flightTimes[(flight.head + i) & (flight.items.length - 1)]!;
      this.flightTimes = times;
    }
    flight.push(p);
    this.flightTimes[(flight.head + flight.length - 1) & (flight.items.length - 1)] = arrive;
    if (flight.length === 1) this.w.queue.push(arrive, this, ARRIVE, 0);
    if (this.waiting > 0) {
      this.txDonePending = true;
      this.w.queue.push(end, this, TX_DONE, 0);
    }
  }

  handleEvent(kind: number): void {
    if (kind === ARRIVE) {
      const p = this.flight.shift();
      if (this.flight.length > 0) this.w.queue.push(this.flightTimes[this.flight.head]!, this, ARRIVE, 0);
      this.w.forward(p);
    } else {
      this.txDonePending = false;
      this.startTransmission();
    }
  }
}

class FloorSender implements FloorSink {
  private nextSeq = 0;
  private highestAck = 0;
  private cwnd = 2;
  private srttNs = 0;

  constructor(
    private readonly w: FloorWorld,
    private readonly flow: number,
    private readonly route: FloorPort[],
    private readonly windowCap: number,
  ) {}

  receive(ack: FloorPacket): void {
    if (ack.seq > this.highestAck) {
      this.highestAck = ack.seq;
      const rtt = this.w.now - ack.sendNs;
      this.srttNs = this.srttNs === 0 ? rtt : 0.875 * this.srttNs + 0.125 * rtt;
      this.cwnd = Math.min(this.cwnd + 1 / this.cwnd, this.windowCap);
    }
    this.w.release(ack);
    this.send();
  }

  send(): void {
    while (this.nextSeq - this.highestAck < Math.floor(this.cwnd)) {
      const p = this.w.alloc();
      p.route = this.route;
      p.hop = 0;
      p.flow = this.flow;
      p.sizeBytes = DATA_BYTES;
      p.seq = ++this.nextSeq;
      p.isAck = false;
      p.sendNs = this.w.now;
      this.route[0]!.receive(p);
    }
  }
}

class FloorReceiver implements FloorSink {
  private inOrder = 0;

  constructor(
    private readonly w: FloorWorld,
    private readonly flow: number,
    private readonly route: FloorPort[],
  ) {}

  receive(p: FloorPacket): void {
    if (p.seq === this.inOrder + 1) this.inOrder++;
    const sendNs = p.sendNs;
    this.w.release(p);
    const ack = this.w.alloc();
    ack.route = this.route;
    ack.hop = 0;
    ack.flow = this.flow;
    ack.sizeBytes = ACK_BYTES;
    ack.seq = this.inOrder;
    ack.isAck = true;
    ack.sendNs = sendNs;
    this.route[0]!.receive(ack);
  }
}

function runUntil(w: FloorWorld, untilNs: number): number {
  const q = w.queue;
  let n = 0;
  while (q.size > 0) {
    const t = q.headTime();
    if (t > untilNs) break;
    w.now = t;
    q.popAndDispatch();
    n++;
  }
  return n;
}

/** Builds the floor dumbbell, runs the warm-up, then times `seconds` simulated seconds. */
export function runHopFloor(o: HopFloorOptions): HopFloorResult {
  if (!(Number.isInteger(o.flows) && o.flows >= 1)) throw new RangeError(`flows ${o.flows}: a whole number ≥ 1`);
  if (!(o.windowCap >= 2)) throw new RangeError(`windowCap ${o.windowCap}: at least 2 segments`);
  if (!(o.warmupS >= 0 && o.seconds > 0)) throw new RangeError('warmupS ≥ 0 and seconds > 0');
  const w = new FloorWorld();
  const rr = o.scheduler === 'rr';
  const access = () => new FloorPort(w, 1e9, 5e6, o.flows, false);
  const forward = new FloorPort(w, 100e6, 20e6, o.flows, rr);
  const reverse = new FloorPort(w, 100e6, 20e6, o.flows, rr);
  const senders: FloorSender[] = [];
  for (let f = 0; f < o.flows; f++) {
    const s = new FloorSender(w, f, [access(), forward, access()], o.windowCap);
    w.sinks[2 * f] = s;
    w.sinks[2 * f + 1] = new FloorReceiver(w, f, [access(), reverse, access()]);
    senders.push(s);
  }
  for (const s of senders) s.send();
  runUntil(w, o.warmupS * NS_PER_S);
  const sentBefore = [...forward.sent];
  const t = timeInProcess(() => runUntil(w, (o.warmupS + o.seconds) * NS_PER_S));
  return {
    events: t.value,
    wallS: t.wallS,
    cpuS: t.cpuS,
    bottleneckSegments: forward.sent.map((n, f) => n - sentBefore[f]!),
  };
}
