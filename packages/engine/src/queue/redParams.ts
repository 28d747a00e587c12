/**
 * RED and Adaptive RED parameters: the registry schema (defaults = ns-2.35's Queue/RED defaults,
 * tcl/lib/ns-default.tcl, so that `{type: "red"}` means what `Queue/RED` means in an ns-2 script),
 * the automatic rules ns-2 applies when a parameter is 0 or −1 (queue/red.cc
 * `REDQueue::initialize_params` and `reset`), and the cross-parameter checks.
 */
import type { BufferLimit } from '../core/units.js';
import { bool, num, str } from '../model/params.js';
import type { ParamSpec, ResolvedParams } from '../model/types.js';
import type { QueueCheckEnv, QueueParamIssue } from './QueueModel.js';

export type RedDropFrom = 'tail' | 'front' | 'random';
export type RedLimitMode = 'ns2' | 'fit';
export type RedIdleFrom = 'transmitEnd' | 'dequeue';

/** RED's configuration in canonical units (thresholds in packets of `meanPktSizeBytes`). */
export interface RedConfig {
  /** ns-2 thresh_: minimum threshold, packets; 0 = automatic. */
  readonly minThreshPackets: number;
  /** ns-2 maxthresh_: maximum threshold, packets; 0 = automatic (3 × minimum). */
  readonly maxThreshPackets: number;
  /** ns-2 q_weight_: EWMA weight; 0, −1, −2 select ns-2's automatic rules. */
  readonly qWeight: number;
  /** 1 / ns-2 linterm_ (the initial max_p for Adaptive RED). */
  readonly maxP: number;
  readonly gentle: boolean;
  readonly wait: boolean;
  /** ns-2 bytes_: count in bytes, p scaled by size / meanPktSize. */
  readonly byteMode: boolean;
  /** ns-2 queue_in_bytes_: average queue and thresholds in bytes. */
  readonly queueInBytes: boolean;
  readonly meanPktSizeBytes: number;
  readonly targetDelayS: number;
  /** ns-2 setbit_: mark ECT packets instead of dropping them early. */
  readonly ecn: boolean;
  readonly useMarkP: boolean;
  readonly markP: number;
  readonly hardDrop: boolean;
  readonly dropFrom: RedDropFrom;
  readonly limitMode: RedLimitMode;
  readonly resetCountOnForcedDrop: boolean;
  readonly idleFrom: RedIdleFrom;
  /** DCTCP K, packets; 0 = off (the RED law applies). */
  readonly stepThresholdPackets: number;
  /** Adaptive RED (ns-2 adaptive_ 1): max_p adapted every `intervalS`. */
  readonly adaptive: boolean;
  readonly alpha: number;
  readonly beta: number;
  readonly intervalS: number;
  readonly top: number;
  /** Lower bound for max_p; 0 = automatic. */
  readonly bottom: number;
}

