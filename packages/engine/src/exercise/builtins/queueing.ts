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
      hints: [
        'Bulk TCP keeps growing its window until the buffer overflows; how full is the queue on average?',
        'A full 1 000-packet queue of 1 000-byte packets at 10 Mb/s takes 800 ms to drain; the sawtooth keeps it between half full and full… at first.',
      ],
    },
    {
      id: 'tame-it',
      kind: 'make',
      prompt:
        'Change only the bottleneck’s queue discipline so that packets wait at most 20 ms on average while the link stays at least 85 % busy.',
      editable: [{ path: `${BOTTLENECK}.queue`, label: 'Bottleneck queue discipline' }],
      goals: [
        { metric: { metric: 'meanSojournMs', port: 'r1->r2' }, atMost: 20, label: 'Mean sojourn at the bottleneck' },
        { metric: { metric: 'utilization', port: 'r1->r2' }, atLeast: 0.85, label: 'Bottleneck utilisation' },
      ],
      solution: { [`${BOTTLENECK}.queue`]: { type: 'codel' } },
      hints: [
        'Making the buffer small would work too, but this task lets you change only the discipline.',
        'CoDel (RFC 8289) drops when the sojourn time stays above a 5 ms target for 100 ms.',
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
        'RED drops early, but from one shared queue: who reacts to its drops?',
        'A scheduler that serves each flow’s queue in turn gives each backlogged flow about a third of the link.',
      ],
    },
    {
      id: 'make-it-fair',
      kind: 'make',
      prompt:
        'Change only the bottleneck’s queue discipline so that Jain’s index over all three flows is at least 0.9.',
      editable: [{ path: `${BOTTLENECK}.queue`, label: 'Bottleneck queue discipline' }],
      goals: [{ metric: { metric: 'jain' }, atLeast: 0.9, label: 'Jain’s index of the three flows' }],
      solution: { [`${BOTTLENECK}.queue`]: { type: 'drr' } },
      hints: ['Deficit round robin (Shreedhar & Varghese 1995) gives each flow its own queue and quantum.'],
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
        'CUBIC only slows down when a packet is lost: when is a packet lost at a 300-packet DropTail queue?',
        'BBR models the path as a bottleneck rate and a minimum RTT and aims its inflight at their product (Cardwell et al. 2016).',
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
