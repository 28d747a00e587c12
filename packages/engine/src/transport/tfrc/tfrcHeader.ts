import type { Packet } from '../../net/Packet.js';

/**
 * TFRC header fields carried in the packet's numeric slots (packets are pooled: no objects are
 * attached). The `sack` array is unused by non-TCP packets, so it holds the TFRC fields by name
 * below; `sendTimeNs` is the data timestamp and `tsEchoNs` the echoed one.
 *
 * Data packet (RFC 5348 §3.2.1; ns-2 hdr_tfrc): sender RTT estimate, timeout, round id, urgent flag.
 * Feedback (RFC 5348 §3.2.2; ns-2 hdr_tfrc_ack): loss event rate p, receive rate (packets/s),
 * losses since the last report.
 */
/** Slot indices; data and acknowledgement packets reuse the same slots for different fields. */
export const TfrcSlot = {
  RttS: 0,
  TzeroS: 1,
  RoundId: 2,
  Urgent: 3,
  /** feedback */
  LossRate: 0,
  RecvRatePps: 1,
  Losses: 2,
  /** feedback: receiver's elapsed time between last data arrival and this report (s). */
  DelayS: 3,
} as const;
export type TfrcSlot = (typeof TfrcSlot)[keyof typeof TfrcSlot];

export function setSlot(p: Packet, slot: TfrcSlot, v: number): void {
  p.sack[slot] = v;
}

export function slot(p: Packet, slot: TfrcSlot): number {
  return p.sack[slot]!;
}