/** The parameters RED and Adaptive RED share (ns-2.35 Queue/RED defaults). */
const COMMON: ParamSpec[] = [
  {
    key: 'minThresh',
    label: 'Min threshold',
    kind: 'number',
    default: 0,
    min: 0,
    max: 1e6,
    unit: 'packets',
    description:
      'Minimum threshold of the average queue (ns-2 thresh_), in packets of meanPktSize bytes (×meanPktSize bytes when queueInBytes). 0 = automatic: max(5, targetDelay × C / 2) with C = link rate / (8 × meanPktSize) packets/s (ns-2 initialize_params). An ns-3 MinTh in bytes is MinTh / MeanPktSize here.',
  },
  {
    key: 'maxThresh',
    label: 'Max threshold',
    kind: 'number',
    default: 0,
    min: 0,
    max: 1e6,
    unit: 'packets',
    description:
      'Maximum threshold of the average queue (ns-2 maxthresh_), in the same units as minThresh. 0 = automatic: 3 × minThresh (ns-2 initialize_params). Above it the drop probability rises from maxP to 1 at 2 × maxThresh (gentle) or is 1.',
  },
  {
    key: 'qWeight',
    label: 'Queue weight',
    kind: 'number',
    default: -1,
    min: -2,
    max: 1,
    description:
      'EWMA weight w of the average queue, avg ← (1 − w)·avg + w·q on every arrival (Floyd & Jacobson 1993 §4; ns-2 q_weight_). Special values as in ns-2 initialize_params, with C = link rate / (8 × meanPktSize): −1 (default) w = 1 − exp(−1 / (10 · RTT · C)) with RTT = max(0.1 s, 3 × (link delay + 1/C)); 0: w = 1 − exp(−1/C); −2: w = 1 − exp(−10/C). ns-3 QW takes the same values.',
  },
  {
    key: 'maxP',
    label: 'max_p',
    kind: 'number',
    default: 0.1,
    min: 1e-6,
    max: 1,
    description:
      'Drop probability at the maximum threshold, = 1 / ns-2 linterm_ (ns-2 default linterm_ 10; ns-3 LInterm 50 gives 0.02). Adaptive RED starts from it.',
  },
  {
    key: 'gentle',
    label: 'Gentle',
    kind: 'boolean',
    default: true,
    description:
      'Between maxThresh and 2 × maxThresh the probability rises linearly from maxP to 1 (ns-2 gentle_, ns-3 Gentle; Floyd 2000); off: p = 1 at maxThresh and above.',
  },
  {
    key: 'wait',
    label: 'Wait',
    kind: 'boolean',
    default: true,
    description:
      'Wait between drops (ns-2 wait_, ns-3 Wait): with n packets since the last drop, p_a = 0 while n·p_b < 1, p_b / (2 − n·p_b) while n·p_b < 2, else 1; off: p_a = p_b / (1 − n·p_b) (Floyd & Jacobson 1993 §4), 1 once n·p_b ≥ 1.',
  },
  {
    key: 'byteMode',
    label: 'Byte mode',
    kind: 'boolean',
    default: true,
    description:
      'ns-2 bytes_: n counts bytes since the last drop in units of meanPktSize (integer division) and p_a is scaled by packet size / meanPktSize (Floyd & Jacobson 1993 §4, byte mode), so small packets are rarely dropped. ns-3 does this when its MaxSize is in bytes; its packet mode is byteMode off with queueInBytes off.',
  },
  {
    key: 'queueInBytes',
    label: 'Queue in bytes',
    kind: 'boolean',
    default: true,
    description:
      'ns-2 queue_in_bytes_: the average is taken over the queue in bytes and the thresholds are minThresh × meanPktSize and maxThresh × meanPktSize bytes; off: everything in packets.',
  },
  {
    key: 'meanPktSize',
    label: 'Mean packet size',
    kind: 'size',
    default: 500,
    min: 1,
    max: 65535,
    unit: 'B',
    description:
      'ns-2 mean_pktsize_ / ns-3 MeanPktSize: the packet size that converts the link rate into C packets/s (automatic thresholds and weight, idle-time decay) and the thresholds into bytes; with limitMode ns2 and queueInBytes, a buffer of N packets holds N × meanPktSize bytes.',
  },
  {
    key: 'targetDelay',
    label: 'Target delay',
    kind: 'duration',
    default: 0.005,
    min: 1e-6,
    max: 10,
    description:
      'ns-2 targetdelay_ / ns-3 TargetDelay: the automatic minThresh is targetDelay × C / 2 packets (at least 5), so the average queue sits near targetDelay (Floyd, Gummadi & Shenker 2001 §5).',
  },
  {
    key: 'ecn',
    label: 'ECN',
    kind: 'boolean',
    default: false,
    description:
      'ns-2 setbit_ / ns-3 UseEcn: an early (probabilistic) decision sets CE on an ECN-capable packet instead of dropping it (RFC 3168 §7); packets that are not ECT are dropped. Forced and overflow drops still drop.',
  },
  {
    key: 'useMarkP',
    label: 'Use mark_p',
    kind: 'boolean',
    default: true,
    description:
      'ns-2 use_mark_p_ (default true since 2005): there is no forced drop for a high average — above maxThresh (2 × maxThresh when gentle) p_b = 1 and arrivals are dropped through the early path — and ECT packets are marked only while p_b < markP, dropped above. Off: ns-2 with use_mark_p_ false and ns-3 RedQueueDisc: every arrival is a forced drop once the average reaches maxThresh (2 × maxThresh when gentle), and ECN marks at any p_b below that.',
  },
  {
    key: 'markP',
    label: 'mark_p',
    kind: 'number',
    default: 0.1,
    min: 0,
    max: 2,
    description:
      'ns-2 mark_p_: with useMarkP and ecn, an early decision marks the ECT packet when p_b < markP (ns-2.35 red.cc drop_early, strict <) and drops it otherwise; 2 marks always.',
  },
  {
    key: 'hardDrop',
    label: 'Hard drop',
    kind: 'boolean',
    default: true,
    description:
      'With useMarkP off and ecn on: a forced drop (average above maxThresh, or 2 × maxThresh when gentle) drops ECT packets too (ns-3 UseHardDrop true, the ns-3 default, and ns-2 with use_mark_p_ false); off marks them instead (ns-3 UseHardDrop false).',
  },
  {
    key: 'dropFrom',
    label: 'Forced-drop victim',
    kind: 'enum',
    default: 'tail',
    options: ['tail', 'front', 'random'],
    description:
      'Which packet a forced or overflow drop discards once the arrival has joined the queue (ns-2 pickPacketToDrop): tail = the arrival (drop_tail_, default), front = the second-oldest waiting packet, or the arrival when it is alone (drop_front_: victim index min(1, length − 1)), random = a uniformly chosen one (drop_rand_). Early drops always take the arrival.',
  },
  {
    key: 'limitMode',
    label: 'Hard limit',
    kind: 'enum',
    default: 'ns2',
    options: ['ns2', 'fit'],
    description:
      "ns2: an arrival is refused once the packets waiting already reach the port buffer, i.e. up to N packets wait beside the one on the wire (ns-2 red.cc enque: qlen ≥ qlim); with queueInBytes a buffer of N packets also counts as N × meanPktSize bytes (ns-2 qlim_ × mean_pktsize_), and a byte buffer is refused once the bytes waiting reach it. fit: refused when the arrival would not fit (waiting + 1 > N packets, or bytes + size > the byte buffer: ns-3's internal DropTailQueue).",
  },
  {
    key: 'resetCountOnForcedDrop',
    label: 'Reset count on forced drop',
    kind: 'boolean',
    default: true,
    description:
      'A forced or overflow drop resets the count of packets since the last drop (ns-2 with ns1_compat_ false, its default); off: only early drops reset it (ns-3 with Ns1Compat false, its default, where overflow happens in the internal queue).',
  },
  {
    key: 'idleFrom',
    label: 'Idle since',
    kind: 'enum',
    default: 'transmitEnd',
    options: ['transmitEnd', 'dequeue'],
    description:
      "When the queue empties, the average decays as if m = ⌊C × idle time⌋ empty-queue arrivals had happened (Floyd & Jacobson 1993 §4). transmitEnd: idle from the end of the last packet's transmission (ns-2: Queue::resume finds the queue empty); dequeue: from the moment the last packet left the queue (ns-3 RedQueueDisc::DoDequeue on an empty queue, which with a one-packet device queue is when that packet starts transmission).",
  },
];

