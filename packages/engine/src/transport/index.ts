import type { TransportModel } from './Transport.js';
import { tcpTransport } from './tcpTransport.js';
import { udpTransport } from './Udp.js';
import { dccpCcid3Transport, tfrcTransport } from './tfrc/tfrcTransport.js';
import { dccpCcid2Transport } from './dccp/dccpTransport.js';

export type { TransportModel } from './Transport.js';
export { tcpTransport } from './tcpTransport.js';
export { udpTransport } from './Udp.js';

/** Every transport, in menu order; each model is defined beside its sender. */
export const transportModels: TransportModel[] = [
  tcpTransport,
  udpTransport,
  tfrcTransport,
  dccpCcid2Transport,
  dccpCcid3Transport,
];

export function findTransportModel(id: string): TransportModel | undefined {
  return transportModels.find((m) => m.info.id === id);
}
