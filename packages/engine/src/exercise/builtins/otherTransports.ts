/** Built-in exercises on other transports and routers: TFRC, DCCP CCID-2, QLBP pacing, XCP. */
import type { ExerciseFile } from '../exerciseSchema.js';
import { exerciseDumbbell, smallBufferCore, tcp } from './networks.js';

export const tfrcExercise: ExerciseFile = {
  version: 1,
  id: 'tfrc-smoothness',
  title: 'TFRC smoothness vs TCP',
  topic: 'Other transports',
  goal: 'See that an equation-based sender (TFRC, RFC 5348) gets a TCP-friendly share with a much smoother rate than a window-based one.',
  introduction:
    'Three NewReno flows and a fourth flow f3 share a 10 Mb/s bottleneck for 30 s. The goodput is sampled every 100 ms.',
  scenario: {
    scenario: exerciseDumbbell({
      name: 'TFRC among TCP flows',
      flows: [tcp('newreno'), tcp('newreno'), tcp('newreno'), { transport: { type: 'tfrc' } }],
      rate: '10Mbps',
      delay: '20ms',
      buffer: '50 packets',
      duration: '30s',
    }),
  },
  tasks: [
    {
      id: 'smoother',
      kind: 'choose',
      prompt:
        'Which transport for f3 gives the smaller variation of its goodput (coefficient of variation from 5 s on)?',
      options: [
        { id: 'tcp', label: 'TCP NewReno', set: { 'flows[f3].transport': { type: 'tcp', cc: 'newreno' } } },
        { id: 'tfrc', label: 'TFRC', set: { 'flows[f3].transport': { type: 'tfrc' } } },
      ],
      metric: { metric: 'throughputCov', flow: 'f3', from: 5 },
      best: 'lowest',
      hints: [
        {
          text: 'TCP halves its window at every loss; TFRC computes its rate from the loss event rate averaged over several intervals.',
          answer: 'tfrc',
        },
      ],
    },
    {
      id: 'friendly',
      kind: 'predict',
      prompt:
        'With TFRC as f3, predict its goodput divided by the mean goodput of the three TCP flows (1 = exactly TCP-friendly).',
      metric: { metric: 'friendliness', flows: ['f3'], versus: ['f0', 'f1', 'f2'] },
      tolerance: { relative: 0.25 },
      hints: [
        {
          text: 'TFRC uses the TCP throughput equation (RFC 5348 §3.1) so that it gets about what a TCP flow would.',
          answer: 1,
        },
      ],
    },
  ],
};

export const dccpExercise: ExerciseFile = {
  version: 1,
  id: 'dccp-tcplike-long-delay',
  title: 'DCCP’s TCP-like knobs on a long-delay link',
  topic: 'Other transports',
  goal: 'See how the slow-start knobs of DCCP CCID-2 (seed 002’s TCP-like TW) decide how fast a flow fills a long-delay path.',
  introduction:
    'One DCCP CCID-2 flow crosses a 10 Mb/s link with a 250 ms one-way delay (about 520 ms round trip) and a 200-packet buffer, for 20 s. With the default knobs slow start doubles the window until the buffer overflows; the flow loses a burst, halves its window (twice) and from then on grows one packet per half-second round trip.',
  scenario: {
    scenario: exerciseDumbbell({
      name: 'DCCP on a long-delay link',
      flows: [{ transport: { type: 'dccp-ccid2' } }],
      rate: '10Mbps',
      delay: '250ms',
      buffer: '200 packets',
      duration: '20s',
      probeInterval: '200ms',
    }),
  },
  tasks: [
    {
      id: 'fill-faster',
      kind: 'make',
      prompt:
        'Change only the TCP-like knobs below so that the flow’s goodput over the 20 s reaches at least 3 Mb/s. Set them before you press Play: they are the flow’s starting values, which a running flow does not take again.',
      editable: [
        { path: 'flows[f0].transport.params.initialCwnd', label: 'Initial cwnd (packets)' },
        { path: 'flows[f0].transport.params.initialSsthresh', label: 'Initial ssthresh (packets)' },
        { path: 'flows[f0].transport.params.ssGrowth', label: 'Slow-start growth' },
      ],
      goals: [
        {
          metric: { metric: 'goodputBps', flow: 'f0' },
          atLeast: 3e6,
          label: 'Goodput of f0',
          unit: 'Mb/s',
          scale: 1e6,
        },
      ],
      solution: { 'flows[f0].transport.params.initialSsthresh': 500 },
      // Simulated goodput by initial ssthresh: 400 → 2.55, 500 → 3.13 (no loss), 600–900 → 2.0–2.9
      // (the last doubling overflows the buffer and the window is halved), 1 000–1 150 → 3.2–3.6
      // (halved to 500–575), ≥ 1 200 → 2.18 (as the default).
      hints: [
        {
          text: 'Slow start overflows the 200-packet buffer when one round trip’s doubling adds more packets than the buffer holds: the window goes 3, 6, 12, … 192, 384, 768, so it overflows on the way from 384 to 768. End slow start before that with the initial ssthresh: about 500 packets.',
          answer: { 'flows[f0].transport.params.initialSsthresh': 500 },
        },
        {
          text: 'To average 3 Mb/s over 20 s when slow start takes about 5 s, the window must hold about 3 Mb/s × 20 s ÷ 15 s × 0.52 s ÷ (8 × 532 B) ≈ 490 packets afterwards — without the loss that halves it. An initial ssthresh of 500 stops slow start there.',
          answer: { 'flows[f0].transport.params.initialSsthresh': 500 },
        },
      ],
    },
  ],
};

