import type { Random } from '../../core/Random.js';
import { Port, type PortArgs } from '../../net/Port.js';
import { bool, list, num, str } from '../../model/params.js';
import type { ModelInfo, ParamSpec, ResolvedParams } from '../../model/types.js';
import { BsDownlinkPort } from '../bs/BsDownlinkPort.js';
import { amcFromParams, amcParams, checkAmcParams } from './amc.js';
import { FadingPort } from './FadingPort.js';
import { MahimahiTrace, MAHIMAHI_PACKET_BYTES, traceProblem } from './MahimahiTrace.js';
import { RayleighFading } from './RayleighFading.js';
import { tracePresets, tracePresetTimes } from './tracePresets.js';
import { TracePort } from './TracePort.js';

/** What a channel model builds a port with. */
export interface ChannelBuildContext {
  readonly portArgs: PortArgs;
  /** The channel's own random stream (fading draws). */
  readonly random: Random;
  /** The direction is a base station's downlink to a UE (the BS grants its slots). */
  readonly bsDownlink: boolean;
}

/**
 * A registry entry for a link direction's channel model: how its transmitter's rate (and loss)
 * changes over time. `fixed` is the plain port; the others build a GrantedPort.
 */
export interface ChannelModel {
  readonly info: ModelInfo;
  /** Problems no single parameter's range can catch, keyed by parameter. */
  check?(params: ResolvedParams, bsDownlink: boolean): { key: string; message: string }[];
  createPort(params: ResolvedParams, ctx: ChannelBuildContext): Port;
}

export const fixedChannelModel: ChannelModel = {
  info: {
    id: 'fixed',
    category: 'channel',
    name: 'Fixed rate',
    description: 'The link’s rate, constant (a wire).',
    citation: 'ns-2 DelayLink; every fixed-rate link',
    params: [],
  },
  createPort: (_p, ctx) => new Port(...ctx.portArgs),
};

const CUSTOM = 'custom';

export const traceChannelModel: ChannelModel = {
  info: {
    id: 'trace',
    category: 'channel',
    name: 'Delivery trace (Mahimahi)',
    description: 'Replays a packet-delivery trace: one line per 1504-byte delivery opportunity, in ms.',
    citation:
      'Netravali et al., Mahimahi, USENIX ATC 2015; mm-link(1) and src/frontend/link_queue.cc (opportunity of 1504 B, partial packets, looping)',
    params: [
      {
        key: 'preset',
        label: 'Trace',
        kind: 'enum',
        default: tracePresets[0]!.id,
        options: [...tracePresets.map((t) => t.id), CUSTOM],
        description: `A shipped trace (${tracePresets.map((t) => t.id).join(', ')}; docs/models.md), or "custom" for the timestamps below.`,
      },
      {
        key: 'ms',
        label: 'Timestamps',
        kind: 'list',
        default: [],
        unit: 'ms',
        description:
          'With preset "custom": the trace, one delivery opportunity per entry (a Mahimahi file’s lines), whole ms, non-decreasing, last > 0.',
      },
      {
        key: 'repeat',
        label: 'Loop',
        kind: 'boolean',
        default: true,
        description:
          'Loop the trace with its last timestamp as the period (mm-link’s default); off: the link stops at the end.',
      },
      {
        key: 'opportunityBytes',
        label: 'Bytes per opportunity',
        kind: 'integer',
        default: MAHIMAHI_PACKET_BYTES,
        min: 1,
        max: 65536,
        unit: 'B',
        description: 'Bytes one opportunity carries (Mahimahi: 1504, its TUN MTU).',
      },
    ],
  },
  check(p) {
    const preset = str(p, 'preset');
    const ms = list(p, 'ms');
    if (preset !== CUSTOM)
      return ms.length > 0 ? [{ key: 'ms', message: `is read only with preset "custom" (preset is "${preset}")` }] : [];
    const problem = traceProblem(ms);
    return problem === null ? [] : [{ key: 'ms', message: problem }];
  },
  createPort(p, ctx) {
    const preset = str(p, 'preset');
    const times = preset === CUSTOM ? list(p, 'ms') : tracePresetTimes(preset)!;
    return new TracePort(new MahimahiTrace(times, bool(p, 'repeat'), num(p, 'opportunityBytes')), ...ctx.portArgs);
  },
};

