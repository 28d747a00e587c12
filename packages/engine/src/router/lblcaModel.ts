import type { ParamSpec } from '../model/types.js';
import { num, str } from '../model/params.js';
import type { QueueModel } from '../queue/QueueModel.js';
import type { LblcaRateRule, LblcaRates } from './lblcaEquations.js';
import { LBLCA_PROBES, LblcaQueueDisc } from './LblcaQueueDisc.js';

const n = (key: string, label: string, def: number, min: number, max: number, description: string): ParamSpec => ({
  key,
  label,
  kind: 'number',
  default: def,
  min,
  max,
  description,
});

/** Parameters every LbLCA port of one router must share (the router's controller reads them once). */
export const LBLCA_ROUTER_KEYS = ['period', 'feedbackDelay', 'feedbackSize', 'packetSize'] as const;

/**
 * Registry entry of the LbLCA port (queue discipline `lblca`, seed 000): put it on both directions
 * of every router-to-router link (a link's `queue` applies both ways) so that feedback can travel
 * back; a router's `buffer` makes its ports share one buffer.
 */
export const lblcaModel: QueueModel = {
  info: {
    id: 'lblca',
    category: 'queue',
    name: 'LbLCA router port',
    description:
      'Link-by-link congestion avoidance: every period the router sets this port’s sending rate from its neighbour’s feedback (occupancy and sending rate), to keep the neighbour’s buffer between the set points; a shaper holds packets to that rate.',
    citation:
      'Seed 000 (PhD thesis, IIT Guwahati 2020) §6.1.1 eqs. 6.1–6.6 and Algorithm 2; digest shared/spec/000-lblca.md §1',
    classful: true,
    params: [
      n(
        'bl',
        'Lower set point b_l',
        0.1,
        0,
        1,
        'Share of a buffer below which the router sends at δ (Algorithm 2, ns-2: 0.1; §6.2 Matlab: 0.2).',
      ),
      n(
        'bu',
        'Upper set point b_u',
        0.9,
        0,
        1,
        'Share of the downstream buffer at or above which the router sends at δ (Algorithm 2: 0.9; Matlab: 0.8).',
      ),
      n('delta', 'δ (minimum rate)', 0.05, 0, 1, 'Minimum sending rate as a share (thesis: 5 %).'),
      {
        key: 'deltaOf',
        label: 'δ is a share of',
        kind: 'enum',
        default: 'capacity',
        options: ['capacity', 'arrival'],
        description:
          'Ambiguous in the thesis: "5 % (0.05·c_j)" of the link capacity (Algorithm 2; default) or "of the incoming arrival rate" (§6.1.1) — then of the port’s arrival rate over the last period.',
      },
      {
        key: 'rateRule',
        label: 'Eq. 6.6',
        kind: 'enum',
        default: 'repaired',
        options: ['repaired', 'literal'],
        description:
          'repaired: s = min(max(ts, δ), c_j), δ a floor (default). literal: s = min(ts, δ, c_j) as printed, which never lets s above δ.',
      },
      {
        key: 'rates',
        label: 'Rates in eq. 6.2',
        kind: 'enum',
        default: 'fraction',
        options: ['fraction', 'absolute'],
        description:
          'Eq. 6.2 weights rates by c_j: read a and s as fractions of c_j (default; Fb(b) is then the downstream’s output over its capacity, scaled by this port’s c_j in eq. 6.5), or drop the weight and use bit/s (Fb(b) the capacity-weighted mean rate).',
      },
      {
        key: 'edge',
        label: 'Without feedback',
        kind: 'enum',
        default: 'line-rate',
        options: ['line-rate', 'own-buffer'],
        description:
          'A port whose neighbour sends no feedback (a host, a router without LbLCA): send at the line rate, or keep eq. 6.5’s own-buffer case (δ while Θ ≤ b_l·B) and send at the line rate otherwise.',
      },
      n('initialRate', 'Initial rate', 1, 0, 1, 'Sending rate before the first update, as a share of the capacity.'),
      {
        key: 'period',
        label: 'Update period d',
        kind: 'duration',
        default: 0,
        min: 0,
        max: 100,
        unit: 's',
        description:
          'How often the router updates its rates and sends feedback; 0 = the largest round-trip propagation delay of the scenario’s flows (the thesis’s ns-2 runs: d = RTT). Router-wide.',
      },
      {
        key: 'feedbackDelay',
        label: 'Feedback processing delay',
        kind: 'duration',
        default: 0,
        min: 0,
        max: 100,
        unit: 's',
        description:
          'Time the downstream router holds its feedback before sending; Δx is this plus the feedback packet’s transit on the reverse link. Router-wide.',
      },
      {
        key: 'feedbackSize',
        label: 'Feedback packet size',
        kind: 'size',
        default: 40,
        min: 1,
        max: 1500,
        unit: 'B',
        description: 'Bytes of a feedback packet on the wire (ours: an IP header and two 32-bit fields). Router-wide.',
      },
      {
        key: 'packetSize',
        label: 'Nominal packet size',
        kind: 'size',
        default: 1000,
        min: 1,
        max: 65535,
        unit: 'B',
        description:
          'Converts link rates to packets/s when the buffer counts packets (Algorithm 2’s units; Table 6.2: 1000 B). Router-wide.',
      },
    ],
    probes: LBLCA_PROBES,
    presets: {
      'ns-2 (Algorithm 2: b_l 0.1, b_u 0.9)': { bl: 0.1, bu: 0.9 },
      'Matlab (§6.2: b_l 0.2, b_u 0.8)': { bl: 0.2, bu: 0.8 },
      'Literal eq. 6.6 (s ≤ δ)': { rateRule: 'literal' },
    },
  },
  create(p, _limit, build) {
    return new LblcaQueueDisc(
      {
        bl: num(p, 'bl'),
        bu: num(p, 'bu'),
        delta: num(p, 'delta'),
        deltaOf: str(p, 'deltaOf') as 'capacity' | 'arrival',
        rateRule: str(p, 'rateRule') as LblcaRateRule,
        rates: str(p, 'rates') as LblcaRates,
        edge: str(p, 'edge') as 'line-rate' | 'own-buffer',
        initialRate: num(p, 'initialRate'),
      },
      {
        periodS: num(p, 'period'),
        feedbackDelayS: num(p, 'feedbackDelay'),
        feedbackBytes: num(p, 'feedbackSize'),
        packetBytes: num(p, 'packetSize'),
      },
      build.makeChild,
    );
  },
  check(p) {
    if (num(p, 'bl') >= num(p, 'bu'))
      return [{ key: 'bl', message: `b_l (${num(p, 'bl')}) must be below b_u (${num(p, 'bu')})` }];
    return [];
  },
  checkRouter(ports) {
    const first = ports[0]!;
    const out: { index: number; key: string; message: string }[] = [];
    ports.forEach((p, i) => {
      for (const k of LBLCA_ROUTER_KEYS)
        if (p[k] !== first[k])
          out.push({
            index: i,
            key: k,
            message: `${k} is router-wide: ${JSON.stringify(p[k])} differs from ${JSON.stringify(first[k])} on the router's first LbLCA port`,
          });
    });
    return out;
  },
};
