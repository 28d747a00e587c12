/**
 * The fairness controller of an XCP router as a pluggable law (seed 003 §3, digest
 * shared/spec/003-xcp-binomial.md §2 table). A law gives every XCP data packet a positive shape
 * p̂ and a negative shape n̂; the router scales them by ξ_p and ξ_n, chosen each control interval
 * so that the interval's packets share out the positive and negative budgets:
 *
 *     ξ_p = (h + max(φ, 0)) / Σ p̂,   ξ_n = (h + max(−φ, 0)) / Σ n̂,   feedback = ξ_p·p̂ − ξ_n·n̂
 *
 * With s the packet's size and r the flow's throughput (r = H_cwnd / H_rtt, so s/r = H_rtt /
 * window — ns-2's x_), a flow sends about r·d/s packets per interval d, so Σ p̂ over a flow's
 * packets is ∝ r·(p̂/s): the shapes below make a flow's throughput change per interval follow
 * the law's increase and decrease:
 *
 * | law | p̂ | n̂ | source |
 * |---|---|---|---|
 * | AIMD | s/r | s | Katabi et al. 2002 §3.5; ns-2 xcpq.cc (Cp·x_, Cn·size) |
 * | binomial (k, l) | (s/r)·r^(−k) | (s/r)·r^l | Bansal & Balakrishnan 2001, seed 003 Table I |
 * | SQRT | (s/r)/√r | (s/r)·√r | seed 003 eq. 3.10–3.11 (k = l = ½) |
 * | IIAD | (s/r)/r | s/r | seed 003 eq. 3.12–3.14 (k = 1, l = 0) |
 * | MIMD | s | s | seed 003 eq. 3.15–3.16 (k = −1, l = 1) |
 * | SIMD | (s/r)·(r − r₀)^e [·α(r_max)] | s | seed 003 eq. 3.5, 3.8, 3.9 (e = ½; fourth root e = ¼) |
 *
 * SIMD needs per-flow history, which XCP routers otherwise do not keep: r₀ is the flow's
 * throughput after its last decrease and r_max the throughput just before it (Jin et al.'s w₀ and
 * w_max, seed 003 §1), tracked per flow from the header at the end of every control interval
 * (a fall below the previous interval's throughput starts a decrease: r_max = the previous
 * value; while it lasts, r₀ follows it down). The thesis does not say how an XCP router learns
 * w₀ and w_max (its Future Work calls the translation uncertain): this is our reading. r − r₀ is
 * floored at one packet per RTT (s/H_rtt) so that a flow sitting at r₀ still grows (SIMD's
 * √(w − w₀) is 0 there). "w(t−1)" (the fourth-root proposal) uses the flow's throughput at the
 * end of the previous interval in place of the current one. α = 3√β / ((1 − 2β/3)·(2·r_max)^e)
 * (eq. 3.8, with the root exponent applied to 2·r_max as well — the thesis's conclusion puts the
 * fourth root "in the denominator" of α); its constant part cancels in ξ_p, so only r_max^(−e)
 * shifts the allocation between flows and β itself changes nothing (see docs/models.md).
 */

export type XcpFairnessLaw = 'aimd' | 'binomial' | 'sqrt' | 'iiad' | 'mimd' | 'simd';

export const XCP_FAIRNESS_LAWS: readonly XcpFairnessLaw[] = ['aimd', 'simd', 'sqrt', 'iiad', 'mimd', 'binomial'];

export interface XcpFairnessParams {
  law: XcpFairnessLaw;
  /** Binomial increase exponent k (increase ∝ r^(−k)). */
  k: number;
  /** Binomial decrease exponent l (decrease ∝ r^l). */
  l: number;
  /** SIMD root exponent e: ½ (Jin et al.) or ¼ (the thesis's fourth root). */
  simdRoot: number;
  /** SIMD: the throughput in (r − r₀) is the current one, w(t), or the previous interval's, w(t−1). */
  simdWindow: 'current' | 'previous';
  /** SIMD: multiply by α = 3√β / ((1 − 2β/3)·(2·r_max)^e) (seed 003 eq. 3.8). */
  simdAlpha: boolean;
  /** SIMD gain β in α (1.236 in eq. 3.8; 1.267 for the fourth-root proposal). */
  simdBeta: number;
}