/** Rayleigh-fading parameters a base station's downlink takes (the rest are the BS's). */
export const FADING_KEYS = ['meanSnrDb', 'dopplerHz', 'sinusoids'] as const;

const fadingParams: readonly ParamSpec[] = [
  {
    key: 'meanSnrDb',
    label: 'Mean SNR',
    kind: 'number',
    default: 9,
    min: -30,
    max: 60,
    unit: 'dB',
    description: 'Average SNR at the receiver (seed 004: 5, 9, 13, 5, 9, 13 dB for UE1–UE6).',
  },
  {
    key: 'dopplerHz',
    label: 'Doppler',
    kind: 'number',
    default: 127.8,
    min: 0,
    max: 10000,
    unit: 'Hz',
    description: 'Maximum Doppler shift f_d (seed 004: 127.8 Hz); the autocorrelation is J0(2π f_d τ).',
  },
  {
    key: 'sinusoids',
    label: 'Sinusoids',
    kind: 'integer',
    default: 16,
    min: 4,
    max: 256,
    unit: '',
    description: 'Sinusoids per quadrature component M of the sum-of-sinusoids generator (Zheng & Xiao use 8).',
  },
];

export const rayleighChannelModel: ChannelModel = {
  info: {
    id: 'rayleigh',
    category: 'channel',
    name: 'Rayleigh fading + AMC',
    description:
      'SNR fades (Clarke/Jakes, Doppler f_d); adaptive modulation and coding turns it into the rate, block by block.',
    citation:
      'Zheng & Xiao, IEEE Commun. Lett. 6(6), 2002 (sum of sinusoids); Clarke 1968; Jakes 1974; seed 004 §4.3 and Table 1 (AMC)',
    params: [
      ...fadingParams,
      {
        key: 'block',
        label: 'Block',
        kind: 'duration',
        default: 0.01,
        min: 0.00001,
        max: 10,
        unit: 's',
        description: 'The rate is held for a block (block fading). Off a base station only; a BS uses its slot.',
      },
      {
        key: 'outage',
        label: 'In an outage',
        kind: 'enum',
        default: 'wait',
        options: ['wait', 'lose'],
        description:
          'SNR below every AMC threshold: wait for the channel (no transmission), or send at the lowest mode and lose the packets. Off a base station only.',
      },
      ...amcParams,
    ],
  },
  check: (p, bsDownlink) => (bsDownlink ? [] : checkAmcParams(p)),
  createPort(p, ctx) {
    const fading = new RayleighFading(num(p, 'dopplerHz'), num(p, 'sinusoids'), ctx.random);
    if (ctx.bsDownlink) return new BsDownlinkPort(fading, num(p, 'meanSnrDb'), ...ctx.portArgs);
    const { amc, symbolsPerSecond } = amcFromParams(p);
    return new FadingPort(
      {
        fading,
        meanSnrDb: num(p, 'meanSnrDb'),
        amc,
        symbolsPerSecond,
        blockNs: Math.max(1, Math.round(num(p, 'block') * 1e9)),
        outage: str(p, 'outage') as 'wait' | 'lose',
      },
      ...ctx.portArgs,
    );
  },
};

/** Every channel model a link direction can have, in menu order. */
export const channelModels: ChannelModel[] = [fixedChannelModel, traceChannelModel, rayleighChannelModel];

export function findChannelModel(id: string): ChannelModel | undefined {
  return channelModels.find((m) => m.info.id === id);
}
