/** Built-in exercises on TCP's window: slow start, the AIMD sawtooth, RTT unfairness, CUBIC on a long fat pipe. */
import type { ExerciseFile } from '../exerciseSchema.js';
import { exerciseDumbbell, tcp } from './networks.js';

const BOTTLENECK = 'links[r1-r2]';

export const slowStartExercise: ExerciseFile = {
  version: 1,
  id: 'slow-start-first-loss',
  title: 'Slow start and the first loss',
  topic: 'TCP basics',
  goal: 'See that slow start doubles the window every round trip until the path and its buffer overflow, and that a bigger buffer delays the first loss but makes it larger.',
  introduction:
    'One NewReno flow starts on an idle 10 Mb/s bottleneck. Its window starts at a few packets and doubles every round-trip time until a packet is lost. Run the scenario, open the cwnd chart and watch the first seconds.',
  scenario: {
    scenario: exerciseDumbbell({
      name: 'Slow start on an idle path',
      flows: [tcp('newreno')],
      rate: '10Mbps',
      delay: '10ms',
      buffer: '100 packets',
      duration: '3s',
      probeInterval: '20ms',
    }),
  },
  parameters: [{ name: 'delay', path: `${BOTTLENECK}.delay`, values: ['5ms', '10ms', '15ms'] }],
  tasks: [
    {
      id: 'ramp-time',
      kind: 'predict',
      prompt:
        'The bottleneck’s one-way delay is {delay} and each access link adds 5 ms each way; packets are 1 000 bytes. How many seconds after it starts does the flow first reach 90 % of its top goodput?',
      metric: { metric: 'timeToMaxS', flow: 'f0' },
      tolerance: { relative: 0.35, absolute: 0.05 },
      unit: 's',
      // Following the hints: RTT = 2 × (delay + 10 ms) = 30 / 40 / 50 ms, BDP = 10 Mb/s × RTT ÷ 8 000 bit
      // = 37.5 / 50 / 62.5 packets, ⌈log2(BDP / 2)⌉ = 5 doublings from the initial window of 2 (the
      // registry's TCP default) plus one round trip for the handshake: 6 RTTs = 0.18 / 0.24 / 0.30 s.
      hints: [
        {
          text: 'Slow start begins with a window of 2 packets and doubles it every round trip; the flow reaches its top goodput once the window covers the bandwidth–delay product (BDP). Count those round trips, add one for the handshake, and multiply by the round-trip time.',
          answerPer: { parameter: 'delay', answers: { '5ms': 0.18, '10ms': 0.24, '15ms': 0.3 } },
        },
        {
          text: 'The round trip is 2 × ({delay} + 5 ms + 5 ms) before any queueing; the BDP is 10 Mb/s × RTT ÷ (8 × 1 000 B) packets.',
          answerPer: { parameter: 'delay', answers: { '5ms': 0.18, '10ms': 0.24, '15ms': 0.3 } },
        },
        {
          text: 'Doubling from 2 packets, the window covers the BDP after log2(BDP / 2) round trips, rounded up (it doubles in whole round trips); one more for the handshake.',
          answerPer: { parameter: 'delay', answers: { '5ms': 0.18, '10ms': 0.24, '15ms': 0.3 } },
        },
      ],
      explanation:
        'Slow start needs about log2(BDP / IW) round trips to fill the pipe: a longer path needs both more doublings and longer ones.',
    },
    {
      id: 'buffer-overshoot',
      kind: 'choose',
      prompt: 'Which bottleneck buffer makes the flow lose more packets when slow start first overflows it?',
      options: [
        { id: 'small', label: '20 packets', set: { [`${BOTTLENECK}.buffer`]: '20 packets' } },
        { id: 'large', label: '150 packets', set: { [`${BOTTLENECK}.buffer`]: '150 packets' } },
      ],
      metric: { metric: 'packetsLost', flow: 'f0' },
      best: 'highest',
      hints: [
        {
          text: 'The first loss happens when the window exceeds the bandwidth–delay product plus the buffer: a larger buffer lets the window grow larger first.',
          answer: 'large',
        },
        {
          text: 'In the round trip in which the buffer overflows, the window still doubles: about half of that window’s packets find the buffer full.',
          answer: 'large',
        },
      ],
      explanation:
        'A bigger buffer lets the window grow larger before the first loss, and the window that overflows it is doubling: the burst lost is about as large as the window was.',
    },
    {
      id: 'why',
      kind: 'explain',
      prompt: 'In two or three sentences: why does slow start end with a burst of losses rather than a single one?',
      minWords: 10,
    },
  ],
};

