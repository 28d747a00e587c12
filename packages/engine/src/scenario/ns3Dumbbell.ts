import { findQueueModel } from '../registry/queueModels.js';
import { dumbbell } from './builders.js';
import type { QueueSpec, ScenarioInput, TransportSpec } from './types.js';

/**
 * Translates the arguments of the ns-3.37 reference program `validation/ns3/dumbbell.cc` into an
 * equivalent cclab scenario, following that program and validation/README.md ("Cross-checks
 * against ns-3.37"); docs/validation.md lists where ns-3's TCP differs from ours and which
 * parameter bridges each difference:
 * - TCP: data segments `pkt` + 40 bytes on IP (+12 with timestamps), pure ACKs 40 bytes plus the
 *   SACK option (12/20/28/36 bytes, up to 4 blocks); a handshake segment answered at once, so data
 *   starts one RTT after the start; initial window `iw`, initial ssthresh unlimited, receiver
 *   window `win` segments; delayed ACKs every `dack` segments or `dacktimeout`, out-of-order
 *   segments acknowledged at once; RTO = max(minrto, SRTT + max(1 ms, 4·RTTVAR)) with RFC 6298
 *   gains, a sample from every ACK (ns-3's RTT history), first RTO 1 s, maximum 60 s; SACK with
 *   RFC 6675 recovery (or PRR), SACK information kept across a timeout; Limited Transmit; ECN per
 *   RFC 3168 with ns-3's CWR state and ECT retransmissions (SYN and pure ACKs not ECT, except
 *   from DCTCP sockets, which send every header-only packet ECT(0): `ectControl`);
 * - links: every point-to-point link adds 2 bytes of PPP framing to each packet's transmission
 *   time; the bottleneck's device queue holds one packet beside the queue disc;
 * - queues: the bottleneck's queue disc in both directions with `qlim` packets (a DropTail of
 *   qlim + 1 in cclab's ns-2 limit convention, since cclab counts the packet on the wire), access
 *   FIFOs of 100000 packets.
 */

/** dumbbell.cc's keys and their defaults (the top of that file). */
export const NS3_DEFAULTS = {
  n: '4',
  tcp: 'NewReno',
  flows: '',
  bw: '10Mb',
  delay: '20ms',
  accbw: '100Mb',
  accdelay: '5ms',
  accdelays: '',
  qtype: 'DropTail',
  qlim: '50',
  K: '20',
  redthresh: '',
  ecn: 'auto',
  pkt: '1000',
  cbrpkt: '1000',
  sack: 'on',
  ts: 'off',
  dack: '2',
  dacktimeout: '40ms',
  iw: '10',
  minrto: '200ms',
  recovery: 'classic',
  win: '10000',
  T: '60',
  warmup: '0',
  sample: '0.1',
  cwndflow: '0',
  seed: '1',
  stagger: '0.1',
};

export type Ns3Args = typeof NS3_DEFAULTS;

/** A case the engine cannot translate because a model it needs is not in this build. */
export class Ns3NotCoveredError extends Error {
  constructor(readonly missing: string[]) {
    super(`not yet covered: ${missing.join('; ')}`);
    this.name = 'Ns3NotCoveredError';
  }
}

/** Bad harness arguments (unknown key, malformed value), named as dumbbell.cc would. */
export class Ns3ArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Ns3ArgumentError';
  }
}

/** dumbbell.cc ParseRate: "10Mb", "10Mbps", "1.5Mb/s", "100000" → bit/s. */
export function ns3Rate(key: string, s: string): number {
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)(.*)$/.exec(s);
  if (!m) throw new Ns3ArgumentError(`${key}: not a number: '${s}'`);
  let u = m[2]!.toLowerCase();
  for (const suf of ['ps', '/s']) if (u.length >= 2 && u.endsWith(suf)) u = u.slice(0, -2);
  const factor: Record<string, number> = { '': 1, b: 1, k: 1e3, kb: 1e3, m: 1e6, mb: 1e6, g: 1e9, gb: 1e9 };
  const f = factor[u];
  if (f === undefined) throw new Ns3ArgumentError(`${key}: bad rate unit in '${s}'`);
  return Number(m[1]) * f;
}

