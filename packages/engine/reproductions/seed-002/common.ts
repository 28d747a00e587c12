import { dumbbell } from '../../src/scenario/builders.js';
import type { ScenarioInput, TransportSpec, AppSpec } from '../../src/scenario/types.js';

/**
 * The seed-002 dumbbell (thesis Figs 3.2, 4.4, 5.1, 6.1): flows share one bottleneck, DropTail by
 * default. What survives of the thesis (digest 002 §2) fixes only the long-delay link, Tprop =
 * 300 ms; bandwidths, buffer, the short delay and packet sizes are lost and are ours:
 * 5 Mb/s bottleneck, 100-packet buffer, 20 ms short delay, 1000-byte packets, 10 Mb/s access.
 */
export const SEED002 = {
  bottleneck: '5Mbps',
  buffer: '100 packets',
  longDelay: '300ms',
  shortDelay: '20ms',
  packet: 1000,
} as const;

export type Seed002Flow =
  'tcp' | 'ccid2' | 'tw' | 'tfrc' | 'ccid3' | { udp: string } | { vbr: string; over: 'ccid2' | 'tw' };

/** The thesis's TW ("Threshold Window") knobs as we set them (its chosen values are lost). */
export const TW_PARAMS = { initialSsthresh: 200, ssGrowth: 3, reduction: 0.25 } as const;

function transport(f: Seed002Flow): { transport: TransportSpec; app?: AppSpec } {
  const dccp = (extra: Record<string, unknown> = {}): TransportSpec => ({
    type: 'dccp-ccid2',
    params: { packetSize: `${SEED002.packet}B`, ...extra },
  });
  if (f === 'tcp') return { transport: { type: 'tcp', cc: 'sack', params: { packetSize: `${SEED002.packet + 40}B` } } };
  if (f === 'ccid2') return { transport: dccp() };
  if (f === 'tw') return { transport: dccp(TW_PARAMS) };
  if (f === 'tfrc') return { transport: { type: 'tfrc', params: { packetSize: `${SEED002.packet}B` } } };
  if (f === 'ccid3') return { transport: { type: 'dccp-ccid3', params: { packetSize: `${SEED002.packet}B` } } };
  if ('udp' in f)
    return {
      transport: { type: 'udp' },
      app: { type: 'cbr', params: { rate: f.udp, packetSize: `${SEED002.packet}B` } },
    };
  return {
    transport: f.over === 'tw' ? dccp(TW_PARAMS) : dccp(),
    app: { type: 'vbr', params: { rate: f.vbr, packetSize: `${SEED002.packet}B` } },
  };
}

export function seed002Dumbbell(
  name: string,
  flows: readonly Seed002Flow[],
  o: { delay?: 'long' | 'short'; duration?: string; queue?: ScenarioInput['links'][number]['queue'] } = {},
): ScenarioInput {
  return dumbbell({
    name,
    description: `Seed 002 dumbbell: ${SEED002.bottleneck} bottleneck, ${o.delay === 'short' ? SEED002.shortDelay : SEED002.longDelay} one-way, ${SEED002.buffer} (rates, buffer and the short delay are ours; see the reproduction notes).`,
    flows: flows.map((f) => ({ ...transport(f), start: '0s' })),
    bottleneckRate: SEED002.bottleneck,
    bottleneckDelay: o.delay === 'short' ? SEED002.shortDelay : SEED002.longDelay,
    bottleneckBuffer: SEED002.buffer,
    ...(o.queue ? { bottleneckQueue: o.queue } : {}),
    accessRate: '10Mbps',
    accessDelay: '1ms',
    accessBuffer: '1000 packets',
    duration: o.duration ?? '200s',
    probeInterval: '1s',
  });
}

/** The paper column of every seed-002 entry: the thesis's values did not survive. */
export const LOST = 'value lost: only the thesis front matter, chapter 1 and references survive (digest 002 §3)';

export const COMMON_NOTES = [
  'Only the front matter, chapter 1 and the reference list of the thesis survive: no table value is available, so every check is one of the qualitative claims of digest 002 §4, and the paper column says "value lost".',
  'Bottleneck 5 Mb/s, buffer 100 packets, 1000-byte packets, access 10 Mb/s / 1 ms and the short delay (20 ms) are ours; the long delay is the thesis’s Tprop = 300 ms, read as the one-way bottleneck delay (Table 4.2’s entry also runs the round-trip reading).',
  'TW ("Threshold Window") is the thesis’s proposal built from three knobs whose chosen values are lost; ours: initial ssthresh 200 packets, slow-start growth ×3 per RTT, cwnd cut 25 % (digest 002 §1).',
  'Flow starts are jittered by up to 1 s per seed; rates are measured after the warm-up given per metric.',
];

/** Why our TW is not TCP-friendly (the same cause wherever TW meets TCP). */
export const TW_UNFRIENDLY =
  'With our knob values TW is an AIMD flow that adds one packet per round trip and cuts by 25 % instead of 50 %. By the AIMD response function (Floyd, Handley & Padhye 2000: rate ∝ √(a(2 − b)/(2b)) at equal loss) that alone is ≈ 1.5 × TCP’s rate, and its ×3 slow start refills the buffer first after each loss, so TCP falls well below half its share. A TCP-friendly 25 % cut needs an increase of a = 4(2b − b²)/3 ≈ 0.58 packet per round trip; the thesis’s own knob values are lost and may have been gentler.';
