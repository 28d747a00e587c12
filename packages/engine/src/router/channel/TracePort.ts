import { GRANT, GrantedPort } from '../../net/GrantedPort.js';
import type { PortArgs } from '../../net/Port.js';
import type { QueueProbeSpec } from '../../net/QueueDisc.js';
import type { MahimahiTrace } from './MahimahiTrace.js';

const PROBES: readonly QueueProbeSpec[] = [
  {
    key: 'capacityBps',
    label: 'Trace capacity',
    unit: 'bit/s',
    description: 'Delivery opportunities × 1504 B per second since the previous sample.',
  },
];

/**
 * A link direction replaying a Mahimahi packet-delivery trace (MahimahiTrace): at each
 * opportunity up to 1504 bytes of the queue leave at once, a packet larger than what is left
 * finishing at a later opportunity (mm-link's `LinkQueue::rationalize`). Opportunities at or before
 * a packet's arrival are not available to it; an idle link schedules nothing and skips the
 * opportunities it did not need.
 */
export class TracePort extends GrantedPort {
  /** The opportunity that a pending GRANT event is for, or −1. */
  private pendingK = -1;
  /** The first opportunity not yet used (an index; its time may equal now: several in one ms). */
  private cursor = 0;
  private lastUsedNs = -1;
  private probeLastNs = 0;
  private probeLastCount = 0;

  constructor(
    readonly trace: MahimahiTrace,
    ...args: PortArgs
  ) {
    super(...args);
    this._rateBps = trace.meanRateBps;
  }

  protected requestGrant(): void {
    if (this.pendingK >= 0) return;
    const now = this.sim.now;
    let k = this.cursor;
    const t = this.trace.timeOf(k);
    // an opportunity at this very instant is still ours only if we are using this instant's
    // opportunities already (several lines with the same millisecond)
    if (t < now || (t === now && this.lastUsedNs !== now)) k = this.trace.firstAfter(now);
    const at = this.trace.timeOf(k);
    if (at === Infinity) return; // a non-repeating trace has ended: the link is dead
    this.pendingK = k;
    this.sim.schedule(at, this, GRANT, 0);
  }

  protected override onGrantEvent(): void {
    this.cursor = this.pendingK + 1;
    this.pendingK = -1;
    this.lastUsedNs = this.sim.now;
    this.useOpportunity(this.trace.budgetBytes);
  }

  /**
   * For utilisation: the share of the capacity offered so far that was used, as a busy time
   * (bytes sent / bytes the opportunities up to now could carry, times now).
   */
  override busyTimeNs(): number {
    const offered = this.trace.countUpTo(this.sim.now) * this.trace.budgetBytes;
    return offered > 0 ? (this.sim.now * Math.min(this.servedBytes, offered)) / offered : 0;
  }

  override probeSpecs(): readonly QueueProbeSpec[] {
    return PROBES;
  }

  override probeValues(out: Float64Array, offset: number): void {
    const now = this.sim.now;
    const count = this.trace.countUpTo(now);
    const dt = now - this.probeLastNs;
    out[offset] = dt > 0 ? ((count - this.probeLastCount) * this.trace.budgetBytes * 8e9) / dt : this.trace.meanRateBps;
    this.probeLastNs = now;
    this.probeLastCount = count;
  }
}
