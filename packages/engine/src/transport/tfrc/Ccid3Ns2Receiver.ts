import { NS_PER_SECOND } from '../../core/units.js';
import { Ecn, PacketKind, type Packet, type Route, byteCount } from '../../net/Packet.js';
import { inject } from '../../net/Port.js';
import type { FlowContext, FlowReceiver } from '../Transport.js';
import { ccid3CalcP, Ccid3Slot, NS2_HANDSHAKE_BYTES } from './ccid3Ns2.js';

export interface Ccid3Ns2ReceiverConfig {
  /** Bytes on the wire per feedback packet (DCCP-Ack with Loss Event Rate, Receive Rate, Ack Vector). */
  feedbackBytes: number;
  /** s used when inverting the equation for the first loss interval (ns-2 r_s_ 500). */
  eqSegmentBytes: number;
  /** Packets received after a hole before it counts as lost (ns-2 num_dup_acks_ 3). */
  numDupAcks: number;
}

const RING = 1 << 15;
const MASK = RING - 1;
const RUNS = 64;
const WC_PER_RTT = 4;
const MAX_WC_INC = 5;
const CCVAL_LIMIT = 16;
/** Loss interval history: 8 weights (1,1,1,1,0.8,0.6,0.4,0.2) over 9 entries (the open one first). */
const NUM_W = 8;
const WEIGHTS = [1, 1, 1, 1, 0.8, 0.6, 0.4, 0.2] as const;
const W_TOT = 6;

const wcDist = (a: number, b: number) => (((a - b) % CCVAL_LIMIT) + CCVAL_LIMIT) % CCVAL_LIMIT;

/**
 * DCCP CCID-3 receiver as ns-2.35 `Agent/DCCP/TFRC` implements it (dccp/dccp_tfrc.cc):
 * - RTT estimated from the window counters: 4·(t_recv(newest) − t_recv(newest packet whose counter is
 *   more than 4 behind))/counter distance (no smoothing); the handshake RTT until then;
 * - a hole is a loss once 3 later packets arrived; a loss starts a new loss event if its preceding
 *   packet's counter is more than 4 (one RTT) after the counter that began the current event;
 * - loss interval history of 9 entries created at the first loss with the first interval from the
 *   equation inverted at the receive rate (s = 500 B) and the other 7 closed intervals **zero**,
 *   so p starts about 6× above the equation's value and falls as real intervals arrive;
 *   p = 1/max(I_tot0, I_tot1, ΣW)·ΣW, no history discounting;
 * - a report on the first data packet, whenever p increases, and on a data packet whose counter is
 *   at least 4 above that of the packet last reported (about once per RTT); no report timer;
 * - receive rate: bytes since the last report over the time since it, or bytes of the last RTT
 *   over R when the last report is less than R old.
 */
export class Ccid3Ns2Receiver implements FlowReceiver {
  private rev!: Route;
  private readonly arrival = new Float64Array(RING);
  private readonly size = new Float64Array(RING);
  private readonly got = new Uint8Array(RING);
  /** Runs of consecutive received packets with the same counter: counter and last arrival. */
  private readonly runWc = new Int8Array(RUNS);
  private readonly runT = new Float64Array(RUNS);
  private runs = 0;
  /** The 4 newest received data packets: seq, counter, CE mark (index 0 newest). */
  private readonly lastSeq = new Float64Array(4);
  private readonly lastWc = new Int8Array(4);
  private readonly lastCe = new Uint8Array(4);
  private nLast = 0;
  /** Loss intervals; [0] is the open one; seq/counter of the packet starting it. */
  private readonly li = new Float64Array(NUM_W + 1);
  private liSeq = 0;
  private liWc = 0;
  private liUsed = false;
  private opened = false;
  private tResponse = 0;
  private rttConnEst = 0;
  private data = false;
  private maxSeq = -1;
  private ackSeq = 0;
  /** Receiver's RTT estimate and loss event rate (ns-2 r_rtt_, r_p_). */
  rttS = 0;
  p = 0;
  private lastCounter = 0;
  private seqLastCounter = -1;
  private tLastFeedback = 0;
  private bytesRecv = 0;
  reports = 0;
  lossEvents = 0;

  constructor(
    private readonly ctx: FlowContext,
    private readonly cfg: Ccid3Ns2ReceiverConfig,
  ) {}

  setRoute(rev: Route): void {
    this.rev = rev;
  }

