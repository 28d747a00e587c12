import { dumbbell } from './builders.js';
import { ns2RedQueue, ns2TcpEcn } from './ns2Red.js';
import type { ScenarioInput, TransportSpec } from './types.js';

/**
 * Translates the arguments of the ns-2 reference script `validation/ns2/dumbbell.tcl` into an
 * equivalent cclab scenario, following the scenario semantics in validation/README.md and the
 * ns-2.35 defaults that script inherits (see docs/validation.md):
 * - TCP data packets are packetSize_ + 40 header bytes on the wire (ns-2 useHeaders_), the first
 *   segment is a 40-byte SYN sent at cwnd 1 (syn_, delay_growth_), initial window 2, initial
 *   ssthresh = window_ (class default set before the agents exist), Limited Transmit on;
 * - RTO from 10 ms ticks (ns-2's estimator), min 0.2 s, initial 3 s, max 60 s;
 * - ACKs 40 bytes (+8 per SACK block), one per data packet;
 * - access queues 100000 packets; flow i starts at stagger·i;
 * - qtype=RED with `redthresh` and the RED wrapper's `red_*` / `tcp_ecn` keys: see ns2Red.ts.
 * Every key of the script is known here: an unknown key (a typo) is an error, never ignored.
 * `warmup` and `cwndflow` change what the script measures, not the network: the scenario is the
 * same, and validation/ns2Run.ts measures as the script does (throughput after `warmup`, the trace
 * of flow `cwndflow`'s cwnd).
 */

export const NS2_DEFAULTS = {
  n: '4',
  tcp: 'Newreno',
  flows: '',
  bw: '10Mb',
  delay: '20ms',
  qlim: '50',
  qtype: 'DropTail',
  accbw: '100Mb',
  accdelay: '5ms',
  accdelays: '',
  T: '60',
  pkt: '1000',
  win: '1000',
  stagger: '0.1',
  cwndflow: '0',
  sample: '0.1',
  warmup: '0',
  cbrpkt: '1000',
  vegas_alpha: '1',
  vegas_beta: '3',
  redthresh: '',
};

export type Ns2Args = typeof NS2_DEFAULTS;

/** ns-2 rate strings ("10Mb", "1Gb") are bit/s with SI prefixes, as ours. */
function rate(s: string): string {
  return /^[0-9.]+$/.test(s) ? `${s}bps` : s;
}

function tcp(
  cc: string,
  a: Ns2Args,
  extra: Record<string, unknown> = {},
  ccParams?: Record<string, unknown>,
): TransportSpec {
  const pkt = Number(a.pkt);
  const win = Number(a.win);
  return {
    type: 'tcp',
    cc,
    ...(ccParams ? { ccParams } : {}),
    params: {
      packetSize: `${pkt + 40}B`,
      headerSize: '40B',
      ackSize: '40B',
      initialWindow: 2,
      initialSsthresh: win,
      maxWindow: win,
      handshake: true,
      limitedTransmit: true,
      minRto: '200ms',
      initialRto: '3s',
      maxRto: '60s',
      clockGranularity: '10ms',
      rttEstimator: 'ns2',
      ...extra,
    },
  };
}

