import { PacketKind, type Packet } from '../../net/Packet.js';

/**
 * DCCP header sizes on the wire, IP header included (ns-2 dccp_types.h: generic header 12 + IP 20;
 * DCCP-Data adds nothing, DCCP-Ack / DataAck add a 4-byte acknowledgement subheader).
 */
export const DCCP_DATA_HEADER = 32;
export const DCCP_ACK_HEADER = 36;
/** DCCP-Request / -Response with their feature-negotiation options (approximate). */
export const DCCP_REQUEST_BYTES = 48;

/** CCID-2 fields in the packet's numeric slots (packets are pooled: nothing is allocated). */
/** Slot indices; data and acknowledgement packets reuse the same slots for different fields. */
export const Ccid2Slot = {
  /** Data: the Ack Ratio the receiver should use (feature Ack Ratio, RFC 4340 §11.3). */
  AckRatio: 0,
  /** Data: highest acknowledgement number whose Ack Vector the sender has processed (ack-of-ack). */
  AckOfAck: 1,
  /** Data: 1 for data, 0 for the handshake's DCCP-Ack. */
  IsData: 2,
  /** Ack: Elapsed Time option, ns between the arrival of `ack` and this ACK (RFC 4340 §13.2). */
  ElapsedNs: 0,
} as const;
export type Ccid2Slot = (typeof Ccid2Slot)[keyof typeof Ccid2Slot];

export function isDccpData(p: Packet): boolean {
  return p.kind === PacketKind.DccpData && p.sack[Ccid2Slot.IsData] === 1;
}