  private newAck(size: number): Packet {
    const p = this.ctx.pool.alloc();
    p.kind = PacketKind.DccpAck;
    p.flowId = this.ctx.flowIndex;
    p.sizeBytes = byteCount(size);
    p.seq = this.ackSeq++;
    p.ack = this.maxSeq;
    p.sendTimeNs = this.ctx.sim.now;
    p.createdNs = this.ctx.sim.now;
    p.route = this.rev;
    p.sack[Ccid3Slot.IsResponse] = 0;
    p.sack[Ccid3Slot.ElapsedS] = 0;
    return p;
  }

  receive(pkt: Packet): void {
    const now = this.ctx.sim.now / NS_PER_SECOND;
    if (pkt.sack[Ccid3Slot.IsData] !== 1) {
      const isAck = pkt.sack[Ccid3Slot.IsAck] === 1;
      this.ctx.pool.release(pkt);
      if (isAck) {
        // the client's DCCP-Ack ends the handshake (ns-2: the server's rtt_conn_est_ is taken here)
        this.open(now);
        return;
      }
      // DCCP-Request: answer with a Response (resent if the Request comes again)
      if (this.opened) return;
      const r = this.newAck(NS2_HANDSHAKE_BYTES);
      r.sack[Ccid3Slot.IsResponse] = 1;
      this.tResponse = now;
      inject(r);
      return;
    }
    const st = this.ctx.stats;
    const seq = pkt.seq;
    const wc = pkt.sack[Ccid3Slot.CcVal]!;
    const payload = pkt.sizeBytes - pkt.sack[Ccid3Slot.HeaderBytes]!;
    const ce = pkt.ecn === Ecn.Ce;
    st.packetsReceived++;
    st.bytesReceived += pkt.sizeBytes;
    st.recordDelay(this.ctx.sim.now - pkt.createdNs);
    this.ctx.pool.release(pkt);
    // without its handshake Ack (lost, or no handshake) the first data packet opens the connection
    this.open(now);
    if (seq <= this.maxSeq) {
      st.duplicatesReceived++;
      return;
    }
    st.goodputBytes += payload;
    this.maxSeq = seq;
    this.arrival[seq & MASK] = now;
    this.size[seq & MASK] = payload;
    this.got[seq & MASK] = 1;
    // the ring may still hold a packet from RING sequence numbers ago: clear the gap's flags
    // (bounded: holes are short, one congestion window at most)
    this.pushLast(seq, wc, ce);
    this.pushRun(wc, now);
    this.sampleRtt();

    if (!this.data) {
      this.data = true;
      this.sendFeedback(now, wc, seq);
      return;
    }
    this.bytesRecv += payload;
    this.updateLossHistory(now, seq);
    const pPrev = this.p;
    if (this.liUsed) this.p = 1 / this.meanInterval();
    if (this.p > pPrev) this.sendFeedback(now, wc, seq);
    else if (seq > this.seqLastCounter && wcDist(wc, this.lastCounter) >= WC_PER_RTT) this.sendFeedback(now, wc, seq);
  }

  private open(now: number): void {
    if (this.opened) return;
    this.opened = true;
    this.rttConnEst = this.tResponse > 0 ? now - this.tResponse : 0;
  }

  private pushLast(seq: number, wc: number, ce: boolean): void {
    for (let i = 3; i > 0; i--) {
      this.lastSeq[i] = this.lastSeq[i - 1]!;
      this.lastWc[i] = this.lastWc[i - 1]!;
      this.lastCe[i] = this.lastCe[i - 1]!;
    }
    this.lastSeq[0] = seq;
    this.lastWc[0] = wc;
    this.lastCe[0] = ce ? 1 : 0;
    if (this.nLast < 4) this.nLast++;
    // forget stale receive flags of lost packets between the previous newest and this one
    const prev = this.nLast > 1 ? this.lastSeq[1]! : seq;
    for (let i = prev + 1; i < seq && i > seq - RING; i++) this.got[i & MASK] = 0;
  }

  private pushRun(wc: number, now: number): void {
    const k = (this.runs - 1 + RUNS) % RUNS;
    if (this.runs > 0 && this.runWc[k] === wc) {
      this.runT[k] = now;
      return;
    }
    const n = this.runs % RUNS;
    this.runWc[n] = wc;
    this.runT[n] = now;
    this.runs++;
  }