/** Per-flow state and per-packet shapes of one XCP router's fairness controller. */
export class XcpFairness {
  /** Exponents actually used for p̂ = (s/r)·r^(−incExp), n̂ = (s/r)·r^decExp (non-SIMD laws). */
  private readonly incExp: number;
  private readonly decExp: number;
  /** SIMD memory per flow (throughput, bytes/s): latest this interval, previous interval, r₀, r_max. */
  private readonly rLast: Float64Array;
  private readonly rPrev: Float64Array;
  private readonly r0: Float64Array;
  private readonly rMax: Float64Array;
  private readonly decreasing: Uint8Array;
  private readonly alphaConst: number;

  constructor(
    readonly params: XcpFairnessParams,
    flowCount: number,
  ) {
    const p = params;
    const [k, l] =
      p.law === 'sqrt'
        ? [0.5, 0.5]
        : p.law === 'iiad'
          ? [1, 0]
          : p.law === 'mimd'
            ? [-1, 1]
            : p.law === 'binomial'
              ? [p.k, p.l]
              : [0, 1];
    this.incExp = k;
    this.decExp = l;
    const n = p.law === 'simd' ? flowCount : 0;
    this.rLast = new Float64Array(n);
    this.rPrev = new Float64Array(n);
    this.r0 = new Float64Array(n);
    this.rMax = new Float64Array(n);
    this.decreasing = new Uint8Array(n);
    const b = p.simdBeta;
    this.alphaConst = (3 * Math.sqrt(b)) / (1 - (2 * b) / 3);
  }

  /**
   * Whether n̂ = s, so that the negative budget is spread over all bytes arriving in the interval
   * (ns-2's AIMD: Cn = residue / input_traffic_bytes_, ACKs and non-XCP bytes of the XCP queue
   * included); the other laws divide by Σ n̂ over the interval's XCP data packets.
   */
  get negativeOverAllBytes(): boolean {
    const law = this.params.law;
    return law === 'aimd' || law === 'simd' || law === 'mimd';
  }

  /**
   * Positive shape p̂ of a packet of `size` bytes whose flow has throughput `r` = size/x bytes/s
   * (x = ns-2's x_ = H_rtt/window, seconds), `rttS` its H_rtt.
   */
  positive(flow: number, size: number, x: number, rttS: number): number {
    const law = this.params.law;
    if (law === 'aimd') return x;
    const r = size / x;
    if (law === 'simd') {
      const p = this.params;
      const cur = p.simdWindow === 'previous' && this.rPrev[flow]! > 0 ? this.rPrev[flow]! : r;
      const diff = Math.max(cur - this.r0[flow]!, size / rttS);
      let shape = x * Math.pow(diff, p.simdRoot);
      if (p.simdAlpha) {
        const rMax = this.rMax[flow]! > 0 ? this.rMax[flow]! : r;
        shape *= this.alphaConst / Math.pow(2 * rMax, p.simdRoot);
      }
      return shape;
    }
    return x * Math.pow(r, -this.incExp);
  }

  /** Negative shape n̂ (see `positive`). */
  negative(size: number, x: number): number {
    const law = this.params.law;
    if (law === 'aimd' || law === 'simd' || law === 'mimd') return size;
    return x * Math.pow(size / x, this.decExp);
  }

  /** Notes a packet's flow throughput for the SIMD memory (call on arrival). */
  observe(flow: number, size: number, x: number): void {
    if (this.params.law === 'simd' && flow < this.rLast.length) this.rLast[flow] = size / x;
  }

  /** End of a control interval: updates r₀ and r_max of every flow seen in it (SIMD). */
  endInterval(): void {
    const n = this.rLast.length;
    for (let f = 0; f < n; f++) {
      const r = this.rLast[f]!;
      if (r <= 0) continue;
      const prev = this.rPrev[f]!;
      if (this.rMax[f] === 0) this.rMax[f] = r;
      if (prev > 0 && r < prev) {
        if (this.decreasing[f] === 0) {
          this.rMax[f] = prev;
          this.decreasing[f] = 1;
        }
        this.r0[f] = r;
      } else if (prev > 0 && r > prev) this.decreasing[f] = 0;
      this.rPrev[f] = r;
      this.rLast[f] = 0;
    }
  }

  /** SIMD memory of a flow (tests, probes): [r₀, r_max, previous interval's throughput], bytes/s. */
  simdState(flow: number): [number, number, number] {
    return [this.r0[flow] ?? 0, this.rMax[flow] ?? 0, this.rPrev[flow] ?? 0];
  }
}
