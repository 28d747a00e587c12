/** Built-in exercise on a wireless base station's scheduler (seed 004, docs/models.md "Base station"). */
import type { ExerciseFile } from '../exerciseSchema.js';

const SCHEDULER = 'nodes[BS].bs.scheduler';
const rr = { type: 'rr' };
const maxSnr = { type: 'max-snr' };
const pf = { type: 'pf' };

export const wirelessExercise: ExerciseFile = {
  version: 1,
  id: 'wireless-scheduling-fairness',
  title: 'Wireless scheduling and fairness',
  topic: 'Wireless',
  goal: 'See how a base station’s scheduler trades aggregate throughput against fairness among users with different channel qualities (seed 004).',
  status: 'ready',
  introduction:
    'The wireless-cell preset, shortened to 5 s: a server sends one NewReno bulk flow to each of three users behind a TDMA base station (10 ms slots, one user per slot, Rayleigh fading, the AMC table of seed 004). UE1 is far (5 dB mean SNR), UE2 at 9 dB, UE3 near (13 dB). Every slot the scheduler picks one backlogged user; that user is served at the rate its SNR allows in that slot.',
  scenario: { preset: 'wireless-cell', set: { duration: '5s' } },
  tasks: [
    {
      id: 'fairest',
      kind: 'choose',
      prompt: 'Which scheduler gives the highest Jain fairness index over the three users’ goodputs?',
      options: [
        { id: 'rr', label: 'Round robin (RR)', set: { [SCHEDULER]: rr } },
        { id: 'max-snr', label: 'Max-SNR (MSNR)', set: { [SCHEDULER]: maxSnr } },
        { id: 'pf', label: 'Proportional fair (PF)', set: { [SCHEDULER]: pf } },
      ],
      metric: { metric: 'jain' },
      best: 'highest',
      hints: [
        {
          text: 'Jain’s index is (Σx)² / (n·Σx²): 1 when every user gets the same goodput (seed 004 §5). Which scheduler gives every user the same share of the slots?',
          answer: 'rr',
        },
        { text: 'Which scheduler ignores the channel and hands out slots in turn?', answer: 'rr' },
      ],
      explanation:
        'Round robin gives every backlogged user the same share of slots whatever its channel, so the users’ goodputs differ only as much as their rates within their own slots do. Max-SNR gives almost every slot to the user with the best SNR at that instant, usually UE3 (Knopp & Humblet 1995), and proportional fair favours a user whose rate is high relative to its own average, which still leans towards the better channels. The thesis’s 42-node topology ranks RR last (seed 004 §3: Jain RR 0.66 … Qdelay 0.74) because there the index also covers the wired flows, which outrun the wireless ones; within one cell of long-lived flows, equal slots are the fairest share.',
    },
    {
      id: 'starves',
      kind: 'choose',
      prompt: 'Under which scheduler does UE1, the 5 dB user, get the lowest goodput?',
      options: [
        { id: 'rr', label: 'Round robin (RR)', set: { [SCHEDULER]: rr } },
        { id: 'max-snr', label: 'Max-SNR (MSNR)', set: { [SCHEDULER]: maxSnr } },
        { id: 'pf', label: 'Proportional fair (PF)', set: { [SCHEDULER]: pf } },
      ],
      metric: { metric: 'goodputBps', flow: 'to-UE1' },
      best: 'lowest',
      unit: 'Mb/s',
      scale: 1e6,
      hints: [
        {
          text: 'A 5 dB user’s instantaneous SNR is rarely the largest of three users at 5, 9 and 13 dB.',
          answer: 'max-snr',
        },
        { text: 'Seed 004 §4: “MSNR starves low-SNR UEs (throughput stratified by SNR)”.', answer: 'max-snr' },
      ],
      explanation:
        'Max-SNR serves UE1 only in the slots where its faded SNR beats both others’, which for a user 4 and 8 dB below them is rare; its goodput falls below what round robin’s third of the slots gives it. Proportional fair compares each user’s rate with its own average served rate (Jalali, Padovani & Pankaj 2000), so UE1 is served at its own peaks and is not starved.',
    },
    {
      id: 'both',
      kind: 'make',
      prompt:
        'Change only the base station’s scheduler so that the three users together get at least 5 Mb/s while UE1 (5 dB) still gets at least 0.8 Mb/s. Set it before you press Play: the goodputs are over the whole run (a running base station keeps its scheduler).',
      editable: [{ path: SCHEDULER, label: 'Base-station scheduler' }],
      goals: [
        {
          metric: { metric: 'aggregateGoodputBps' },
          atLeast: 5e6,
          label: 'Aggregate goodput',
          unit: 'Mb/s',
          scale: 1e6,
        },
        {
          metric: { metric: 'goodputBps', flow: 'to-UE1' },
          atLeast: 0.8e6,
          label: 'Goodput of UE1 (5 dB)',
          unit: 'Mb/s',
          scale: 1e6,
        },
      ],
      solution: { [SCHEDULER]: pf },
      hints: [
        {
          text: 'Round robin is fair but wastes slots on users in a fade; max-SNR uses the good slots but starves UE1. Proportional fair sits between them: it serves the user whose rate now is highest relative to its own average.',
          answer: { [SCHEDULER]: pf },
        },
        {
          text: 'Serve each user when its channel is good for it: relative to its own average rate (proportional fair), or weighted by its queueing delay (seed 004’s Qdelay, eq. 14).',
          answer: { [SCHEDULER]: { type: 'qdelay' } },
        },
      ],
      explanation:
        'Proportional fair (argmax R_l/AveR_l) and Qdelay (argmax Q_l/AveR_l·R_l, seed 004 eq. 14, a modified M-LWDF after Andrews et al. 2001) both ride each user’s fading peaks — multi-user diversity — so the aggregate rises well above round robin’s, while dividing by the served rate AveR_l keeps serving a user whose average has fallen behind, so UE1 is not starved. Seed 004 reports Qdelay with the highest utility Σ log x.',
    },
  ],
};
