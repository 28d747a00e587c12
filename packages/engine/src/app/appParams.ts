import type { ParamSpec } from '../model/types.js';

/** Parameters that more than one traffic source offers, defined once. */

/** Bytes per message: CBR, on/off, VBR (as the largest datagram) and the random-arrival sources. */
export const packetSizeParam = {
  key: 'packetSize',
  label: 'Packet size',
  kind: 'size',
  default: 1000,
  min: 1,
  max: 65535,
  unit: 'B',
  description: 'Bytes per message handed to the transport (the datagram size for UDP).',
} as const;

/** The long-run mean rate of the Poisson and hyperexponential sources. */
export const meanRateParam: ParamSpec = {
  key: 'rate',
  label: 'Mean rate',
  kind: 'rate',
  default: 1e6,
  min: 1,
  max: 1e11,
  unit: 'bit/s',
  description: 'Long-run mean sending rate.',
};