const STEP: ParamSpec = {
  key: 'stepThreshold',
  label: 'Step threshold K',
  kind: 'integer',
  default: 0,
  min: 0,
  max: 1e6,
  unit: 'packets',
  description:
    "DCTCP marking (RFC 8257 §3.1): when K > 0 the RED law is replaced by a step on the instantaneous queue — an arrival finding at least K packets waiting (and more than 1) is CE-marked if ECT and dropped if not (reason step); no average, no forced drop; the hard limit still applies, to the buffer as given (byteMode, queueInBytes and the other RED parameters are ignored). This is ns-3.37's RedQueueDisc with MinTh = MaxTh = K, QW 1, Gentle off, UseEcn on, UseHardDrop off. 0 = off.",
};

const ADAPTIVE: ParamSpec[] = [
  {
    key: 'alpha',
    label: 'alpha',
    kind: 'number',
    default: 0.01,
    min: 0,
    max: 1,
    description:
      'Additive increase of max_p when the average is above the target range: max_p += min(alpha, max_p / 4) (ns-2 alpha_, ns-3 Alpha; Floyd, Gummadi & Shenker 2001 §4).',
  },
  {
    key: 'beta',
    label: 'beta',
    kind: 'number',
    default: 0.9,
    min: 0,
    max: 1,
    description:
      'Multiplicative decrease of max_p when the average is below the target range: max_p ×= beta (ns-2 beta_, ns-3 Beta; Floyd, Gummadi & Shenker 2001 §4).',
  },
  {
    key: 'interval',
    label: 'Interval',
    kind: 'duration',
    default: 0.5,
    min: 1e-6,
    max: 3600,
    description:
      'Adaptation interval (ns-2 interval_, ns-3 Interval): at the first arrival more than interval after the last change of max_p, max_p is adapted if the new average is outside [min + 0.4·(max − min), max − 0.4·(max − min)] (ns-2 estimator / updateMaxP).',
  },
  {
    key: 'top',
    label: 'Top',
    kind: 'number',
    default: 0.5,
    min: 0,
    max: 1,
    description: 'max_p is increased only while below top (ns-2 top_, ns-3 Top).',
  },
  {
    key: 'bottom',
    label: 'Bottom',
    kind: 'number',
    default: 0,
    min: 0,
    max: 1,
    description:
      'max_p is decreased only while above bottom (ns-2 bottom_). 0 = automatic: min(0.01, 80000 / link rate in bit/s), ns-2 initialize_params (1/W for 1000-byte packets and 100 ms RTTs); ns-3 instead uses min(0.01, 8 × MeanPktSize × Rtt / rate) — give that value explicitly to match it.',
  },
];