export const pacingExercise: ExerciseFile = {
  version: 1,
  id: 'pacing-small-buffer',
  title: 'Pacing in a small-buffer network',
  topic: 'Scheduling and fairness',
  goal: 'See that bursty arrivals overflow a small core buffer well below capacity, and that pacing at the edge (QLBP, seed 001) smooths them.',
  introduction:
    'Ten Poisson sources behind an edge router load a 100 Mb/s core link with a 20-packet buffer to 90 %. The edge’s 1 Gb/s egress forwards their bursts as they come.',
  scenario: { scenario: smallBufferCore() },
  tasks: [
    {
      id: 'fewer-drops',
      kind: 'choose',
      prompt: 'Which discipline at the edge router’s egress gives fewer drops at the core?',
      options: [
        { id: 'fifo', label: 'DropTail (no pacing)', set: { 'links[edge-core].queue': { type: 'droptail' } } },
        {
          id: 'qlbp',
          label: 'QLBP pacer',
          set: { 'links[edge-core].queue': { type: 'qlbp', params: { minRateFraction: 0.1, maxQueue: 50 } } },
        },
      ],
      metric: { metric: 'drops', port: 'core->sink' },
      best: 'lowest',
      unit: 'packets',
      hints: [
        {
          text: 'At 1 Gb/s, a burst of packets arrives at the core ten times faster than it can leave.',
          answer: 'qlbp',
        },
        {
          text: 'QLBP sends at a rate that grows with its own queue: short queues are sent at μ_min = 0.1 × 1 Gb/s, the core’s rate.',
          answer: 'qlbp',
        },
      ],
    },
    {
      id: 'queue-at-core',
      kind: 'make',
      prompt:
        'Change only the edge router’s egress discipline (and its parameters) so that the core drops at most 55 packets in the 3 s. Set it before you press Play: the drops of the whole run count.',
      editable: [{ path: 'links[edge-core].queue', label: 'Edge egress discipline' }],
      goals: [
        { metric: { metric: 'drops', port: 'core->sink' }, atMost: 55, label: 'Drops at the core', unit: 'packets' },
      ],
      solution: { 'links[edge-core].queue': { type: 'qlbp', params: { minRateFraction: 0.1, maxQueue: 50 } } },
      // simulated core drops: DropTail 70, QLBP with Q_max 20 (its default) 57, 30 → 55, 50 → 49, 100 → 40
      hints: [
        {
          text: 'Pace the traffic before it reaches the core: the QLBP pacer sends at μ_min = 0.1 × 1 Gb/s, the core’s rate, while its queue is short, and speeds up to the full 1 Gb/s as its queue grows to Q_max. With the default Q_max of 20 packets a burst of 20 already leaves at line rate: let it pace longer, with Q_max = 50.',
          answer: { 'links[edge-core].queue': { type: 'qlbp', params: { maxQueue: 50 } } },
        },
      ],
    },
  ],
};

export const xcpExercise: ExerciseFile = {
  version: 1,
  id: 'xcp-vs-tcp',
  title: 'XCP vs TCP',
  topic: 'Router-assisted congestion control',
  goal: 'See that explicit feedback from routers (XCP, seed 003) keeps the link busy with an almost empty queue, where loss-driven TCP needs a standing queue.',
  introduction:
    'Seed 003’s XCP scenario: three flows on a 20 Mb/s link with XCP routers, shortened to 10 s. XCP senders take their window from the routers’ feedback.',
  scenario: { preset: 'seed003-xcp-alone', set: { duration: '10s' } },
  tasks: [
    {
      id: 'queue',
      kind: 'choose',
      prompt: 'Which setup keeps the smaller mean queue at the bottleneck r0→r1?',
      options: [
        { id: 'xcp', label: 'XCP router and XCP senders' },
        {
          id: 'tcp',
          label: 'DropTail router and plain TCP senders',
          set: { 'links[0].queue': { type: 'droptail' }, 'flows[*].transport.params.xcp': false },
        },
      ],
      metric: { metric: 'meanQueuePackets', port: 'r0->r1' },
      best: 'lowest',
      unit: 'packets',
      hints: [
        {
          text: 'XCP’s efficiency controller aims the aggregate feedback at α·d·S − β·Q: it drains any persistent queue (Katabi et al. 2002, eq. 1).',
          answer: 'xcp',
        },
      ],
    },
    {
      id: 'utilisation',
      kind: 'predict',
      prompt: 'With XCP, predict the bottleneck’s utilisation (a fraction between 0 and 1).',
      metric: { metric: 'utilization', port: 'r0->r1' },
      tolerance: { absolute: 0.05 },
      hints: [
        {
          text: 'XCP grows the window by feedback, not by losses: it does not need to overshoot, and its efficiency controller aims at the spare bandwidth S = C − y until there is none — the link is kept (almost) full.',
          answer: 1,
        },
      ],
    },
  ],
};
