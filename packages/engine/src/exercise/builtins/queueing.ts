/** Built-in exercises on router queues: bufferbloat and CoDel, fair queueing, BBR’s queue. */
import type { ExerciseFile } from '../exerciseSchema.js';
import { exerciseDumbbell, tcp } from './networks.js';

const BOTTLENECK = 'links[r1-r2]';

export const bufferbloatExercise: ExerciseFile = {
  version: 1,
  id: 'bufferbloat-codel',
  title: 'Bufferbloat and CoDel',
  topic: 'Active queue management',
  goal: 'See that a large DropTail buffer fills up and adds hundreds of milliseconds of delay without adding throughput, and that an AQM keeps the queue short at nearly the same utilisation.',
  introduction:
    'Two NewReno flows share a 10 Mb/s bottleneck with a 1 000-packet DropTail buffer (about 13 BDPs). Run it and look at the queue chart.',
  scenario: {
    scenario: exerciseDumbbell({
      name: 'A bloated buffer',
      flows: [tcp('newreno'), tcp('newreno')],
      rate: '10Mbps',
      delay: '20ms',
      buffer: '1000 packets',
      duration: '20s',
    }),
  },
  tasks: [
    {
      id: 'sojourn',
      kind: 'predict',
      prompt:
        'With the 1 000-packet DropTail buffer, predict the mean time a packet waits in the bottleneck queue, in milliseconds.',
      metric: { metric: 'meanSojournMs', port: 'r1->r2' },
      tolerance: { relative: 0.4 },
      unit: 'ms',
      // Following either hint: half of BDP + buffer = (75 + 1 000) / 2 ≈ 540 packets in flight, 75 of
      // them in the pipe, ≈ 460 queued × 0.8 ms = 370 ms (simulated: 366 ms over the run, the queue
      // at 430–490 packets after the first losses; it never fills again within the 20 s).
      hints: [
        {
          text: 'Slow start overflows the 1 000-packet buffer within about a second; both flows lose much of a window, time out and start again with a slow-start threshold of half the window they had (watch the cwnd chart). After that they grow by one packet per round trip — and a round trip now takes almost half a second.',
          answer: 370,
        },
        {
          text: 'At the first overflow the two windows together held the BDP (10 Mb/s × 60 ms ÷ 8 000 bit = 75 packets) plus the full buffer: about 1 075 packets. Half of that, ≈ 540, stay in flight; 75 fit in the pipe and ≈ 460 wait in the queue. At 10 Mb/s a 1 000-byte packet takes 0.8 ms to send.',
          answer: 370,
        },
      ],
    },
    {
      id: 'tame-it',
      kind: 'make',
      prompt:
        'Change only the bottleneck’s queue discipline so that, over the last 5 s of the run (15–20 s), packets wait at most 20 ms on average while the link stays at least 85 % busy. You may switch it while the run plays and watch the queue drain — do it before about 10 s, so the queue has settled by 15 s.',
      live: true,
      editable: [{ path: `${BOTTLENECK}.queue`, label: 'Bottleneck queue discipline' }],
      // measured from 15 s (measure.ts windows port metrics), so a switch made during the run counts
      goals: [
        {
          metric: { metric: 'meanSojournMs', port: 'r1->r2', from: 15 },
          atMost: 20,
          label: 'Mean sojourn at the bottleneck, 15–20 s',
        },
        {
          metric: { metric: 'utilization', port: 'r1->r2', from: 15 },
          atLeast: 0.85,
          label: 'Bottleneck utilisation, 15–20 s',
        },
      ],
      solution: { [`${BOTTLENECK}.queue`]: { type: 'codel' } },
      hints: [
        {
          text: 'Making the buffer small would work too, but this task lets you change only the discipline. An active queue management (AQM) discipline drops packets before the buffer is full, so TCP backs off while the queue is still short: RED (Floyd & Jacobson 1993) is the classic one.',
          answer: { [`${BOTTLENECK}.queue`]: { type: 'red' } },
        },
        {
          text: 'CoDel (RFC 8289) drops when the sojourn time stays above a 5 ms target for 100 ms.',
          answer: { [`${BOTTLENECK}.queue`]: { type: 'codel' } },
        },
      ],
      explanation:
        'CoDel controls the standing queue, not the buffer size: TCP still sees losses early enough to keep the queue near the target.',
    },
  ],
};

