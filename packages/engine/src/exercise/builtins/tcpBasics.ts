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
        'The bottleneck’s one-way delay is {delay} and each access link adds 5 ms each way. How many seconds after it starts does the flow first reach 90 % of its top goodput?',
      metric: { metric: 'timeToMaxS', flow: 'f0' },
      tolerance: { relative: 0.35, absolute: 0.05 },
      unit: 's',
      hints: [
        'The round-trip time is 2 × ({delay} + 5 ms + 5 ms) plus the time packets wait in the queue.',
        'The window must grow from its initial value to about one bandwidth–delay product: 10 Mb/s × RTT ÷ (8 × packet size).',
        'Doubling each RTT, that takes log2(BDP / initial window) round trips, plus one for the handshake.',
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
        'The first loss happens when the window exceeds the bandwidth–delay product plus the buffer.',
        'In the round trip in which the buffer overflows, the window still doubles: about half of that window’s packets find the buffer full.',
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
        'Change only the bottleneck’s buffer so that the link is busy at least 93 % of the time. (1 000-byte packets; the round trip is 60 ms.)',
      editable: [{ path: `${BOTTLENECK}.buffer`, label: 'Bottleneck buffer' }],
      goals: [{ metric: { metric: 'utilization', port: 'r1->r2' }, atLeast: 0.93, label: 'Bottleneck utilisation' }],
      solution: { [`${BOTTLENECK}.buffer`]: '80 packets' },
      hints: [
        'After a loss the window halves. For the link to stay busy, half the largest window must still cover the pipe.',
        'Largest window = BDP + buffer; the link stays busy if (BDP + buffer) / 2 ≥ BDP, i.e. buffer ≥ BDP.',
        'BDP = 10 Mb/s × 60 ms ÷ (8 × 1 000 B) = 75 packets.',
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
    'Two NewReno flows share a 10 Mb/s bottleneck. Flow f0 has 5 ms access links; flow f1’s source link is longer. Both run for 30 s.',
  scenario: {
    scenario: exerciseDumbbell({
      name: 'Two flows, two round-trip times',
      flows: [tcp('newreno'), tcp('newreno')],
      rate: '10Mbps',
      delay: '10ms',
      buffer: '50 packets',
      duration: '30s',
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
        'Each flow adds one packet per round trip, so the flow with the shorter RTT grows its window faster.',
        'In the simple model the goodput ratio is about (RTT₁ / RTT₀)^k with k between 1 and 2; queueing adds the same delay to both RTTs.',
        'With a 50-packet buffer at 10 Mb/s the queue adds up to 40 ms to both RTTs.',
      ],
      explanation:
        'Throughput ∝ 1 / (RTT·√p) (Mathis et al. 1997): both flows see the same loss rate at a shared DropTail queue, so the ratio follows the RTT ratio, steepened by synchronised losses.',
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
        'BDP = 50 Mb/s × 100 ms ≈ 625 packets. After a loss, how many RTTs does Reno need to grow back by 300 packets?',
        'CUBIC’s window after a loss depends on the time since the loss, not on the RTT (RFC 9438 §4.2).',
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