export function ns2FlowTransport(
  spec: string,
  a: Ns2Args,
): { transport: TransportSpec; app?: { type: string; params?: Record<string, unknown> } } {
  const [kind, arg] = spec.split(':');
  switch (kind) {
    case 'Newreno':
      return { transport: tcp('newreno', a) };
    case 'Reno':
      return { transport: tcp('reno', a) };
    case 'Tahoe':
      return { transport: tcp('tahoe', a) };
    case 'Sack':
      // Agent/TCP/Sack1: its pipe counter and hole cursor, not RFC 6675 (Sack1Recovery)
      return { transport: tcp('sack', a, { sackRecovery: 'ns2' }) };
    case 'Vegas':
      // ns-2 VegasTcpAgent::output adds no header and has no SYN: every packet is packetSize_
      // bytes and cwnd starts at 1 (delay_growth_) without an opening segment, the initial
      // window taken on the ACK after segment 0's (VegasTcpAgent::recv)
      return {
        transport: tcp(
          'vegas',
          a,
          { packetSize: `${Number(a.pkt)}B`, handshake: false, delayGrowth: true },
          { alpha: Number(a.vegas_alpha), beta: Number(a.vegas_beta) },
        ),
      };
    case 'DCCP':
      // ns-2 Agent/DCCP/TCPlike or /TFRC; the script sets packetSize_ (payload; +32 header bytes)
      if (arg === 'TCPlike') return { transport: { type: 'dccp-ccid2', params: { packetSize: `${a.pkt}B` } } };
      // Agent/DCCP/TFRC: its own model (dccp_tfrc.cc: window-counter RTT and loss events,
      // zero-filled first loss history, s_s_ 500 B whatever packetSize_ is), see docs/models.md
      if (arg === 'TFRC')
        return { transport: { type: 'dccp-ccid3', params: { model: 'ns2', packetSize: `${a.pkt}B` } } };
      throw new Error(`ns-2 flow kind ${spec} has no cclab equivalent yet`);
    case 'TFRC':
      // ns-2 Agent/TFRC + Agent/TFRCSink defaults; packetSize_ set by the script, +32 header bytes
      return { transport: { type: 'tfrc', params: { packetSize: `${a.pkt}B` } } };
    case 'Linux':
      if (arg === 'cubic') {
        // Agent/TCP/Linux + select_ca cubic: the Linux 2.6.22 tcp_cubic.c module (β = 819/1024,
        // C = 41·10/1024) inside ns-2's Linux agent (tcp-linux.cc: FACK scoreboard, rate halving,
        // timer restarted by every ACK, 1 ms jiffies so the RTO is counted in 1 ms ticks); SACK
        // sink; timestamps on (10-byte option on every data packet); the first window is 2
        // packets with no delayed growth, segment 0 being a 40-byte header-only one (syn_); the
        // Sack1 sink chooses its blocks as ns-2's Sacker does
        return {
          transport: tcp(
            'cubic',
            a,
            {
              packetSize: `${Number(a.pkt) + 50}B`,
              headerSize: '50B',
              handshake: false,
              headerOnlyFirst: true,
              sackStyle: 'ns2',
              timestamps: true,
              lossRecovery: 'linux',
              clockGranularity: '1ms',
            },
            { beta: 819 / 1024, c: 0.4, rtt: 'min', impl: 'linux-2.6.22' },
          ),
        };
      }
      if (arg === 'compound') {
        // Agent/TCP/Linux + select_ca compound (tcp/linux/src/tcp_compound.c), agent as for cubic
        const linux = {
          packetSize: `${Number(a.pkt) + 50}B`,
          headerSize: '50B',
          handshake: false,
          headerOnlyFirst: true,
          sackStyle: 'ns2',
          timestamps: true,
          lossRecovery: 'linux',
          clockGranularity: '1ms',
        };
        return { transport: tcp('compound', a, linux, {}) };
      }
      throw new Error(`ns-2 flow kind ${spec} has no cclab equivalent yet`);
    case 'CBR':
      return {
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate: rate(arg ?? '1Mb'), packetSize: `${a.cbrpkt}B` } },
      };
    default:
      throw new Error(`ns-2 flow kind ${spec} has no cclab equivalent yet`);
  }
}

/** Keys of the scheduler variant script sched.tcl (see ns2Scheduler), each for one qtype. */
const SCHEDULER_KEYS: Record<string, string> = {
  drr_buckets: 'DRR',
  drr_quantum: 'DRR',
  drr_blimit: 'DRR',
  drr_mask: 'DRR',
  sfq_buckets: 'SFQ',
  sfq_maxqueue: 'SFQ',
  fq_limit: 'FQ',
};

/**
 * The script's arguments with its defaults filled in; throws naming the key for an unknown key,
 * a measurement setting out of range, or a setting the engine cannot honour yet.
 */
export function ns2Args(args: Record<string, string>): Ns2Args {
  const known = [...Object.keys(NS2_DEFAULTS), ...Object.keys(SCHEDULER_KEYS)];
  // red_* and tcp_* are the keys of the RED wrapper red.tcl, checked by ns2Red.ts
  for (const k of Object.keys(args))
    if (!known.includes(k) && !/^(red|tcp)_/.test(k))
      throw new Error(`dumbbell.tcl has no argument "${k}" (known: ${known.join(', ')}, red_*, tcp_*)`);
  const a: Ns2Args = { ...NS2_DEFAULTS, ...args };
  for (const k of Object.keys(args))
    if (k in SCHEDULER_KEYS && SCHEDULER_KEYS[k] !== a.qtype)
      throw new Error(`${k} applies to qtype=${SCHEDULER_KEYS[k]} only, not qtype=${a.qtype}`);
  const T = Number(a.T);
  const warmup = Number(a.warmup);
  if (!(warmup >= 0 && warmup < T)) throw new Error(`warmup=${a.warmup} must lie in [0, T=${a.T}) seconds`);
  const n = flowSpecs(a).length;
  const cwndflow = Number(a.cwndflow);
  if (!(Number.isInteger(cwndflow) && cwndflow >= 0 && cwndflow < n))
    throw new Error(`cwndflow=${a.cwndflow} is not a flow index (0–${n - 1})`);
  // RED settings (redthresh, red_*) reach the RED discipline only with qtype=RED (ns2Red.ts)
  const redKey = a.redthresh !== '' ? 'redthresh' : Object.keys(args).find((k) => k.startsWith('red_'));
  if (redKey && a.qtype.toLowerCase() !== 'red')
    throw new Error(`${redKey} applies to the RED queue only (qtype=RED), not qtype=${a.qtype}`);
  return a;
}