export const fairQueueingExercise: ExerciseFile = {
  version: 1,
  id: 'fair-queueing-unresponsive',
  title: 'Fair queueing vs FIFO with an unresponsive flow',
  topic: 'Scheduling and fairness',
  goal: 'See that an unresponsive UDP flow takes what it wants from a FIFO queue, and that per-flow scheduling protects the TCP flows.',
  introduction:
    'Two NewReno flows share a 10 Mb/s bottleneck with a UDP flow sending at a constant 8 Mb/s, which never slows down.',
  scenario: {
    scenario: exerciseDumbbell({
      name: 'Two TCP flows and a UDP blast',
      flows: [
        tcp('newreno'),
        tcp('newreno'),
        { transport: { type: 'udp' }, app: { type: 'cbr', params: { rate: '8Mbps' } } },
      ],
      rate: '10Mbps',
      delay: '20ms',
      buffer: '100 packets',
      duration: '20s',
    }),
  },
  tasks: [
    {
      id: 'which-queue',
      kind: 'choose',
      prompt: 'With which bottleneck discipline do the two TCP flows together get the most goodput?',
      options: [
        { id: 'droptail', label: 'DropTail (FIFO)', set: { [`${BOTTLENECK}.queue`]: { type: 'droptail' } } },
        { id: 'red', label: 'RED', set: { [`${BOTTLENECK}.queue`]: { type: 'red' } } },
        { id: 'sfq', label: 'Stochastic fair queueing', set: { [`${BOTTLENECK}.queue`]: { type: 'sfq' } } },
      ],
      metric: { metric: 'aggregateGoodputBps', flows: ['f0', 'f1'] },
      best: 'highest',
      unit: 'Mb/s',
      scale: 1e6,
      hints: [
        { text: 'RED drops early, but from one shared queue: who reacts to its drops?', answer: 'sfq' },
        {
          text: 'A scheduler that serves each flow’s queue in turn gives each backlogged flow about a third of the link.',
          answer: 'sfq',
        },
      ],
    },
    {
      id: 'make-it-fair',
      kind: 'make',
      prompt:
        'Change only the bottleneck’s queue discipline so that Jain’s index over all three flows, over the whole run, is at least 0.9: set it before you press Play (the index counts every second, including those before a change made during the run).',
      editable: [{ path: `${BOTTLENECK}.queue`, label: 'Bottleneck queue discipline' }],
      goals: [{ metric: { metric: 'jain' }, atLeast: 0.9, label: 'Jain’s index of the three flows' }],
      solution: { [`${BOTTLENECK}.queue`]: { type: 'drr' } },
      hints: [
        {
          text: 'Deficit round robin (Shreedhar & Varghese 1995) gives each flow its own queue and quantum.',
          answer: { [`${BOTTLENECK}.queue`]: { type: 'drr' } },
        },
      ],
    },
  ],
};

export const bbrQueueExercise: ExerciseFile = {
  version: 1,
  id: 'bbr-vs-cubic-queue',
  title: 'BBR’s queue vs CUBIC’s',
  topic: 'High-speed TCP',
  goal: 'See that a loss-based sender fills whatever buffer there is, while BBR paces at its estimate of the bottleneck rate and keeps the queue near empty.',
  introduction: 'One flow on a 20 Mb/s, 50 ms round-trip path with a deep 300-packet buffer, for 10 s.',
  scenario: {
    scenario: exerciseDumbbell({
      name: 'A deep buffer',
      flows: [tcp('cubic')],
      rate: '20Mbps',
      delay: '15ms',
      buffer: '300 packets',
      duration: '10s',
      accessRate: '1Gbps',
    }),
  },
  tasks: [
    {
      id: 'smaller-queue',
      kind: 'choose',
      prompt: 'Which congestion control keeps the smaller mean queue at the bottleneck?',
      options: [
        { id: 'cubic', label: 'CUBIC', set: { 'flows[f0].transport.cc': 'cubic' } },
        { id: 'bbr', label: 'BBR', set: { 'flows[f0].transport.cc': 'bbr' } },
      ],
      metric: { metric: 'meanQueuePackets', port: 'r1->r2' },
      best: 'lowest',
      unit: 'packets',
      hints: [
        {
          text: 'CUBIC only slows down when a packet is lost: when is a packet lost at a 300-packet DropTail queue?',
          answer: 'bbr',
        },
        {
          text: 'BBR models the path as a bottleneck rate and a minimum RTT and aims its inflight at their product (Cardwell et al. 2016).',
          answer: 'bbr',
        },
      ],
    },
    {
      id: 'delay',
      kind: 'explain',
      prompt: 'What does the difference in queue mean for an interactive flow sharing this link?',
      minWords: 8,
    },
  ],
};
