import type { AckInfo, CcState, CongestionControl, CongestionEvent } from './CongestionControl.js';
import type { LinuxAckHooks } from './recoveryHooks.js';
import type { CubicParams } from './Cubic.js';

const HZ = 1000; // ns-2 JIFFY_RATIO: Linux code runs on a 1 ms jiffy clock
const NS_PER_JIFFY = 1e6;
const BICTCP_HZ = 10; // time in the cubic is counted in 1/1024 s
const BETA_SCALE = 1024;
const ACK_RATIO_SHIFT = 4;
const MAX_INCREMENT = 16;
const TWO_POW_40 = 2 ** 40;

/** Linux cubic_root(): a 64-entry table lookup and one Newton–Raphson step (avg. error ≈ 0.2 %). */
const CBRT_TABLE = [
  0, 54, 54, 54, 118, 118, 118, 118, 123, 129, 134, 138, 143, 147, 151, 156, 157, 161, 164, 168, 170, 173, 176, 179,
  181, 185, 187, 190, 192, 194, 197, 199, 200, 202, 204, 206, 209, 211, 213, 215, 217, 219, 221, 222, 224, 225, 227,
  229, 231, 232, 234, 236, 237, 239, 240, 242, 244, 245, 246, 248, 250, 251, 252, 254,
];

/** Position of the most significant set bit (1-based; 0 for 0), for non-negative integers < 2^53. */
function fls64(a: number): number {
  let b = 0;
  for (let x = a; x >= 1; x = Math.floor(x / 2)) b++;
  return b;
}

export function linuxCubicRoot(a: number): number {
  let b = fls64(a);
  if (b < 7) return (CBRT_TABLE[a]! + 35) >>> 6;
  b = ((b * 84) >> 8) - 1;
  const shift = Math.floor(a / 2 ** (b * 3));
  let x = ((CBRT_TABLE[shift]! + 10) << b) >>> 6;
  x = 2 * x + Math.floor(a / (x * (x - 1)));
  return Math.floor((x * 341) / 1024);
}

/**
 * CUBIC exactly as Linux 2.6.22's tcp_cubic.c ("CUBIC v2.1") runs inside ns-2.35's Linux TCP
 * agent (tcp/linux/src/tcp_cubic.c with the ns-2 glue: 1 ms jiffies, tcp_slow_start with ABC on,
 * tcp_is_cwnd_limited = in_flight ≥ cwnd). Differences from RFC 9438 (class Cubic):
 * - integer window: cwnd grows by one segment after `cnt` + 1 ACKs (snd_cwnd_cnt), where `cnt` is
 *   recomputed at most every 1/32 s (or when cwnd changed) from the cubic target one minimum RTT
 *   ahead, W = C·(t + delay_min − K)³ + W_max in 1/1024 s fixed point, K by table cube root;
 * - "max_increment" bound: beyond the plateau the window grows by at most 16 segments per
 *   0.1 s·(delay_min/0.1 s) — the Linux reading of S_max;
 * - before the first loss (loss_cwnd = 0) and after every timeout (bictcp_reset) cnt = 50;
 * - TCP-friendliness with the integer AIMD estimate tcp_cwnd (+1 per cwnd·beta_scale/8 ACKs, with
 *   beta_scale = 8(1024+β)/3/(1024−β) truncated to 23 for β = 819);
 * - the delayed-ACK ratio estimate delayed_ack (packets per ACK ×16, EWMA 1/16) starts at 2·16 and
 *   with one ACK per packet settles at 31 (its integer update stops there), so cnt is scaled by
 *   16/31 — the window grows about twice as fast per ACK as the cubic alone would ask;
 * - delay_min (jiffies ×8) from timestamp echoes only, none within 1 s of an epoch start;
 * - slow start while cwnd ≤ ssthresh (+1 per ACK that acknowledges new data: ABC, L = 1);
 * - ssthresh = max(cwnd·β/1024, 2); fast convergence W_max = cwnd·(1024+β)/2048; a timeout
 *   (entering the Loss state) resets all of the above.
 */
export class LinuxCubic implements CongestionControl, LinuxAckHooks {
  readonly id = 'cubic';
  readonly checksCwndLimited = true;
  private cnt = 0;
  private lastMaxCwnd = 0;
  private lossCwnd = 0;
  private lastCwnd = 0;
  private lastTime = 0;
  private originPoint = 0;
  private bicK = 0;
  private delayMin = 0;
  private epochStart = 0;
  private ackCnt = 0;
  private tcpCwnd = 0;
  private delayedAck = 2 << ACK_RATIO_SHIFT;
  /** Linux snd_cwnd_cnt: ACKs counted toward the next one-segment increase. */
  private cwndCnt = 0;
  private readonly beta: number;
  private readonly cubeRttScale: number;
  private readonly cubeFactor: number;
  private readonly betaScale: number;

  constructor(private readonly p: CubicParams) {
    this.beta = Math.round(p.beta * BETA_SCALE);
    const bicScale = Math.round((p.c * BETA_SCALE) / 10); // C = bic_scale·10/1024 (41 → 0.4004)
    this.cubeRttScale = bicScale * 10;
    this.cubeFactor = Math.floor(TWO_POW_40 / (bicScale * 10));
    this.betaScale = Math.floor(Math.floor((8 * (BETA_SCALE + this.beta)) / 3) / (BETA_SCALE - this.beta));
  }

  private reset(): void {
    this.cnt = 0;
    this.lastMaxCwnd = 0;
    this.lossCwnd = 0;
    this.lastCwnd = 0;
    this.lastTime = 0;
    this.originPoint = 0;
    this.bicK = 0;
    this.delayMin = 0;
    this.epochStart = 0;
    this.delayedAck = 2 << ACK_RATIO_SHIFT;
    this.ackCnt = 0;
    this.tcpCwnd = 0;
  }

