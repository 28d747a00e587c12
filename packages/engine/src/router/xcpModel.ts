import type { BufferLimit } from '../core/units.js';
import { bool, num, resolveParams, str } from '../model/params.js';
import type { QueueBuildContext, QueueModel } from '../queue/QueueModel.js';
import { redModel } from '../queue/RedQueueDisc.js';
import { DropTailQueueDisc } from '../queue/DropTailQueueDisc.js';
import type { QueueDisc } from '../net/QueueDisc.js';
import { XCP_PROBES, XcpControlledQueue } from './XcpControlledQueue.js';
import { XCP_FAIRNESS_LAWS, type XcpFairnessLaw } from './XcpFairness.js';
import { XcpQueueDisc } from './XcpQueueDisc.js';

/** The queue for TCP or other traffic: ns-2.35 makes both a Queue/RED with its class defaults. */
function sideQueue(kind: string, limit: BufferLimit, build: QueueBuildContext): QueueDisc {
  if (kind === 'droptail') return new DropTailQueueDisc({ limit, dropFrom: 'tail' });
  if (kind === 'child') return build.makeChild();
  return redModel.create(resolveParams(redModel.info.params, {}, 'red', []), limit, build);
}

/**
 * Registry entry of the XCP router queue (queue discipline `xcp`): ns-2.35 Queue/XCP with its
 * three virtual queues and the XCP controller, the fairness law pluggable (seed 003).
 */
