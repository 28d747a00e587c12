import type { ParamSpec } from '../model/types.js';

/**
 * Parameters that more than one transport offers with the same meaning, defined once so that the
 * copies cannot drift apart. Each transport's own parameters live beside its sender (tcpParams.ts,
 * dccp/dccpTransport.ts, tfrc/tfrcTransport.ts).
 */

/** TCP (RttEstimator, clamped to minRto) and DCCP CCID 2 (DccpCcid2Sender, also its Request timer). */
export const initialRtoParam: ParamSpec = {
  key: 'initialRto',
  label: 'Initial RTO',
  kind: 'duration',
  default: 3,
  min: 0.01,
  max: 60,
  unit: 's',
  description: 'RTO before the first RTT sample (ns-2: 3 s; RFC 6298: 1 s).',
};
