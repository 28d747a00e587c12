import type { ModelInfo, ResolvedParams } from '../../registry/types.js';
import { bool, num, str } from '../../registry/params.js';
import type { LossRecovery } from '../TcpSender.js';
import type { CongestionControl } from './CongestionControl.js';
import { Reno } from './Reno.js';
import { Vegas } from './Vegas.js';
import { Cubic } from './Cubic.js';
import { LinuxCubic } from './LinuxCubic.js';
import { Fast } from './Fast.js';
import { QuicTcp } from './QuicTcp.js';
import { Binomial } from './Binomial.js';
import { Simd } from './Simd.js';
import { Bbr } from './Bbr.js';

/** A congestion-control model: registry info, the loss recovery it implies, and a factory. */
export interface CcModel {
  readonly info: ModelInfo;
  /** Loss recovery used unless the transport's `lossRecovery` parameter overrides it. */
  readonly defaultRecovery: LossRecovery;
  create(params: ResolvedParams): CongestionControl;
}

const aimdParams = [
  {
    key: 'increase',
    label: 'Additive increase',
    kind: 'number',
    default: 1,
    min: 0.01,
    max: 100,
    unit: 'segments/RTT',
    description: 'Congestion-avoidance increase per round trip (ns-2 increase_num_).',
  },
  {
    key: 'beta',
    label: 'Decrease factor β',
    kind: 'number',
    default: 0.5,
    min: 0.05,
    max: 0.95,
    unit: '×',
    description: 'Window kept after a loss: ssthresh = β·window (RFC 5681: ½).',
  },
] as const;

/** Parameters shared by the FAST-family laws (DelayBasedWindow). */
const delayBasedParams = [
  {
    key: 'miThreshold',
    label: 'MI threshold',
    kind: 'duration',
    default: 0.00075,
    min: 0,
    max: 1,
    unit: 's',
    description: 'Double the window per update while the queueing delay is below this (multiplicative-increase start).',
  },
  {
    key: 'updateEveryRtts',
    label: 'Update period',
    kind: 'integer',
    default: 2,
    min: 1,
    max: 16,
    unit: 'RTTs',
    description: 'Window update every this many round trips (FAST: every other RTT).',
  },
] as const;

function aimd(id: string, name: string, recovery: LossRecovery, description: string, citation: string): CcModel {
  return {
    info: { id, category: 'cc', name, description, citation, params: aimdParams },
    defaultRecovery: recovery,
    create: (p) => new Reno(id, { increase: num(p, 'increase'), beta: num(p, 'beta') }),
  };
}

/**
 * Every congestion control the TCP transport offers. Add new algorithms here (one file each in
 * this folder) and they appear in the scenario validator, the CLI and the lab's flow panel.
 */