/** dumbbell.cc ParseTime: "20ms", "1s", "100us", "0.5" → seconds. */
export function ns3Time(key: string, s: string): number {
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)(.*)$/.exec(s);
  if (!m) throw new Ns3ArgumentError(`${key}: not a number: '${s}'`);
  const factor: Record<string, number> = { '': 1, s: 1, ms: 1e-3, us: 1e-6, ns: 1e-9 };
  const f = factor[m[2]!];
  if (f === undefined) throw new Ns3ArgumentError(`${key}: bad time unit in '${s}'`);
  return Number(m[1]) * f;
}

function int(a: Ns3Args, key: keyof Ns3Args, lo: number, hi: number): number {
  const v = a[key];
  if (!/^[+-]?\d+$/.test(v) || Number(v) < lo || Number(v) > hi)
    throw new Ns3ArgumentError(`key ${key}: expected an integer in [${lo}, ${hi}], got '${v}'`);
  return Number(v);
}

function onOff(a: Ns3Args, key: keyof Ns3Args): boolean {
  const v = a[key].toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(v)) return true;
  if (['off', 'false', '0', 'no'].includes(v)) return false;
  throw new Ns3ArgumentError(`key ${key}: expected on/off, got '${a[key]}'`);
}

/** Merges `key=value` arguments over the defaults; an unknown key is an error naming it. */
export function ns3Args(args: Record<string, string>): Ns3Args {
  for (const k of Object.keys(args)) {
    if (!(k in NS3_DEFAULTS))
      throw new Ns3ArgumentError(`unknown key '${k}' (dumbbell.cc keys: ${Object.keys(NS3_DEFAULTS).join(' ')})`);
  }
  return { ...NS3_DEFAULTS, ...args };
}

/** Canonical flow kinds of dumbbell.cc (CanonicalKind), one per flow. */
export function ns3FlowKinds(a: Ns3Args): string[] {
  const specs = a.flows ? a.flows.split(',') : Array.from({ length: int(a, 'n', 1, 200) }, () => a.tcp);
  if (specs.length > 200) throw new Ns3ArgumentError('at most 200 flows');
  const names: Record<string, string> = {
    newreno: 'NewReno',
    cubic: 'Cubic',
    bbr: 'Bbr',
    dctcp: 'Dctcp',
    vegas: 'Vegas',
    linuxreno: 'LinuxReno',
    scalable: 'Scalable',
    highspeed: 'HighSpeed',
    bic: 'Bic',
  };
  return specs.map((spec) => {
    const parts = spec.split(':');
    const k = parts[0]!.toLowerCase();
    if (k === 'cbr') {
      if (parts.length !== 2) throw new Ns3ArgumentError(`CBR flow needs a rate: CBR:<rate>, got '${spec}'`);
      ns3Rate('flows', parts[1]!);
      return `CBR:${parts[1]}`;
    }
    const name = names[k];
    if (name === undefined || parts.length !== 1)
      throw new Ns3ArgumentError(`unknown flow kind '${spec}' (${Object.values(names).join(' ')} CBR:<rate>)`);
    return name;
  });
}

const bps = (x: number) => `${x}bps`;
const sec = (x: number) => `${+x.toPrecision(12)}s`;