/** Registry parameters of `red`. */
export const RED_PARAMS: readonly ParamSpec[] = [...COMMON, STEP];
/** Registry parameters of `ared` (RED's, without step marking, plus the adaptation). */
export const ARED_PARAMS: readonly ParamSpec[] = [...COMMON, ...ADAPTIVE];

export function redConfig(p: ResolvedParams, adaptive: boolean): RedConfig {
  return {
    minThreshPackets: num(p, 'minThresh'),
    maxThreshPackets: num(p, 'maxThresh'),
    qWeight: num(p, 'qWeight'),
    maxP: num(p, 'maxP'),
    gentle: bool(p, 'gentle'),
    wait: bool(p, 'wait'),
    byteMode: bool(p, 'byteMode'),
    queueInBytes: bool(p, 'queueInBytes'),
    meanPktSizeBytes: num(p, 'meanPktSize'),
    targetDelayS: num(p, 'targetDelay'),
    ecn: bool(p, 'ecn'),
    useMarkP: bool(p, 'useMarkP'),
    markP: num(p, 'markP'),
    hardDrop: bool(p, 'hardDrop'),
    dropFrom: str(p, 'dropFrom') as RedDropFrom,
    limitMode: str(p, 'limitMode') as RedLimitMode,
    resetCountOnForcedDrop: bool(p, 'resetCountOnForcedDrop'),
    idleFrom: str(p, 'idleFrom') as RedIdleFrom,
    stepThresholdPackets: adaptive ? 0 : num(p, 'stepThreshold'),
    adaptive,
    alpha: adaptive ? num(p, 'alpha') : 0,
    beta: adaptive ? num(p, 'beta') : 1,
    intervalS: adaptive ? num(p, 'interval') : Infinity,
    top: adaptive ? num(p, 'top') : 1,
    bottom: adaptive ? num(p, 'bottom') : 0,
  };
}

/** The values RED derives from its configuration and the link (ns-2 initialize_params, reset). */
export interface RedDerived {
  /** Packet time constant C: mean-size packets the link sends per second. */
  readonly ptc: number;
  readonly qWeight: number;
  readonly minThreshPackets: number;
  readonly maxThreshPackets: number;
  readonly bottom: number;
}

/** C = rate / (8 · meanPktSize), packets/s (ns-2 reset / "link" command: edp_.ptc). */
export function redPacketTimeConstant(rateBps: number, meanPktSizeBytes: number): number {
  return rateBps / (8 * meanPktSizeBytes);
}

/** ns-2 initialize_params: the weight for q_weight_ 0, −1, −2; other values as given. */
export function redQueueWeight(qWeight: number, ptc: number, linkDelayS: number): number {
  if (qWeight === 0) return 1 - Math.exp(-1 / ptc);
  if (qWeight === -1) {
    const rtt = Math.max(0.1, 3 * (linkDelayS + 1 / ptc));
    return 1 - Math.exp(-1 / (10 * rtt * ptc));
  }
  if (qWeight === -2) return 1 - Math.exp(-10 / ptc);
  return qWeight;
}