export const ccModels: CcModel[] = [
  aimd(
    'tahoe',
    'Tahoe',
    'tahoe',
    'Slow start, congestion avoidance, fast retransmit; every loss restarts from one segment.',
    'Jacobson 1988, "Congestion Avoidance and Control"; RFC 5681 §3.1–3.2; ns-2 Agent/TCP',
  ),
  aimd(
    'reno',
    'Reno',
    'reno',
    'AIMD with fast retransmit and fast recovery (window inflation); one loss per window.',
    'RFC 5681 §3.2; ns-2 Agent/TCP/Reno (tcp-reno.cc)',
  ),
  aimd(
    'newreno',
    'NewReno',
    'newreno',
    'Reno whose fast recovery survives partial ACKs, repairing one hole per RTT.',
    'RFC 6582; ns-2 Agent/TCP/Newreno (tcp-newreno.cc)',
  ),
  aimd(
    'sack',
    'SACK',
    'sack',
    'AIMD with selective acknowledgements and conservative pipe-based loss recovery.',
    'RFC 2018 (SACK option), RFC 6675 (loss recovery); ns-2 Agent/TCP/Sack1',
  ),
  {
    info: {
      id: 'vegas',
      category: 'cc',
      name: 'Vegas',
      description:
        'Delay-based: keeps between α and β packets queued by comparing expected and actual rate once per RTT.',
      citation: 'Brakmo & Peterson, IEEE JSAC 13(8) 1995, §3.1–3.3; seed 004 §1; ns-2 Agent/TCP/Vegas (tcp-vegas.cc)',
      params: [
        {
          key: 'alpha',
          label: 'α',
          kind: 'number',
          default: 1,
          min: 0,
          max: 10000,
          unit: 'packets',
          description: 'Grow the window while fewer than α packets are queued (ns-2 v_alpha_).',
        },
        {
          key: 'beta',
          label: 'β',
          kind: 'number',
          default: 3,
          min: 0,
          max: 10000,
          unit: 'packets',
          description: 'Shrink the window while more than β packets are queued (ns-2 v_beta_).',
        },
        {
          key: 'gamma',
          label: 'γ',
          kind: 'number',
          default: 1,
          min: 0,
          max: 10000,
          unit: 'packets',
          description: 'Leave slow start once more than γ packets are queued (ns-2 v_gamma_).',
        },
        {
          key: 'timeoutWindow',
          label: 'Window after timeout',
          kind: 'number',
          default: 2,
          min: 1,
          max: 100,
          unit: 'segments',
          description: 'Window to restart from after a retransmission timeout (ns-2 v_slowstart_).',
        },
      ],
    },
    defaultRecovery: 'vegas',
    create: (p) =>
      new Vegas({
        alpha: num(p, 'alpha'),
        beta: num(p, 'beta'),
        gamma: num(p, 'gamma'),
        timeoutWindow: num(p, 'timeoutWindow'),
      }),
  },
  {
    info: {
      id: 'cubic',
      category: 'cc',
      name: 'CUBIC',
      description:
        'Window grows as a cubic function of the time since the last loss, plateauing near the previous maximum.',
      citation:
        'RFC 9438 eqs. 1, 2, 4 (§4.2–4.8); Ha, Rhee & Xu, ACM SIGOPS OSR 42(5) 2008; ns-2 Agent/TCP/Linux cubic',
      params: [
        {
          key: 'c',
          label: 'C',
          kind: 'number',
          default: 0.4,
          min: 0.01,
          max: 10,
          unit: 'segments/s³',
          description: 'Cubic scaling constant (RFC 9438 §4.1).',
        },
        {
          key: 'beta',
          label: 'β_cubic',
          kind: 'number',
          default: 0.7,
          min: 0.1,
          max: 0.95,
          unit: '×',
          description:
            'Window kept after a congestion event (RFC 9438: 0.7; Linux 2.6.22 and ns-2.35: 819/1024 ≈ 0.8).',
        },
        {
          key: 'fastConvergence',
          label: 'Fast convergence',
          kind: 'boolean',
          default: true,
          description: 'Release bandwidth faster when W_max shrinks (RFC 9438 §4.7).',
        },
        {
          key: 'renoFriendly',
          label: 'Reno-friendly region',
          kind: 'boolean',
          default: true,
          description: 'Never grow slower than the AIMD estimate W_est (RFC 9438 §4.3, eq. 4).',
        },
        {
          key: 'rtt',
          label: 'RTT for the target',
          kind: 'enum',
          default: 'srtt',
          options: ['srtt', 'min'],
          description:
            'target = W_cubic(t + RTT) with the smoothed RTT (RFC 9438 §4.2) or the minimum RTT (Linux delay_min).',
        },
        {
          key: 'impl',
          label: 'Implementation',
          kind: 'enum',
          default: 'rfc9438',
          options: ['rfc9438', 'linux-2.6.22'],
          description:
            'RFC 9438 in floating point, or Linux 2.6.22 tcp_cubic.c as run by ns-2.35 (integer window, per-ACK counter, min-RTT target, delayed-ACK ratio estimate that settles at 31/16 with per-packet ACKs; the rtt option is then always the minimum RTT).',
        },
      ],
    },
    defaultRecovery: 'sack',
    create: (p) => {
      const params = {
        c: num(p, 'c'),
        beta: num(p, 'beta'),
        fastConvergence: bool(p, 'fastConvergence'),
        renoFriendly: bool(p, 'renoFriendly'),
        rtt: str(p, 'rtt') as 'srtt' | 'min',
      };
      return str(p, 'impl') === 'linux-2.6.22' ? new LinuxCubic(params) : new Cubic(params);
    },
  },
  {
    info: {
      id: 'fast',
      category: 'cc',
      name: 'FAST TCP',
      description:
        'Delay-based: every other RTT moves w toward (1−γ)w + γ(w·BaseRTT/AvgRTT + α), keeping α packets queued.',
      citation: 'Jin, Wei & Low, INFOCOM 2004, eq. 1; seed 004 §1 (ns-2 FAST module defaults)',
      params: [
        {
          key: 'alpha',
          label: 'α',
          kind: 'number',
          default: 200,
          min: 0.1,
          max: 100000,
          unit: 'packets',
          description: 'Packets the flow aims to keep queued along its path.',
        },
        {
          key: 'gamma',
          label: 'γ',
          kind: 'number',
          default: 0.5,
          min: 0.01,
          max: 1,
          unit: '×',
          description: 'Smoothing of the window update (ns-2 FAST: 0.5).',
        },
        ...delayBasedParams,
      ],
    },
    defaultRecovery: 'newreno',
    create: (p) =>
      new Fast({
        alpha: num(p, 'alpha'),
        gamma: num(p, 'gamma'),
        miThreshold: num(p, 'miThreshold'),
        updateEveryRtts: num(p, 'updateEveryRtts'),
      }),
  },
  {
    info: {
      id: 'quic-tcp',
      category: 'cc',
      name: 'QUIC-TCP',
      description: 'Utility-based FAST variant: w ← w − κ(B/A)w^(1−2ρ)(w − (B/A)w − p_s); keeps p_s packets queued.',
      citation: 'Seed 004 eq. 13 (MS thesis, FAU 2013); FAST TCP (Jin, Wei & Low 2004)',
      params: [
        {
          key: 'ps',
          label: 'p_s',
          kind: 'number',
          default: 200,
          min: 0.1,
          max: 100000,
          unit: 'packets',
          description: 'Target backlog per flow (utility weight, U = p_s·log x).',
        },
        {
          key: 'kappa',
          label: 'κ',
          kind: 'number',
          default: 0.5,
          min: 0.001,
          max: 10,
          unit: '×',
          description: 'Gain of the window update.',
        },
        {
          key: 'rho',
          label: 'ρ',
          kind: 'number',
          default: 0.5,
          min: 0,
          max: 1,
          description: 'Gain exponent: the update scales as w^(1−2ρ); ρ = ½ is FAST with γ = κ·B/A.',
        },
        ...delayBasedParams,
      ],
    },
    defaultRecovery: 'newreno',
    create: (p) =>
      new QuicTcp({
        ps: num(p, 'ps'),
        kappa: num(p, 'kappa'),
        rho: num(p, 'rho'),
        miThreshold: num(p, 'miThreshold'),
        updateEveryRtts: num(p, 'updateEveryRtts'),
      }),
  },
  {
    info: {
      id: 'binomial',
      category: 'cc',
      name: 'Binomial',
      description: 'w += α/w^k per RTT, w −= β·w^l per loss: AIMD, MIMD, AIAD, MIAD, IIAD, SQRT as presets.',
      citation: 'Bansal & Balakrishnan, INFOCOM 2001; seed 003 §1 Table I',
      params: [
        {
          key: 'k',
          label: 'k',
          kind: 'number',
          default: 0.5,
          min: -1,
          max: 2,
          description: 'Increase exponent: w += α/w^k per RTT.',
        },
        {
          key: 'l',
          label: 'l',
          kind: 'number',
          default: 0.5,
          min: 0,
          max: 1,
          description: 'Decrease exponent: w −= β·w^l per loss.',
        },
        { key: 'alpha', label: 'α', kind: 'number', default: 1, min: 0.0001, max: 100, description: 'Increase gain.' },
        {
          key: 'beta',
          label: 'β',
          kind: 'number',
          default: 0.5,
          min: 0.0001,
          max: 100,
          description: 'Decrease gain (for l = 1 the fraction of the window given up).',
        },
      ],
      presets: {
        AIMD: { k: 0, l: 1, alpha: 1, beta: 0.5 },
        MIMD: { k: -1, l: 1, alpha: 0.01, beta: 0.125 },
        AIAD: { k: 0, l: 0, alpha: 1, beta: 1 },
        MIAD: { k: -1, l: 0, alpha: 0.01, beta: 1 },
        IIAD: { k: 1, l: 0, alpha: 1, beta: 0.67 },
        SQRT: { k: 0.5, l: 0.5, alpha: 1, beta: 0.67 },
      },
    },
    defaultRecovery: 'newreno',
    create: (p) => new Binomial({ k: num(p, 'k'), l: num(p, 'l'), alpha: num(p, 'alpha'), beta: num(p, 'beta') }),
  },
  {
    info: {
      id: 'simd',
      category: 'cc',
      name: 'SIMD',
      description:
        'Square increase, multiplicative decrease: w − w0 grows with the square of the time since the last loss.',
      citation:
        'Jin, Guo, Matta & Bestavros, IEEE/ACM ToN 11(3) 2003; seed 003 §1 eqs. 1.6–1.7 (fourth-root variant §2)',
      params: [
        {
          key: 'beta',
          label: 'β',
          kind: 'number',
          default: 0.125,
          min: 0.01,
          max: 0.9,
          unit: '×',
          description: 'Multiplicative decrease: w ← (1 − β)·w on loss; also sets α (eq. 1.7).',
        },
        {
          key: 'rootExponent',
          label: 'Root exponent',
          kind: 'number',
          default: 0.5,
          min: 0.1,
          max: 0.9,
          description: 'Increase α·(w − w0)^e per RTT: ½ (SIMD) or ¼ (fourth-root SIMD).',
        },
        {
          key: 'usePreviousWindow',
          label: 'Use w(t−1)',
          kind: 'boolean',
          default: false,
          description: 'Use the window one RTT earlier in (w − w0) (seed 003 fourth-root proposal).',
        },
      ],
      presets: {
        SIMD: { rootExponent: 0.5, usePreviousWindow: false },
        'Fourth-root SIMD': { rootExponent: 0.25, usePreviousWindow: true },
      },
    },
    defaultRecovery: 'newreno',
    create: (p) =>
      new Simd({
        beta: num(p, 'beta'),
        rootExponent: num(p, 'rootExponent'),
        usePreviousWindow: bool(p, 'usePreviousWindow'),
      }),
  },
  {
    info: {
      id: 'bbr',
      category: 'cc',
      name: 'BBR v1',
      description:
        'Model-based: paces at the measured bottleneck bandwidth and caps inflight at 2·BDP; probes bandwidth and RTT.',
      citation:
        'Cardwell et al., ACM Queue 14(5) 2016; draft-cardwell-iccrg-bbr-congestion-control-00; draft-cheng-iccrg-delivery-rate-estimation-02',
      params: [
        {
          key: 'highGain',
          label: 'Startup gain',
          kind: 'number',
          default: 2 / Math.LN2,
          min: 1,
          max: 10,
          unit: '×',
          description: 'Pacing and cwnd gain in Startup (2/ln 2); Drain paces at its inverse.',
        },
        {
          key: 'cwndGain',
          label: 'cwnd gain',
          kind: 'number',
          default: 2,
          min: 1,
          max: 10,
          unit: '×',
          description: 'cwnd = gain·BDP in ProbeBW.',
        },
        {
          key: 'probeGain',
          label: 'Probe gain',
          kind: 'number',
          default: 1.25,
          min: 1,
          max: 2,
          unit: '×',
          description: 'ProbeBW up-phase pacing gain (down phase: 2 − gain).',
        },
        {
          key: 'bwWindowRounds',
          label: 'BtlBw window',
          kind: 'integer',
          default: 10,
          min: 1,
          max: 100,
          unit: 'RTTs',
          description: 'Max-filter length for the bottleneck bandwidth.',
        },
        {
          key: 'minRttWindow',
          label: 'RTprop window',
          kind: 'duration',
          default: 10,
          min: 0.1,
          max: 600,
          unit: 's',
          description: 'Min-filter length for the round-trip propagation time; ProbeRTT when it expires.',
        },
        {
          key: 'probeRttDuration',
          label: 'ProbeRTT time',
          kind: 'duration',
          default: 0.2,
          min: 0.01,
          max: 10,
          unit: 's',
          description: 'Time held at 4 segments in ProbeRTT.',
        },
      ],
    },
    defaultRecovery: 'sack',
    create: (p) =>
      new Bbr({
        highGain: num(p, 'highGain'),
        cwndGain: num(p, 'cwndGain'),
        probeGain: num(p, 'probeGain'),
        bwWindowRounds: num(p, 'bwWindowRounds'),
        minRttWindow: num(p, 'minRttWindow'),
        probeRttDuration: num(p, 'probeRttDuration'),
      }),
  },
];

export function findCcModel(id: string): CcModel | undefined {
  return ccModels.find((m) => m.info.id === id);
}