/** The TCP transport of one ns-3 flow (every socket configured as dumbbell.cc does). */
function ns3Tcp(kind: string, a: Ns3Args, ecn: boolean): TransportSpec {
  const pkt = int(a, 'pkt', 100, 1460);
  const ts = onOff(a, 'ts');
  const sack = onOff(a, 'sack');
  const dack = int(a, 'dack', 1, 64);
  const hdr = 40 + (ts ? 12 : 0);
  const params: Record<string, unknown> = {
    packetSize: `${pkt + hdr}B`,
    headerSize: `${hdr}B`,
    ackSize: `${hdr}B`,
    initialWindow: int(a, 'iw', 1, 1000),
    initialSsthresh: 1e9,
    maxWindow: int(a, 'win', 2, 1_000_000),
    handshake: true,
    synOptionBytes: ts ? 4 : 8, // window scale + SACK-permitted (+ timestamps), padded
    handshakeAck: true,
    delayedAck: dack > 1,
    delAckCount: dack,
    delAckTimeout: sec(ns3Time('dacktimeout', a.dacktimeout)),
    quickAckFirst: true,
    lossRecovery: sack ? 'sack' : 'newreno',
    sackBlocks: ts ? 3 : 4,
    sackOptionBytes: 'rfc2018',
    sackStyle: 'ns3',
    sackAfterTimeout: 'keep',
    recoveryTimer: 'first-partial',
    sackRecovery: 'ns3',
    prr: a.recovery.toLowerCase() === 'prr',
    limitedTransmit: true,
    dupAckThreshold: 3,
    minRto: sec(ns3Time('minrto', a.minrto)),
    initialRto: '1s',
    maxRto: '60s',
    clockGranularity: '1ms',
    rttEstimator: 'rfc6298',
    rttSampling: ts ? 'timed' : 'ns3',
    timestamps: ts,
    ecn,
    ecnCwrState: true,
    ecnOnRetransmissions: true,
  };
  switch (kind) {
    case 'NewReno':
      // TcpNewReno: +1 segment per ACK in slow start, +MSS²/cwnd per ACK after; ssthresh from
      // BytesInFlight (the SACK pipe)
      return {
        type: 'tcp',
        cc: 'newreno',
        params,
        ccParams: { growth: 'per-ack', reduceFrom: 'flight', cwndByteSize: pkt },
      };
    case 'LinuxReno':
      // TcpLinuxReno: counts acknowledged segments; ssthresh = cwnd/2
      return { type: 'tcp', cc: 'newreno', params, ccParams: { growth: 'linux', reduceFrom: 'window' } };
    case 'Cubic':
      return {
        type: 'tcp',
        cc: 'cubic',
        params,
        ccParams: { impl: 'ns-3.37', c: 0.4, beta: 0.7, fastConvergence: true },
      };
    case 'Dctcp':
      // TcpDctcp: g 1/16, α starts at 1, the α-cut for losses too; ECN forced on by the model;
      // its sockets send header-only packets (SYN, pure ACKs) ECT(0) too (AddSocketTags, DctcpEcn)
      return {
        type: 'tcp',
        cc: 'dctcp',
        params: { ...params, ectControl: true },
        ccParams: { g: 1 / 16, initialAlpha: 1, lossReduction: 'alpha' },
      };
    case 'Vegas':
      // TcpVegas (α 2, β 4, γ 1) with the sockets' SACK recovery, not ns-2's Vegas recovery
      return {
        type: 'tcp',
        cc: 'vegas',
        params: { ...params, lossRecovery: params.lossRecovery },
        ccParams: { impl: 'ns-3.37', alpha: 2, beta: 4, gamma: 1 },
      };
    case 'Bbr':
      return { type: 'tcp', cc: 'bbr', params, ccParams: { impl: 'ns-3.37' } };
    case 'Scalable':
      // TcpScalable (derived from TcpNewReno): AIFactor 50, MDFactor 0.125
      return { type: 'tcp', cc: 'scalable', params, ccParams: { aiFactor: 50, mdFactor: 0.125 } };
    case 'HighSpeed':
      // TcpHighSpeed (derived from TcpNewReno): RFC 3649's table, no attributes
      return { type: 'tcp', cc: 'highspeed', params };
    case 'Bic':
      // TcpBic's defaults: Beta 0.8, MaxIncr 16, LowWnd 14, SmoothPart 5, BinarySearchCoefficient 4
      return {
        type: 'tcp',
        cc: 'bic',
        params,
        ccParams: { beta: 0.8, maxIncr: 16, lowWnd: 14, smoothPart: 5, b: 4, fastConvergence: true },
      };
    default:
      throw new Ns3ArgumentError(`unknown TCP kind ${kind}`);
  }
}

/** ns-3.37 CoDelQueueDisc defaults (Target, Interval, MinBytes; NewtonStep's control law). */
function ns3Codel(ecn: boolean): Record<string, unknown> {
  return {
    target: '5ms',
    interval: '100ms',
    minBytes: '1500B',
    controlLaw: 'newton',
    reentry: 'rfc8289',
    variant: 'ns3',
    ecn,
  };
}