export const aimdBufferExercise: ExerciseFile = {
  version: 1,
  id: 'aimd-sawtooth-buffer',
  title: 'The AIMD sawtooth and the buffer',
  topic: 'TCP basics',
  goal: 'Understand why a single AIMD flow needs a buffer of about one bandwidth–delay product to keep its bottleneck busy.',
  introduction:
    'One NewReno flow on a 10 Mb/s bottleneck with a 60 ms round trip. After each loss the window halves; while it is below the bandwidth–delay product the link idles. Watch the queue chart and the cwnd sawtooth.',
  scenario: {
    scenario: exerciseDumbbell({
      name: 'One AIMD flow and a small buffer',
      flows: [tcp('newreno')],
      rate: '10Mbps',
      delay: '20ms',
      buffer: '5 packets',
      duration: '20s',
    }),
  },
  tasks: [
    {
      id: 'fill-the-link',
      kind: 'make',
      prompt:
        'Change only the bottleneck’s buffer so that the link is busy at least 93 % of the time over the whole run: set it before you press Play (a buffer changed during the run leaves the seconds before it idle, and they count). (1 000-byte packets; the round trip is 60 ms.)',
      editable: [{ path: `${BOTTLENECK}.buffer`, label: 'Bottleneck buffer' }],
      goals: [{ metric: { metric: 'utilization', port: 'r1->r2' }, atLeast: 0.93, label: 'Bottleneck utilisation' }],
      solution: { [`${BOTTLENECK}.buffer`]: '80 packets' },
      // every hint leads to buffer = BDP = 75 packets (utilisation 0.951 by simulation)
      hints: [
        {
          text: 'After a loss the window halves. For the link to stay busy, half the largest window must still cover the pipe (the bandwidth–delay product, BDP).',
          answer: { [`${BOTTLENECK}.buffer`]: '75 packets' },
        },
        {
          text: 'Largest window = BDP + buffer; the link stays busy if (BDP + buffer) / 2 ≥ BDP, i.e. buffer ≥ BDP.',
          answer: { [`${BOTTLENECK}.buffer`]: '75 packets' },
        },
        {
          text: 'BDP = 10 Mb/s × 60 ms ÷ (8 × 1 000 B) = 75 packets.',
          answer: { [`${BOTTLENECK}.buffer`]: '75 packets' },
        },
      ],
      explanation:
        'The rule of thumb buffer = RTT × C (Villamizar & Song 1994) comes from exactly this: the window’s trough must still fill the pipe.',
    },
    {
      id: 'queue-cost',
      kind: 'explain',
      prompt: 'A buffer of one BDP keeps the link busy. What does it cost the flow’s packets? Look at the mean delay.',
      minWords: 8,
    },
  ],
};