export const xcpModel: QueueModel = {
  info: {
    id: 'xcp',
    category: 'queue',
    name: 'XCP router',
    description:
      'Explicit Control Protocol router: an efficiency controller (φ = α·(C − y) − β·Q/d) and a pluggable fairness controller write per-packet window feedback into XCP headers; TCP and other traffic wait in separate virtual queues served round robin.',
    citation:
      'Katabi, Handley & Rohrs, SIGCOMM 2002 §3; ns-2.35 xcp/xcpq.cc, xcp/xcp.cc, tcl/lib/ns-queue.tcl (Queue/XCP); seed 003 §3 (fairness-controller laws)',
    params: [
      num_(
        'alpha',
        'α (efficiency gain)',
        0.4,
        0,
        10,
        'Gain on spare bandwidth (Katabi et al. §3.5, ns-2 ALPHA_ 0.4).',
      ),
      num_('beta', 'β (queue gain)', 0.226, 0, 10, 'Gain on the persistent queue (ns-2 BETA_ 0.226).'),
      num_(
        'gamma',
        'γ (shuffling)',
        0.1,
        0,
        1,
        'Fraction of the input traffic reallocated every interval (ns-2 GAMMA_ 0.1).',
      ),
      {
        key: 'fairness',
        label: 'Fairness controller',
        kind: 'enum',
        default: 'aimd',
        options: XCP_FAIRNESS_LAWS,
        description:
          "How feedback is split among flows (seed 003 §3): AIMD (XCP's own), SIMD (square or fourth root), SQRT, IIAD, MIMD, or a general binomial (k, l).",
      },
      num_(
        'k',
        'Binomial k',
        0,
        -2,
        2,
        'Binomial law: increase ∝ r^(−k) per interval (AIMD 0, SQRT ½, IIAD 1, MIMD −1).',
      ),
      num_('l', 'Binomial l', 1, 0, 2, 'Binomial law: decrease ∝ r^l per interval (AIMD 1, SQRT ½, IIAD 0).'),
      num_(
        'simdRoot',
        'SIMD root exponent',
        0.5,
        0.05,
        1,
        "SIMD: increase ∝ (r − r₀)^e; ½ is Jin et al.'s square root, ¼ the thesis's fourth root.",
      ),
      {
        key: 'simdWindow',
        label: 'SIMD window',
        kind: 'enum',
        default: 'current',
        options: ['current', 'previous'],
        description:
          "SIMD: use the current throughput w(t) or the previous interval's w(t−1) in (r − r₀) (the thesis's proposal uses w(t−1); never written as an equation).",
      },
      {
        key: 'simdAlpha',
        label: 'SIMD α factor',
        kind: 'boolean',
        default: true,
        description: 'SIMD: scale by α = 3√β / ((1 − 2β/3)·(2·r_max)^e) (seed 003 eq. 3.8).',
      },
      num_(
        'simdBeta',
        'SIMD β (gain)',
        1.236,
        0.01,
        1.49,
        'SIMD gain β in α (eq. 3.8: 1.236; fourth-root proposal: 1.267).',
      ),
      {
        key: 'tcpQueue',
        label: 'TCP/other queues',
        kind: 'enum',
        default: 'red',
        options: ['red', 'droptail', 'child'],
        description:
          "Discipline of the virtual queues for TCP and other traffic: ns-2's Queue/RED with its defaults, a DropTail of the port's limit, or the scenario's queue.child (e.g. RED with the thresholds of ns-2's xcp-tcp.tcl).",
      },
      num_('xcpWeight', 'XCP queue weight', 0.5, 0, 100, 'Round-robin weight of the XCP queue (ns-2 0.5).'),
      num_('tcpWeight', 'TCP queue weight', 0.5, 0, 100, 'Round-robin weight of the TCP queue (ns-2 0.5).'),
      num_('otherWeight', 'Other queue weight', 0, 0, 100, 'Round-robin weight of the other queue (ns-2 0).'),
      {
        key: 'shareCapacity',
        label: 'Split capacity with TCP',
        kind: 'boolean',
        default: false,
        description:
          'Give the XCP controller only the XCP weight × link rate (ns-2 Queue/XCP tcp_xcp_on_, off by default: the controller assumes the whole link).',
      },
      dur(
        'initialInterval',
        'Initial interval',
        0.05,
        'Control interval before any RTT is known (ns-2 INITIAL_Te_VALUE).',
      ),
      dur('minInterval', 'Minimum interval', 0.001, 'Shortest control interval (ns-2 XCP_MIN_INTERVAL).'),
      dur('maxRtt', 'RTT cap', 1, 'RTTs above this count as this in the average RTT (ns-2 XCP_MAX_INTERVAL).'),
      dur('minQueueInterval', 'Minimum T_q', 0.002, 'Shortest persistent-queue interval (ns-2 xcpq.cc Tq_timeout).'),
      {
        key: 'randomTimerStart',
        label: 'Random timer start',
        kind: 'boolean',
        default: true,
        description:
          'First control and queue timeouts at max(4 ms, N(T, 0.2·T)) as ns-2 does, so routers are not synchronised.',
      },
    ],
    classful: true,
    probes: XCP_PROBES,
    presets: {
      'XCP-AIMD (ns-2)': { fairness: 'aimd' },
      'XCP-SIMD (square root)': {
        fairness: 'simd',
        simdRoot: 0.5,
        simdWindow: 'current',
        simdAlpha: true,
        simdBeta: 1.236,
      },
      'XCP fourth-root SIMD (thesis)': {
        fairness: 'simd',
        simdRoot: 0.25,
        simdWindow: 'previous',
        simdAlpha: true,
        simdBeta: 1.267,
      },
      'XCP-SQRT': { fairness: 'sqrt' },
      'XCP-IIAD': { fairness: 'iiad' },
      'XCP-MIMD': { fairness: 'mimd' },
    },
  },
  create(p, limit, build) {
    const xcp = new XcpControlledQueue(
      {
        alpha: num(p, 'alpha'),
        beta: num(p, 'beta'),
        gamma: num(p, 'gamma'),
        initialIntervalS: num(p, 'initialInterval'),
        minIntervalS: num(p, 'minInterval'),
        maxRttS: num(p, 'maxRtt'),
        minQueueIntervalS: num(p, 'minQueueInterval'),
        capacityFraction: bool(p, 'shareCapacity') ? num(p, 'xcpWeight') : 1,
        randomTimerStart: bool(p, 'randomTimerStart'),
        fairness: {
          law: str(p, 'fairness') as XcpFairnessLaw,
          k: num(p, 'k'),
          l: num(p, 'l'),
          simdRoot: num(p, 'simdRoot'),
          simdWindow: str(p, 'simdWindow') as 'current' | 'previous',
          simdAlpha: bool(p, 'simdAlpha'),
          simdBeta: num(p, 'simdBeta'),
        },
      },
      limit,
    );
    const side = str(p, 'tcpQueue');
    return new XcpQueueDisc({
      xcp,
      tcp: sideQueue(side, limit, build),
      other: sideQueue(side, limit, build),
      weights: [num(p, 'xcpWeight'), num(p, 'tcpWeight'), num(p, 'otherWeight')],
    });
  },
  check(p) {
    if (bool(p, 'shareCapacity') && num(p, 'xcpWeight') > 1)
      return [{ key: 'xcpWeight', message: 'with shareCapacity the XCP weight is a fraction of the link (at most 1)' }];
    return [];
  },
};

function num_(key: string, label: string, def: number, min: number, max: number, description: string) {
  return { key, label, kind: 'number' as const, default: def, min, max, description };
}

function dur(key: string, label: string, def: number, description: string) {
  return { key, label, kind: 'duration' as const, default: def, min: 0.0001, max: 10, unit: 's', description };
}