/**
 * The bottleneck's queue disc for `qtype` (dumbbell.cc's settings, ns-3.37 defaults otherwise;
 * docs/models.md says how each of ours expresses ns-3's): the queue spec (none for DropTail), the
 * buffer in cclab's terms, and the names of models this build lacks.
 */
export function ns3Queue(a: Ns3Args, ecn: boolean): { queue?: QueueSpec; buffer: string; missing: string[] } {
  const qlim = int(a, 'qlim', 1, 10_000_000);
  const qt = a.qtype.toLowerCase();
  const buffer = `${qlim} packets`; // the AQMs refuse an arrival beyond qlim stored, as ns-3 does
  const need = (id: string, why: string) =>
    findQueueModel(id) ? [] : [`qtype=${a.qtype}: needs the '${id}' queue discipline (${why})`];
  switch (qt) {
    case 'droptail':
    case 'fifo':
      // FifoQueueDisc holds qlim packets; cclab's DropTail limit counts the packet on the wire too
      return { buffer: `${qlim + 1} packets`, missing: [] };
    case 'codel':
      return { queue: { type: 'codel', params: ns3Codel(ecn) }, buffer, missing: need('codel', 'ns-3 CoDelQueueDisc') };
    case 'fqcodel':
      // FqCoDelQueueDisc: 1024 queues, quantum = the device MTU (1500), perturbation 0, no memory limit
      return {
        queue: {
          type: 'fq-codel',
          params: {
            ...ns3Codel(ecn),
            flows: 1024,
            quantum: '1500B',
            perturbation: 0,
            dropBatch: 64,
            minBytesScope: 'flow',
          },
        },
        buffer,
        missing: need('fq-codel', 'ns-3 FqCoDelQueueDisc'),
      };
    case 'pie':
      // PieQueueDisc: 15 ms / 15 ms, α 0.125, β 1.25, 150 ms burst with ns-3's burst state machine,
      // sojourn-based delay, cap-drop adjustment on, no derandomisation, ECN marks below p 0.1
      return {
        queue: { type: 'pie', params: { burstMode: 'ns3', estimator: 'sojourn', ecn, markEcnThreshold: 0.1 } },
        buffer,
        missing: need('pie', 'ns-3 PieQueueDisc'),
      };
    case 'red': {
      // RedQueueDisc in packet mode with ns-3.37's defaults: MinTh 5, MaxTh 15 (or redthresh),
      // QW 0.002, max_p 1/LInterm = 0.02, gentle, wait, MeanPktSize 500, hard drop, no mark_p,
      // the count kept on forced and overflow drops, idle time from the last dequeue, LinkBandwidth
      // and LinkDelay of the bottleneck (docs/models.md, RED: "Where ns-2.35 and ns-3.37 differ")
      const th = a.redthresh ? a.redthresh.split(':') : ['5', '15'];
      if (th.length !== 2 || th.some((x) => !(Number(x) >= 0)))
        throw new Ns3ArgumentError(`redthresh: min:max, got '${a.redthresh}'`);
      const params = {
        byteMode: false,
        queueInBytes: false,
        minThresh: Number(th[0]),
        maxThresh: Number(th[1]),
        qWeight: 0.002,
        maxP: 0.02,
        gentle: true,
        wait: true,
        meanPktSize: '500B',
        useMarkP: false,
        hardDrop: true,
        limitMode: 'fit',
        resetCountOnForcedDrop: false,
        idleFrom: 'dequeue',
        ecn,
      };
      return { queue: { type: 'red', params }, buffer, missing: need('red', 'ns-3 RedQueueDisc') };
    }
    case 'stepred':
    case 'step':
      // RedQueueDisc with MinTh = MaxTh = K, QW 1, gentle off, UseEcn on, UseHardDrop off: DCTCP
      // step marking on the queue disc's packets (the device queue's packet not counted)
      return {
        queue: { type: 'red', params: { stepThreshold: int(a, 'K', 1, 10_000_000), ecn: true, limitMode: 'fit' } },
        buffer,
        missing: need('red', "ns-3 RedQueueDisc as StepRED: the 'red' discipline's stepThreshold"),
      };
    case 'fqpie':
      return { buffer, missing: [`qtype=${a.qtype}: needs an FQ-PIE discipline (ns-3 FqPieQueueDisc)`] };
    default:
      throw new Ns3ArgumentError(`unknown qtype '${a.qtype}' (DropTail RED StepRED CoDel FqCoDel PIE FqPIE)`);
  }
}