/** ns-2 initialize_params: thresh_ 0 → max(5, targetdelay · C / 2) packets. */
export function redAutoMinThresh(targetDelayS: number, ptc: number): number {
  return Math.max(5, (targetDelayS * ptc) / 2);
}

/** ns-2 initialize_params: bottom_ 0 → min(0.01, 80000 / bandwidth). */
export function aredAutoBottom(rateBps: number): number {
  return Math.min(0.01, 80000 / rateBps);
}

export function deriveRed(c: RedConfig, rateBps: number, linkDelayS: number): RedDerived {
  const ptc = redPacketTimeConstant(rateBps, c.meanPktSizeBytes);
  const minThreshPackets = c.minThreshPackets > 0 ? c.minThreshPackets : redAutoMinThresh(c.targetDelayS, ptc);
  return {
    ptc,
    qWeight: redQueueWeight(c.qWeight, ptc, linkDelayS),
    minThreshPackets,
    maxThreshPackets: c.maxThreshPackets > 0 ? c.maxThreshPackets : 3 * minThreshPackets,
    bottom: c.bottom > 0 ? c.bottom : aredAutoBottom(rateBps),
  };
}

/** The buffer in packets of meanPktSize (a byte buffer divided by meanPktSize). */
function bufferPackets(limit: BufferLimit, meanPktSize: number): number {
  return 'packets' in limit ? limit.packets : limit.bytes / meanPktSize;
}

/** Cross-parameter problems of a RED / ARED configuration on the link it serves. */
export function checkRed(p: ResolvedParams, env: QueueCheckEnv, adaptive: boolean): QueueParamIssue[] {
  const issues: QueueParamIssue[] = [];
  const c = redConfig(p, adaptive);
  const qw = c.qWeight;
  if (qw <= 0 && qw !== 0 && qw !== -1 && qw !== -2)
    issues.push({
      key: 'qWeight',
      message: `${qw} is neither a weight in (0, 1] nor one of the automatic rules 0, −1, −2`,
    });
  if (!Number.isInteger(c.meanPktSizeBytes))
    issues.push({ key: 'meanPktSize', message: `${c.meanPktSizeBytes} B is not a whole number of bytes` });
  const d = deriveRed(c, env.rateBps, env.delayNs / 1e9);
  const fmt = (x: number) => +x.toFixed(3);
  if (c.minThreshPackets > 0 && c.maxThreshPackets > 0 && c.minThreshPackets >= c.maxThreshPackets)
    issues.push({
      key: 'minThresh',
      message: `${c.minThreshPackets} packets is not below maxThresh (${c.maxThreshPackets} packets)`,
    });
  else if (c.minThreshPackets === 0 && c.maxThreshPackets > 0 && d.minThreshPackets >= c.maxThreshPackets)
    issues.push({
      key: 'maxThresh',
      message: `${c.maxThreshPackets} packets is not above the automatic minThresh (${fmt(d.minThreshPackets)} packets from targetDelay and the link rate); give minThresh too`,
    });
  const buf = bufferPackets(env.limit, c.meanPktSizeBytes);
  const unit = 'packets' in env.limit ? 'packets' : `packets of ${c.meanPktSizeBytes} B`;
  if (c.minThreshPackets > 0 && c.minThreshPackets >= buf)
    issues.push({
      key: 'minThresh',
      message: `${c.minThreshPackets} packets is not below the buffer (${fmt(buf)} ${unit}): the average can never reach it`,
    });
  if (c.maxThreshPackets > buf)
    issues.push({
      key: 'maxThresh',
      message: `${c.maxThreshPackets} packets is above the buffer (${fmt(buf)} ${unit})`,
    });
  if (c.stepThresholdPackets > 0 && c.stepThresholdPackets >= buf)
    issues.push({
      key: 'stepThreshold',
      message: `${c.stepThresholdPackets} packets is not below the buffer (${fmt(buf)} ${unit}): no queue that long can form`,
    });
  if (adaptive && c.bottom > 0 && c.bottom >= c.top)
    issues.push({ key: 'bottom', message: `${c.bottom} is not below top (${c.top})` });
  return issues;
}
