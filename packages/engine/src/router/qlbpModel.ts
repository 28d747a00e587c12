import { bool, num } from '../model/params.js';
import { fqModel } from '../queue/FqQueueDisc.js';
import type { QueueModel } from '../queue/QueueModel.js';
import { QlbpQueueDisc } from './QlbpQueueDisc.js';

/**
 * Registry entry of the QLBP pacer (seed 001). "Stability control" puts the pacer over an `fq`
 * scheduler (ns-2 Queue/FQ semantics); a scenario may instead give any child discipline.
 */
export const qlbpModel: QueueModel = {
  info: {
    id: 'qlbp',
    category: 'queue',
    name: 'QLBP pacer',
    description:
      'Queue-length-based pacing: sends at a rate that grows with the queue, smoothing bursts before a small-buffer core.',
    citation:
      'Seed 001 (Kumar & Gupta); Cai, Hanay & Wolf, Practical packet pacing in small-buffer networks, ICC 2009 / IEEE JSAC 2011 (rate law reconstructed, see docs/models.md)',
    classful: true,
    params: [
      {
        key: 'minRateFraction',
        label: 'μ_min / C',
        kind: 'number',
        default: 0.1,
        min: 0.001,
        max: 1,
        unit: '× link rate',
        description:
          'Slowest pacing rate μ_min, as a fraction of the link rate; traffic slower than this is never delayed (rule b). Default ours (the seed gives no value).',
      },
      {
        key: 'maxQueue',
        label: 'Q_max',
        kind: 'integer',
        default: 20,
        min: 1,
        max: 100000,
        unit: 'packets',
        description: 'Queue length at which the pacing rate reaches the link rate (rule a). Default ours.',
      },
      {
        key: 'pacingBuffer',
        label: 'Pacing buffer',
        kind: 'integer',
        default: 0,
        min: 0,
        max: 1000000,
        unit: 'packets',
        description: 'Packets the pacing queue may hold; 0 = the port’s buffer.',
      },
      {
        key: 'stabilityControl',
        label: 'Stability control (FQ)',
        kind: 'boolean',
        default: false,
        description:
          'Serve the pacing queue with fair queueing across flows (seed 001’s "stability control": pacing with ns-2 Queue/FQ).',
      },
      {
        key: 'rateWindow',
        label: 'Rate window',
        kind: 'duration',
        default: 0.01,
        min: 0.000001,
        max: 10,
        unit: 's',
        description: 'Window over which input and output rates are measured for their variance (probes).',
      },
    ],
    probes: [
      { key: 'pacingRateBps', label: 'Pacing rate', unit: 'bit/s', description: 'r(q) at the current queue length.' },
      { key: 'inputRateCov', label: 'Input rate CoV', unit: '', description: 'CoV of the arrival rate per window.' },
      {
        key: 'outputRateCov',
        label: 'Output rate CoV',
        unit: '',
        description: 'CoV of the departure rate per window.',
      },
    ],
  },
  create(p, limit, build) {
    const fq = bool(p, 'stabilityControl') ? fqModel : undefined;
    const makeChild = fq ? () => fq.create({ ...defaults(fq) }, limit, build) : build.makeChild;
    return new QlbpQueueDisc(
      {
        minRateFraction: num(p, 'minRateFraction'),
        maxQueuePackets: num(p, 'maxQueue'),
        pacingBufferPackets: num(p, 'pacingBuffer'),
        rateWindowNs: Math.round(num(p, 'rateWindow') * 1e9),
      },
      makeChild,
    );
  },
};

function defaults(m: QueueModel): Record<string, number | boolean | string | readonly number[]> {
  const out: Record<string, number | boolean | string | readonly number[]> = {};
  for (const s of m.info.params) out[s.key] = s.default;
  return out;
}
