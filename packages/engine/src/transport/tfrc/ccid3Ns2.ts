/**
 * Shared pieces of the ns-2 `Agent/DCCP/TFRC` model (Ccid3Ns2Sender / Ccid3Ns2Receiver).
 *
 * Packet slots (the pooled packet's numeric `sack` array; nothing is allocated per packet):
 * data: IsData (0 for the DCCP-Request and the handshake's DCCP-Ack), CcVal (window counter modulo 16),
 * HeaderBytes (32, or more on a DCCP-DataAck), IsAck (1 for the handshake's pure DCCP-Ack);
 * feedback (DCCP-Ack):
 * Pinv (Loss Event Rate option, ⌊1/p⌋, 0 for no loss), XRecv (Receive Rate option, bytes/s),
 * ElapsedS (Elapsed Time option, s), IsResponse (1 for the DCCP-Response).
 */
export const Ccid3Slot = {
  IsData: 0,
  CcVal: 1,
  HeaderBytes: 2,
  IsAck: 3,
  Pinv: 0,
  XRecv: 1,
  ElapsedS: 2,
  IsResponse: 3,
} as const;
export type Ccid3Slot = (typeof Ccid3Slot)[keyof typeof Ccid3Slot];

/**
 * ns-2's DCCP-Request and DCCP-Response with their feature-negotiation options (CCID, ECN, Ack Ratio,
 * Ack Vector, quiescence and the CCID-3 features, each Change/Confirm option a few bytes): 104 bytes
 * on the wire in ns-2.35 traces.
 */
export const NS2_HANDSHAKE_BYTES = 104;

/**
 * Bytes a DCCP-DataAck adds to a DCCP-Data packet in ns-2 when the sender acknowledges a feedback
 * packet: the 4-byte acknowledgement subheader, and options padded to a multiple of 4: an Ack Vector
 * (2 + 1 bytes: the receiver's feedback packets, one run) and, when the DataAck leaves later than the
 * feedback arrived, an Elapsed Time option (2 + 2 bytes). 8 or 12 bytes (1040 / 1044-byte packets).
 */
export function ns2DataAckExtra(elapsed: boolean): number {
  const opts = 3 + (elapsed ? 4 : 0);
  return 4 + Math.ceil(opts / 4) * 4;
}

/**
 * ns-2 dccp_tfrc.cc tfrc_calcX: X = s / (R·√(2p/3) + 4R·3·√(3p/8)·p·(1+32p²)), i.e. RFC 5348's
 * equation with b = 1, t_RTO = 4R and no min(1, ·) cap on the timeout term.
 */
export function ccid3CalcX(s: number, r: number, p: number): number {
  return s / (r * Math.sqrt((2 * p) / 3) + 4 * r * (3 * Math.sqrt((3 * p) / 8)) * p * (1 + 32 * p * p));
}

/**
 * ns-2 tfrc_calcP: the p at which the equation gives rate x, by bisection from 0.5 until
 * X(p) is within ±tol of x (50 steps at most); 1 when even p = 1 allows x.
 */
export function ccid3CalcP(s: number, r: number, x: number, tol = 0.05): number {
  if (x <= ccid3CalcX(s, r, 1)) return 1;
  let p = 0.5;
  let dp = 0.25;
  for (let i = 0; i < 50; i++) {
    const res = ccid3CalcX(s, r, p);
    if (res > (1 - tol) * x && res < (1 + tol) * x) return p;
    if (res > x) p += dp;
    else p -= dp;
    dp /= 2;
  }
  return p;
}