  /** Linux bictcp_acked: delayed-ACK ratio estimate, only in the Open state. */
  onPacketsAcked(s: CcState, acked: number): void {
    if (acked > 0 && s.phase === 'open') this.delayedAck += acked - (this.delayedAck >> ACK_RATIO_SHIFT);
  }

  onAck(s: CcState, ack: AckInfo, nowNs: number): number {
    const jiffies = Math.floor(nowNs / NS_PER_JIFFY);
    if (ack.rttNs >= 0) this.measureDelay(jiffies, nowNs - ack.rttNs);
    let cwnd = Math.floor(s.cwnd);
    const prior = ack.priorInFlight ?? -1;
    if (prior >= 0 && prior < cwnd) return s.cwnd; // not cwnd-limited
    const clamp = s.maxWindow;
    if (cwnd <= s.ssthresh) {
      // tcp_slow_start with ABC: cnt = cwnd, one increase per ACK
      this.cwndCnt += cwnd;
      while (this.cwndCnt >= cwnd) {
        this.cwndCnt -= cwnd;
        if (cwnd < clamp) cwnd++;
      }
      return cwnd;
    }
    this.update(cwnd, jiffies);
    if (this.cwndCnt >= this.cnt) {
      if (cwnd < clamp) cwnd++;
      this.cwndCnt = 0;
    } else this.cwndCnt++;
    return cwnd;
  }

  /** Linux measure_delay: minimum RTT in jiffies ×8 from the timestamp echo. */
  private measureDelay(jiffies: number, echoNs: number): void {
    const tsecr = Math.round(echoNs / NS_PER_JIFFY);
    if (tsecr === 0 || jiffies - this.epochStart < HZ) return;
    let delay = (jiffies - tsecr) * 8;
    if (delay < 0) return; // u32 wrap-around in Linux: never a minimum
    if (delay === 0) delay = 1;
    if (this.delayMin === 0 || this.delayMin > delay) this.delayMin = delay;
  }

  /** Linux bictcp_update: recomputes cnt (ACKs per one-segment increase). */
  private update(cwnd: number, jiffies: number): void {
    this.ackCnt++;
    if (this.lastCwnd === cwnd && jiffies - this.lastTime <= HZ / 32) return;
    this.lastCwnd = cwnd;
    this.lastTime = jiffies;
    if (this.epochStart === 0) {
      this.epochStart = jiffies;
      this.ackCnt = 1;
      this.tcpCwnd = cwnd;
      if (this.lastMaxCwnd <= cwnd) {
        this.bicK = 0;
        this.originPoint = cwnd;
      } else {
        this.bicK = linuxCubicRoot(this.cubeFactor * (this.lastMaxCwnd - cwnd));
        this.originPoint = this.lastMaxCwnd;
      }
    }
    const t = Math.floor(((jiffies + (this.delayMin >> 3) - this.epochStart) * (1 << BICTCP_HZ)) / HZ);
    const offs = t < this.bicK ? this.bicK - t : t - this.bicK;
    const delta = Math.floor((this.cubeRttScale * offs * offs * offs) / TWO_POW_40);
    const target = t < this.bicK ? this.originPoint - delta : this.originPoint + delta;
    let cnt = target > cwnd ? Math.floor(cwnd / (target - cwnd)) : 100 * cwnd;
    if (this.delayMin > 0) {
      const minCnt = Math.floor((cwnd * HZ * 8) / (10 * MAX_INCREMENT * this.delayMin));
      if (cnt < minCnt && t >= this.bicK) cnt = minCnt;
    }
    if (this.lossCwnd === 0) cnt = 50;
    if (this.p.renoFriendly) {
      const d = (cwnd * this.betaScale) >> 3;
      while (this.ackCnt > d) {
        this.ackCnt -= d;
        this.tcpCwnd++;
      }
      if (this.tcpCwnd > cwnd) {
        const maxCnt = Math.floor(cwnd / (this.tcpCwnd - cwnd));
        if (cnt > maxCnt) cnt = maxCnt;
      }
    }
    cnt = Math.floor((cnt << ACK_RATIO_SHIFT) / this.delayedAck);
    this.cnt = cnt === 0 ? 1 : cnt;
  }

  /** Linux bictcp_recalc_ssthresh; a timeout also enters the Loss state, which resets everything. */
  ssthreshAfter(s: CcState, event: CongestionEvent): number {
    const cwnd = Math.floor(Math.min(s.cwnd, s.maxWindow));
    this.epochStart = 0;
    if (cwnd < this.lastMaxCwnd && this.p.fastConvergence)
      this.lastMaxCwnd = Math.floor((cwnd * (BETA_SCALE + this.beta)) / (2 * BETA_SCALE));
    else this.lastMaxCwnd = cwnd;
    this.lossCwnd = cwnd;
    this.cwndCnt = 0;
    const ss = Math.max(Math.floor((cwnd * this.beta) / BETA_SCALE), 2);
    if (event === 'timeout') this.reset(); // bictcp_state(TCP_CA_Loss)
    return ss;
  }

  cwndAfter(s: CcState, event: CongestionEvent): number {
    if (event === 'timeout') return 1;
    return Math.max(Math.floor((Math.floor(Math.min(s.cwnd, s.maxWindow)) * this.beta) / BETA_SCALE), 2);
  }

  metrics(): Record<string, number> {
    return {
      wMax: this.lastMaxCwnd,
      k: this.bicK / 1024,
      cnt: this.cnt,
      delayedAck: this.delayedAck / 16,
      tcpCwnd: this.tcpCwnd,
    };
  }
}
