import { formatQuantity, groupThousands, MAX_SOURCE_PACKETS_PER_SECOND } from '../core/limits.js';
import { list, num, packetRateCheck, str, type ParamCheckIssue } from '../model/params.js';
import type { ParamSpec, ResolvedParams } from '../model/types.js';
import type { AppModel } from './Application.js';
import { BulkApp } from './BulkApp.js';
import { CbrApp } from './CbrApp.js';
import { OnOffApp } from './OnOffApp.js';
import { VbrApp } from './VbrApp.js';
import { RandomArrivalApp, weibullMean } from './RandomArrivalApp.js';

const packetSize = {
  key: 'packetSize',
  label: 'Packet size',
  kind: 'size',
  default: 1000,
  min: 1,
  max: 65535,
  unit: 'B',
  description: 'Bytes per message handed to the transport (the datagram size for UDP).',
} as const;

const meanRate: ParamSpec = {
  key: 'rate',
  label: 'Mean rate',
  kind: 'rate',
  default: 1e6,
  min: 1,
  max: 1e11,
  unit: 'bit/s',
  description: 'Long-run mean sending rate.',
};

/** Every traffic source. */
export const appModels: AppModel[] = [
  {
    requires: (p) => (num(p, 'bytes') > 0 ? 'reliable' : 'backlogged'),
    info: {
      id: 'bulk',
      category: 'app',
      name: 'Bulk transfer',
      description: 'FTP-like transfer: unlimited data, or a fixed size with a completion time.',
      citation: 'ns-2 Application/FTP',
      params: [
        {
          key: 'bytes',
          label: 'Transfer size',
          kind: 'number',
          default: 0,
          min: 0,
          max: 1e15,
          unit: 'B',
          description: 'Bytes to transfer; 0 = unlimited.',
        },
      ],
    },
    create: (ctx) => new BulkApp(ctx),
  },
  {
    requires: () => null,
    check: packetRateCheck('rate', 'packetSize'),
    info: {
      id: 'cbr',
      category: 'app',
      name: 'Constant bit rate',
      description: 'Fixed-size messages at a constant rate.',
      citation: 'ns-2 Application/Traffic/CBR',
      params: [
        { key: 'rate', label: 'Rate', kind: 'rate', default: 1e6, min: 1, unit: 'bit/s', description: 'Sending rate.' },
        packetSize,
        {
          key: 'randomize',
          label: 'Dither gaps',
          kind: 'boolean',
          default: false,
          description: 'Randomise each inter-packet gap by ±50 % (ns-2 random_).',
        },
      ],
    },
    create: (ctx) => new CbrApp(ctx),
  },
  {
    requires: () => null,
    check: packetRateCheck('rate', 'packetSize'),
    info: {
      id: 'onoff',
      category: 'app',
      name: 'On/off source',
      description: 'Bursts at a peak rate separated by silences; exponential or Pareto periods.',
      citation: 'ns-2 Application/Traffic/Exponential and Application/Traffic/Pareto',
      params: [
        {
          key: 'rate',
          label: 'Peak rate',
          kind: 'rate',
          default: 1e6,
          min: 1,
          unit: 'bit/s',
          description: 'Rate during on periods.',
        },
        packetSize,
        {
          key: 'onMean',
          label: 'Mean on time',
          kind: 'duration',
          default: 0.5,
          min: 0.000001,
          unit: 's',
          description: 'Mean length of an on period.',
        },
        {
          key: 'offMean',
          label: 'Mean off time',
          kind: 'duration',
          default: 0.5,
          min: 0.000001,
          unit: 's',
          description: 'Mean length of an off period.',
        },
        {
          key: 'distribution',
          label: 'Distribution',
          kind: 'enum',
          default: 'exponential',
          options: ['exponential', 'pareto'],
          description: 'Distribution of on and off period lengths.',
        },
        {
          key: 'shape',
          label: 'Pareto shape',
          kind: 'number',
          default: 1.5,
          min: 1.01,
          max: 10,
          description: 'Shape parameter of the Pareto distribution (> 1).',
        },
      ],
    },
    create: (ctx) => new OnOffApp(ctx),
  },
  {
    requires: () => null,
    check: packetRateCheck('rate', 'packetSize'),
    info: {
      id: 'vbr',
      category: 'app',
      name: 'VBR video (H.263-like)',
      description: 'Video frames at a fixed frame rate with lognormal I/P frame sizes averaging the given rate.',
      citation:
        'Seed 002 (H.263 VBR over DCCP); Krunz & Tripathi, SIGMETRICS 1997 (lognormal frame sizes per type); Fitzek & Reisslein, IEEE Network 2001 (H.263 traces)',
      params: [
        {
          key: 'rate',
          label: 'Mean rate',
          kind: 'rate',
          default: 256e3,
          min: 1,
          unit: 'bit/s',
          description: 'Long-run mean bit rate of the video.',
        },
        {
          key: 'fps',
          label: 'Frame rate',
          kind: 'number',
          default: 25,
          min: 0.1,
          max: 1000,
          unit: 'frames/s',
          description: 'Frames per second.',
        },
        {
          key: 'gop',
          label: 'GOP length',
          kind: 'integer',
          default: 12,
          min: 1,
          max: 1000,
          unit: 'frames',
          description: 'One I frame every this many frames, P frames in between (ours).',
        },
        {
          key: 'iRatio',
          label: 'I/P size ratio',
          kind: 'number',
          default: 4,
          min: 1,
          max: 50,
          description:
            'Mean I-frame size over mean P-frame size (ours; H.263 traces show I frames several times larger).',
        },
        {
          key: 'cv',
          label: 'Size variation',
          kind: 'number',
          default: 0.4,
          min: 0,
          max: 5,
          description:
            'Coefficient of variation of the lognormal frame sizes (ours); 0 gives constant sizes per frame type.',
        },
        {
          key: 'trace',
          label: 'Frame-size trace',
          kind: 'list',
          default: [],
          unit: 'B',
          description: 'Imported frame sizes in bytes, replayed in a loop (empty: use the synthetic model).',
        },
        {
          key: 'scaleTrace',
          label: 'Scale trace to rate',
          kind: 'boolean',
          default: true,
          description: 'With an imported frame-size trace: scale it so its mean rate equals Mean rate.',
        },
        { ...packetSize, description: 'Largest datagram: frames are split into messages of at most this many bytes.' },
      ],
    },
    create: (ctx) => new VbrApp(ctx, list(ctx.params, 'trace')),
  },
  {
    requires: () => null,
    check: packetRateCheck('rate', 'packetSize'),
    info: {
      id: 'poisson',
      category: 'app',
      name: 'Poisson source',
      description: 'Fixed-size messages with exponentially distributed gaps (a Poisson process) at a mean rate.',
      citation: 'Seed 000 §6.2.1 (Poisson arrivals at each router); Kleinrock, Queueing Systems vol. 1 §2.4',
      params: [meanRate, packetSize],
    },
    create: (ctx) => new RandomArrivalApp(ctx, 'poisson'),
  },
  {
    requires: () => null,
    check: packetRateCheck('rate', 'packetSize'),
    info: {
      id: 'hyperexp',
      category: 'app',
      name: 'Hyperexponential source',
      description:
        'Fixed-size messages with two-phase hyperexponential gaps: burstier than Poisson at the same mean rate.',
      citation:
        'Seed 000 §6.2.1 (hyperexponential arrivals); balanced-means H2 fit: Whitt, Approximating a point process by a renewal process, 1982',
      params: [
        meanRate,
        packetSize,
        {
          key: 'cv',
          label: 'Gap variation (CoV)',
          kind: 'number',
          default: 2,
          min: 1,
          max: 100,
          description: 'Coefficient of variation of the gaps (1 = Poisson; larger = burstier).',
        },
      ],
    },
    create: (ctx) => new RandomArrivalApp(ctx, 'hyperexp'),
  },
  {
    requires: () => null,
    check: weibullRateCheck,
    info: {
      id: 'weibull',
      category: 'app',
      name: 'Weibull source',
      description: 'Weibull-distributed gaps and message sizes, as measured on Internet traffic (seed 000 Table 3.1).',
      citation: 'Seed 000 eq. 3.1 and Table 3.1 (measured Weibull parameters, α ≈ 0.92); Arfeen et al., JNCA 141, 2019',
      params: [
        {
          key: 'gapShape',
          label: 'Gap shape β',
          kind: 'number',
          default: 0.519675,
          min: 0.05,
          max: 20,
          description: 'Shape of the inter-arrival time law (β < 1: heavy-tailed, bursty).',
        },
        {
          key: 'gapScale',
          label: 'Gap scale η',
          kind: 'number',
          default: 1.71158,
          min: 1e-6,
          max: 1e6,
          description: 'Scale of the inter-arrival time law, in the unit below.',
        },
        {
          key: 'gapScaleUnit',
          label: 'Gap scale unit',
          kind: 'enum',
          default: 'ms',
          options: ['ms', 's'],
          description:
            'Unit of η: Table 3.1 prints no unit; ms gives plausible rates (mean gap η·Γ(1+1/β) ≈ 3.2 ms for TCP+UDP), so ms is the default (an ambiguity of seed 000).',
        },
        {
          key: 'sizeShape',
          label: 'Size shape β',
          kind: 'number',
          default: 0.806258,
          min: 0.05,
          max: 20,
          description: 'Shape of the message-size law.',
        },
        {
          key: 'sizeScale',
          label: 'Size scale η',
          kind: 'number',
          default: 641.644,
          min: 1,
          max: 65535,
          unit: 'B',
          description: 'Scale of the message-size law, bytes.',
        },
        {
          key: 'minSize',
          label: 'Smallest message',
          kind: 'integer',
          default: 40,
          min: 1,
          max: 65535,
          unit: 'B',
          description: 'Sizes below are raised to this (a datagram has at least its headers).',
        },
        {
          key: 'maxSize',
          label: 'Largest message',
          kind: 'integer',
          default: 1500,
          min: 1,
          max: 65535,
          unit: 'B',
          description: 'Sizes above are cut to this (the path MTU).',
        },
      ],
      presets: {
        'Table 3.1 TCP+UDP': { gapShape: 0.519675, gapScale: 1.71158, sizeShape: 0.806258, sizeScale: 641.644 },
        'Table 3.1 TCP only': { gapShape: 0.52512, gapScale: 1.50925, sizeShape: 0.811221, sizeScale: 712.344 },
        'Table 3.1 UDP only': { gapShape: 0.61658, gapScale: 0.00941, sizeShape: 1.10141, sizeScale: 826.505 },
      },
    },
    create: (ctx) => new RandomArrivalApp(ctx, 'weibull'),
  },
];

export function findAppModel(id: string): AppModel | undefined {
  return appModels.find((m) => m.info.id === id);
}

/** A Weibull source's mean gap η·Γ(1 + 1/β) must allow at most MAX_SOURCE_PACKETS_PER_SECOND. */
function weibullRateCheck(p: ResolvedParams): ParamCheckIssue[] {
  const meanGapS = weibullMean(num(p, 'gapShape'), num(p, 'gapScale')) * (str(p, 'gapScaleUnit') === 'ms' ? 1e-3 : 1);
  if (meanGapS * MAX_SOURCE_PACKETS_PER_SECOND >= 1) return [];
  return [
    {
      key: 'gapScale',
      message: `a mean gap of ${formatQuantity('duration', meanGapS)} is ${groupThousands(Math.round(1 / meanGapS))} packets per second; at most ${groupThousands(MAX_SOURCE_PACKETS_PER_SECOND)}`,
    },
  ];
}