export const rttUnfairnessExercise: ExerciseFile = {
  version: 1,
  id: 'rtt-unfairness',
  title: 'RTT unfairness',
  topic: 'TCP basics',
  goal: 'See that AIMD flows with different round-trip times do not share a bottleneck equally: the shorter RTT grows faster and gets more.',
  introduction:
    'Two NewReno flows share a 10 Mb/s bottleneck whose RED queue drops packets at random before it fills. Flow f0 has 5 ms access links; flow f1’s source link is longer. Both run for 120 s.',
  // RED, not DropTail: at a DropTail queue two flows lose packets in step and the ratio jumps with
  // the exact round trips (traffic phase effects, Floyd & Jacobson 1992: 1.45, 3.74, 3.67 for 25,
  // 35, 45 ms over 30 s, and different again over 60 s or 120 s), which no reasoning predicts;
  // RED's random drops give both flows the same loss probability, and over 120 s the ratio
  // follows the RTT ratio as Mathis et al. predict (1.69, 1.92, 2.68).
  scenario: {
    scenario: exerciseDumbbell({
      name: 'Two flows, two round-trip times',
      flows: [tcp('newreno'), tcp('newreno')],
      rate: '10Mbps',
      delay: '10ms',
      buffer: '50 packets',
      queue: { type: 'red' },
      duration: '120s',
      accessDelays: ['5ms', '25ms'],
    }),
  },
  parameters: [{ name: 'access', path: 'links[s1-r1].delay', values: ['25ms', '35ms', '45ms'] }],
  tasks: [
    {
      id: 'ratio',
      kind: 'predict',
      prompt:
        'f0’s round trip is 2 × (5 + 10 + 5) = 40 ms without queueing; f1’s source link has a delay of {access} instead of 5 ms. Predict the ratio of the larger goodput to the smaller (1 = fair).',
      metric: { metric: 'maxRatioFairness' },
      tolerance: { relative: 0.35 },
      hints: [
        {
          // RTT₁ / RTT₀ = 2 × ({access} + 15 ms) / 40 ms = 2.0, 2.5, 3.0
          text: 'A TCP flow’s goodput is about proportional to 1 / (RTT·√p) (Mathis et al. 1997). RED drops each packet with about the same probability p whichever flow sent it, so the ratio of the goodputs is about the ratio of the round-trip times.',
          answerPer: { parameter: 'access', answers: { '25ms': 2, '35ms': 2.5, '45ms': 3 } },
        },
        {
          // (2 × ({access} + 15 ms) + 4 ms) / (40 ms + 4 ms) = 1.91, 2.36, 2.82
          text: 'f1’s round trip is 2 × ({access} + 10 ms + 5 ms). RED keeps the queue to a few packets, about 4 ms at 10 Mb/s, which both round trips include.',
          answerPer: { parameter: 'access', answers: { '25ms': 1.91, '35ms': 2.36, '45ms': 2.82 } },
        },
      ],
      explanation:
        'Throughput ∝ 1 / (RTT·√p) (Mathis et al. 1997): at a RED queue both flows see the same loss probability, so the ratio follows the RTT ratio. At a DropTail queue the two flows’ losses fall in step and the share jumps around with the exact round trips (traffic phase effects, Floyd & Jacobson 1992) — try it: pick DropTail for the bottleneck and run it again.',
    },
  ],
};

export const cubicVsRenoExercise: ExerciseFile = {
  version: 1,
  id: 'cubic-vs-reno-long-fat-pipe',
  title: 'CUBIC vs Reno on a long fat pipe',
  topic: 'High-speed TCP',
  goal: 'See why one packet per RTT of growth is too slow for a path with a large bandwidth–delay product, and how CUBIC’s window growth fixes it.',
  introduction:
    'A single flow on a 50 Mb/s path with a 100 ms round trip and a 100-packet buffer (a fifth of the BDP). It runs for 20 s.',
  scenario: {
    scenario: exerciseDumbbell({
      name: 'A long fat pipe',
      flows: [tcp('newreno')],
      rate: '50Mbps',
      delay: '40ms',
      buffer: '100 packets',
      duration: '20s',
      accessRate: '1Gbps',
    }),
  },
  tasks: [
    {
      id: 'faster',
      kind: 'choose',
      prompt: 'Which congestion control delivers more over the 20 s?',
      options: [
        { id: 'newreno', label: 'NewReno', set: { 'flows[f0].transport.cc': 'newreno' } },
        { id: 'cubic', label: 'CUBIC', set: { 'flows[f0].transport.cc': 'cubic' } },
      ],
      metric: { metric: 'goodputBps', flow: 'f0' },
      best: 'highest',
      unit: 'Mb/s',
      scale: 1e6,
      hints: [
        {
          text: 'BDP = 50 Mb/s × 100 ms ≈ 625 packets. After a loss, how many RTTs does Reno need to grow back by 300 packets, at one packet per RTT?',
          answer: 'cubic',
        },
        {
          text: 'CUBIC’s window after a loss depends on the time since the loss, not on the RTT (RFC 9438 §4.2).',
          answer: 'cubic',
        },
      ],
      explanation:
        'Reno regains one packet per 100 ms round trip, about 30 s for 300 packets; CUBIC’s cubic function returns to the previous maximum in K = ∛(W_max·β/C) seconds regardless of RTT.',
    },
    {
      id: 'why',
      kind: 'explain',
      prompt: 'Why is a single Reno flow on this path far from using the link, even with a buffer?',
      minWords: 8,
    },
  ],
};
