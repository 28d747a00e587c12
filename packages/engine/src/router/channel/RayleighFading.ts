import type { Random } from '../../core/Random.js';

/**
 * Rayleigh fading by sums of sinusoids: the improved Clarke/Jakes model of Zheng & Xiao,
 * "Improved models for the generation of multiple uncorrelated Rayleigh fading waveforms", IEEE
 * Commun. Lett. 6(6), 2002, eqs. (5)–(7):
 *
 *     X_c(t) = √(2/M) Σ_{n=1..M} cos(ω_d·t·cos α_n + φ_n)
 *     X_s(t) = √(2/M) Σ_{n=1..M} cos(ω_d·t·sin α_n + ϕ_n)
 *     α_n = (2πn − π + θ) / (4M)
 *
 * with ω_d = 2π·f_d (the maximum Doppler shift) and θ, φ_n, ϕ_n independent and uniform on
 * [−π, π). Over the random θ the angles α_n cover [0, π/2] uniformly, so the ensemble
 * autocorrelation of X_c and X_s is Clarke's J0(2π f_d τ) for any M, X_c and X_s are uncorrelated,
 * and the envelope |X_c + jX_s| is Rayleigh (Clarke, Bell Syst. Tech. J. 47, 1968; Jakes,
 * Microwave Mobile Communications, 1974, ch. 1). Fresh draws of (θ, φ, ϕ) give independent
 * waveforms — one per user, from each user's own random stream.
 *
 * `powerGain(t)` is |X(t)|²/2, exponentially distributed with mean 1: a user's SNR at t is its mean
 * SNR times the power gain. The process is a deterministic function of time once drawn, so it is
 * evaluated only when needed (once per slot), never stepped.
 */
export class RayleighFading {
  private readonly wc: Float64Array;
  private readonly ws: Float64Array;
  private readonly phc: Float64Array;
  private readonly phs: Float64Array;
  private readonly scale: number;

  constructor(
    readonly dopplerHz: number,
    readonly sinusoids: number,
    random: Random,
  ) {
    const m = sinusoids;
    const wd = 2 * Math.PI * dopplerHz;
    const uniformAngle = () => (2 * random.next() - 1) * Math.PI;
    const theta = uniformAngle();
    this.wc = new Float64Array(m);
    this.ws = new Float64Array(m);
    this.phc = new Float64Array(m);
    this.phs = new Float64Array(m);
    for (let n = 1; n <= m; n++) {
      const alpha = (2 * Math.PI * n - Math.PI + theta) / (4 * m);
      this.wc[n - 1] = wd * Math.cos(alpha);
      this.ws[n - 1] = wd * Math.sin(alpha);
      this.phc[n - 1] = uniformAngle();
      this.phs[n - 1] = uniformAngle();
    }
    this.scale = Math.sqrt(2 / m);
  }

  /** In-phase and quadrature components at time `tS` (seconds), each of unit variance. */
  components(tS: number, out: Float64Array): void {
    let c = 0;
    let s = 0;
    for (let n = 0; n < this.wc.length; n++) {
      c += Math.cos(this.wc[n]! * tS + this.phc[n]!);
      s += Math.cos(this.ws[n]! * tS + this.phs[n]!);
    }
    out[0] = c * this.scale;
    out[1] = s * this.scale;
  }

  /** |X(t)|²/2 at time `tS` (seconds): the channel's power gain, mean 1. */
  powerGain(tS: number): number {
    let c = 0;
    let s = 0;
    for (let n = 0; n < this.wc.length; n++) {
      c += Math.cos(this.wc[n]! * tS + this.phc[n]!);
      s += Math.cos(this.ws[n]! * tS + this.phs[n]!);
    }
    const k = this.scale;
    return ((c * k) ** 2 + (s * k) ** 2) / 2;
  }
}

/** dB → linear power ratio. */
export function fromDb(db: number): number {
  return 10 ** (db / 10);
}

/** Linear power ratio → dB. */
export function toDb(x: number): number {
  return 10 * Math.log10(x);
}