/** What a case needs that this build lacks (empty when it can be translated). */
export function ns3MissingModels(args: Record<string, string>): string[] {
  const a = ns3Args(args);
  const kinds = ns3FlowKinds(a);
  const missing = ns3Queue(a, kinds.includes('Dctcp')).missing;
  return missing.filter((m, i) => missing.indexOf(m) === i);
}

/** Seconds excluded from the per-flow throughputs (dumbbell.cc `warmup`). */
export function ns3Warmup(args: Record<string, string>): number {
  return ns3Time('warmup', ns3Args(args).warmup);
}

/** Builds the scenario for `key=value` arguments of dumbbell.cc. */
export function ns3DumbbellScenario(name: string, args: Record<string, string>): ScenarioInput {
  const a = ns3Args(args);
  const kinds = ns3FlowKinds(a);
  const n = kinds.length;
  const ecnKey = a.ecn.toLowerCase();
  const ecn = ecnKey === 'auto' ? kinds.includes('Dctcp') : onOff(a, 'ecn');
  const q = ns3Queue(a, ecn);
  if (q.missing.length > 0) throw new Ns3NotCoveredError(q.missing);
  const accdelays = a.accdelays ? a.accdelays.split(',') : [];
  if (accdelays.length > 0 && accdelays.length !== n) throw new Ns3ArgumentError('accdelays needs one entry per flow');
  const T = ns3Time('T', a.T);
  const warmup = ns3Time('warmup', a.warmup);
  const sample = ns3Time('sample', a.sample);
  if (!(T > 0) || !(sample > 0) || warmup < 0 || warmup >= T)
    throw new Ns3ArgumentError('need T > 0, sample > 0, 0 <= warmup < T');
  int(a, 'cwndflow', 0, n - 1);
  int(a, 'K', 1, 10_000_000);
  const seed = int(a, 'seed', 1, 1_000_000_000);
  const recovery = a.recovery.toLowerCase();
  if (recovery !== 'classic' && recovery !== 'prr') throw new Ns3ArgumentError('recovery: prr or classic');
  const stagger = ns3Time('stagger', a.stagger);
  const cbrpkt = int(a, 'cbrpkt', 29, 1500);
  return dumbbell({
    name: `ns-3 reference: ${name}`,
    description: `Equivalent of ns-3.37 dumbbell ${Object.entries(args)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')} (see docs/validation.md).`,
    flows: kinds.map((kind, i) => {
      const start = sec(stagger * i);
      if (kind.startsWith('CBR:'))
        return {
          transport: { type: 'udp' },
          app: { type: 'cbr', params: { rate: bps(ns3Rate('flows', kind.slice(4))), packetSize: `${cbrpkt}B` } },
          start,
        };
      return { transport: ns3Tcp(kind, a, ecn), start };
    }),
    bottleneckRate: bps(ns3Rate('bw', a.bw)),
    bottleneckDelay: sec(ns3Time('delay', a.delay)),
    bottleneckBuffer: q.buffer,
    ...(q.queue ? { bottleneckQueue: q.queue } : {}),
    accessRate: bps(ns3Rate('accbw', a.accbw)),
    accessDelay: sec(ns3Time('accdelay', a.accdelay)),
    ...(accdelays.length > 0 ? { accessDelays: accdelays.map((d) => sec(ns3Time('accdelays', d))) } : {}),
    accessBuffer: '100000 packets',
    framingBytes: 2,
    bottleneckDeviceQueue: 1,
    duration: sec(T),
    seed,
    probeInterval: sec(sample),
  });
}