  /** ns-2 sampleRTT (window-counter scheme); keeps the old estimate when no sample is possible. */
  private sampleRtt(): void {
    const fallback = () => {
      if (this.rttS <= 0) this.rttS = this.rttConnEst;
    };
    if (this.runs < 2) return fallback();
    const cur = (this.runs - 1) % RUNS;
    const curWc = this.runWc[cur]!;
    const curT = this.runT[cur]!;
    let prevWc = curWc;
    const oldest = Math.max(0, this.runs - RUNS);
    for (let r = this.runs - 2; r >= oldest; r--) {
      const k = r % RUNS;
      const w = this.runWc[k]!;
      if (wcDist(prevWc, w) >= MAX_WC_INC) return fallback();
      prevWc = w;
      const d = wcDist(curWc, w);
      if (d > WC_PER_RTT) {
        this.rttS = (WC_PER_RTT * (curT - this.runT[k]!)) / d;
        return;
      }
    }
    fallback();
  }

  /** ns-2 calcXrecv (bytes/s of payload). */
  private xRecv(now: number): number {
    const t = now - this.tLastFeedback;
    if (t < this.rttS) {
      let sum = 0;
      const from = now - this.rttS;
      for (let i = this.maxSeq; i > this.maxSeq - RING && i >= 0; i--) {
        if (this.got[i & MASK] !== 1) continue;
        if (this.arrival[i & MASK]! < from) break;
        sum += this.size[i & MASK]!;
      }
      return sum / this.rttS;
    }
    return t > 0 ? this.bytesRecv / t : 0;
  }

  /** ns-2 tfrc_recv_updateLI: loss (3 later packets) or CE mark, then the open interval. */
  private updateLossHistory(now: number, newest: number): void {
    if (this.nLast === 4 && this.lastSeq[2]! - this.lastSeq[3]! > 1)
      this.lossAt(now, this.lastSeq[3]! + 1, this.lastWc[3]!);
    for (let i = 0; i < Math.min(this.nLast, this.cfg.numDupAcks); i++) {
      if (this.lastCe[i] === 1) {
        this.lastCe[i] = 0;
        this.lossAt(now, this.lastSeq[i]!, this.lastWc[i]!);
        break;
      }
    }
    if (this.liUsed) this.li[0] = newest - this.liSeq;
  }

  private lossAt(now: number, seqLoss: number, wcLoss: number): void {
    if (!this.liUsed) {
      this.liUsed = true;
      this.li.fill(0);
      this.li[1] = this.firstInterval(now);
      this.liSeq = seqLoss;
      this.liWc = wcLoss;
      this.lossEvents++;
      return;
    }
    if (this.liSeq > seqLoss) return;
    if (wcDist(wcLoss, this.liWc) > WC_PER_RTT) {
      this.li[0] = seqLoss - this.liSeq;
      for (let i = NUM_W; i > 0; i--) this.li[i] = this.li[i - 1]!;
      this.li[0] = 0;
      this.liSeq = seqLoss;
      this.liWc = wcLoss;
      this.lossEvents++;
    }
  }

  /** ns-2 tfrc_recv_calcFirstLI: 1/p for the p at which the equation gives the receive rate. */
  private firstInterval(now: number): number {
    if (this.rttS <= 0) this.sampleRtt();
    const p = ccid3CalcP(this.cfg.eqSegmentBytes, this.rttS, this.xRecv(now));
    return Math.ceil(1 / p);
  }

  /** ns-2 tfrc_calcImean. */
  private meanInterval(): number {
    let i0 = 0;
    let i1 = 0;
    for (let i = 0; i < NUM_W; i++) {
      i0 += this.li[i]! * WEIGHTS[i]!;
      i1 += this.li[i + 1]! * WEIGHTS[i]!;
    }
    let it = Math.max(i0, i1);
    if (it < W_TOT) it = W_TOT;
    return it / W_TOT;
  }

  private sendFeedback(now: number, wc: number, seq: number): void {
    const pinv = this.p < 0.00000000025 ? 0 : Math.floor(1 / this.p);
    const x = this.reports === 0 ? 0 : Math.floor(this.xRecv(now));
    const fb = this.newAck(this.cfg.feedbackBytes);
    fb.sack[Ccid3Slot.Pinv] = pinv;
    fb.sack[Ccid3Slot.XRecv] = x;
    this.lastCounter = wc;
    this.seqLastCounter = seq;
    this.tLastFeedback = now;
    this.bytesRecv = 0;
    this.reports++;
    inject(fb);
  }
}
