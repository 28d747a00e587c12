import type { BufferLimit } from '../core/units.js';
import type { QueueModel } from './QueueModel.js';
import type { QueueProbeSpec } from '../net/QueueDisc.js';
import { RED_PROBES, RedQueueDisc } from './RedQueueDisc.js';
import { ARED_PARAMS, checkRed, redConfig, type RedConfig } from './redParams.js';

export const ARED_PROBES: readonly QueueProbeSpec[] = [
  ...RED_PROBES,
  { key: 'maxP', label: 'max_p', unit: '', description: 'The adapted max_p (Adaptive RED).' },
];

/**
 * Adaptive RED (Floyd, Gummadi & Shenker 2001 §4; ns-2.35 queue/red.cc with adaptive_ 1:
 * `estimator`, `updateMaxP`): RED whose max_p is adapted so that the average queue stays in the
 * target range [min + 0.4·(max − min), max − 0.4·(max − min)]. As in ns-2, the check runs at an
 * arrival, once more than `interval` has passed since max_p last changed: below the range max_p ×=
 * β (while max_p > bottom), above it max_p += min(α, max_p/4) (while max_p < top). The gentle ramp
 * above max keeps the slope computed from the initial max_p (ns-2 and ns-3 both compute it once).
 */
export class AdaptiveRedQueueDisc extends RedQueueDisc {
  /** Lower bound for max_p in force (after ns-2's automatic rule). */
  bottom = 0;
  /** When max_p last changed (ns), ns-2 edv_.lastset. */
  lastSetNs = 0;
  private readonly intervalNs: number;

  constructor(config: RedConfig, limit: BufferLimit) {
    super(config, limit);
    this.intervalNs = Math.round(config.intervalS * 1e9);
  }

  protected override onAttach(bottom: number): void {
    this.bottom = bottom;
  }

  protected override afterAverage(avg: number): void {
    const now = this.now;
    if (now <= this.lastSetNs + this.intervalNs) return;
    const c = this.config;
    const part = 0.4 * (this.thMax - this.thMin);
    if (avg < this.thMin + part && this.curMaxP > this.bottom) {
      this.curMaxP *= c.beta;
      this.lastSetNs = now;
    } else if (avg > this.thMax - part && c.top > this.curMaxP) {
      this.curMaxP += Math.min(c.alpha, 0.25 * this.curMaxP);
      this.lastSetNs = now;
    }
  }

  override probeSpecs(): readonly QueueProbeSpec[] {
    return ARED_PROBES;
  }

  override probeValues(out: Float64Array, offset: number): void {
    super.probeValues(out, offset);
    out[offset + 4] = this.curMaxP;
  }
}

export const aredModel: QueueModel = {
  info: {
    id: 'ared',
    category: 'queue',
    name: 'Adaptive RED',
    description:
      'RED whose max_p adapts (AIMD, every interval) to keep the average queue near the middle of the thresholds; ns-2.35 defaults with adaptive_ 1.',
    citation:
      'Floyd, Gummadi & Shenker 2001, "Adaptive RED" (ICIR tech. report) §4–5; ns-2.35 queue/red.cc (adaptive_, updateMaxP); ns-3.37 red-queue-disc.cc (ARED, AdaptMaxP)',
    params: ARED_PARAMS,
    probes: ARED_PROBES,
  },
  create: (p, limit) => new AdaptiveRedQueueDisc(redConfig(p, true), limit),
  check: (p, env) => checkRed(p, env, true),
};