function flowSpecs(a: Ns2Args): string[] {
  return a.flows ? a.flows.split(',') : Array.from({ length: Number(a.n) }, () => a.tcp);
}

/** Builds the scenario for `key=value` arguments of dumbbell.tcl. */
export function ns2DumbbellScenario(name: string, args: Record<string, string>): ScenarioInput {
  const a = ns2Args(args);
  const specs = flowSpecs(a);
  const stagger = Number(a.stagger);
  const qtype = a.qtype.toLowerCase();
  const scheduler = ns2Scheduler(a.qtype, args);
  // tcp_<var>=<value> (test/fixtures/ns2-scripts/red.tcl: Agent/TCP set <var>_ <value>)
  const tcpEcn = ns2TcpEcn(args);
  const flows = specs.map((s, i) => {
    const f = ns2FlowTransport(s, a);
    if (tcpEcn && f.transport.type === 'tcp')
      f.transport = { ...f.transport, params: { ...f.transport.params, ecn: true } };
    return { ...f, start: `${+(stagger * i).toFixed(9)}s` };
  });
  return dumbbell({
    name: `ns-2 reference: ${name}`,
    description: `Equivalent of ns dumbbell.tcl ${Object.entries(args)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')} (see docs/validation.md).`,
    flows,
    bottleneckRate: rate(a.bw),
    bottleneckDelay: a.delay,
    // ns-2's DRR, SFQ and FQ never read the link's queue-limit (their own limits are parameters)
    bottleneckBuffer: scheduler ? '100000 packets' : `${a.qlim} packets`,
    ...(scheduler
      ? { bottleneckQueue: scheduler }
      : qtype === 'red'
        ? { bottleneckQueue: ns2RedQueue(args) }
        : qtype !== 'droptail'
          ? { bottleneckQueue: { type: qtype } }
          : {}),
    accessRate: rate(a.accbw),
    accessDelay: a.accdelay,
    ...(a.accdelays ? { accessDelays: a.accdelays.split(',') } : {}),
    accessBuffer: '100000 packets',
    duration: `${a.T}s`,
    probeInterval: `${a.sample}s`,
  });
}

/**
 * ns-2.35's packet schedulers as explicit cclab parameters: their class defaults from
 * ns-default.tcl (Queue/DRR buckets_ 10, blimit_ 25000, quantum_ 250, mask_ 0; Queue/SFQ
 * maxqueue_ 40, buckets_ 16; FQLink's per-flow DropTail queues, limit_ 50), or the values the
 * scheduler variant script (test/fixtures/ns2-scripts/sched.tcl) sets from its `drr_*`, `sfq_*`
 * and `fq_limit` keys. ns-2 hashes node addresses (DRR: the source; SFQ: source + destination);
 * the dumbbell's nodes are numbered as ns-2 numbers them. Null for other queue types.
 */
export function ns2Scheduler(
  qtype: string,
  args: Record<string, string>,
): { type: string; params: Record<string, unknown> } | null {
  const arg = (k: string, d: string) => args[k] ?? d;
  switch (qtype) {
    case 'DRR':
      return {
        type: 'drr',
        params: {
          by: 'ns2',
          buckets: Number(arg('drr_buckets', '10')),
          quantum: `${arg('drr_quantum', '250')}B`,
          sharedLimit: 'blimit',
          blimit: `${arg('drr_blimit', '25000')}B`,
          mask: arg('drr_mask', '0') !== '0',
        },
      };
    case 'SFQ':
      return {
        type: 'sfq',
        params: {
          buckets: Number(arg('sfq_buckets', '16')),
          maxqueue: Number(arg('sfq_maxqueue', '40')),
          hash: 'ns2',
          perturbInterval: '0s',
        },
      };
    case 'FQ':
      return { type: 'fq', params: { flowLimit: Number(arg('fq_limit', '50')) } };
    default:
      return null;
  }
}

/** Parses a given.list line: "name script key=value ...". */
export function parseGivenLine(line: string): { name: string; script: string; args: Record<string, string> } | null {
  const t = line.trim();
  if (!t || t.startsWith('#')) return null;
  const [name, script, ...kv] = t.split(/\s+/);
  const args: Record<string, string> = {};
  for (const x of kv) {
    const i = x.indexOf('=');
    args[x.slice(0, i)] = x.slice(i + 1);
  }
  return { name: name!, script: script!, args };
}
