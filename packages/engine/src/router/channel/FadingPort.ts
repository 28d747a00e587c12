import { GRANT, GrantedPort } from '../../net/GrantedPort.js';
import type { PortArgs } from '../../net/Port.js';
import type { QueueProbeSpec } from '../../net/QueueDisc.js';
import type { AmcTable } from './amc.js';
import { fromDb, toDb, type RayleighFading } from './RayleighFading.js';

/** A standalone fading link's configuration (the `rayleigh` channel off a base station). */
export interface FadingLinkConfig {
  readonly fading: RayleighFading;
  readonly meanSnrDb: number;
  readonly amc: AmcTable;
  readonly symbolsPerSecond: number;
  /** Length of a block over which the channel (hence the rate) is held, ns. */
  readonly blockNs: number;
  /** In an outage (SNR below every mode): wait for the channel, or send at the lowest mode and lose. */
  readonly outage: 'wait' | 'lose';
}

const PROBES: readonly QueueProbeSpec[] = [
  { key: 'snrDb', label: 'SNR', unit: 'dB', description: 'Channel SNR in the current block.' },
  { key: 'rateBps', label: 'Link rate', unit: 'bit/s', description: 'AMC rate in the current block (0: outage).' },
  { key: 'mode', label: 'AMC mode', unit: '', description: 'Modulation and coding mode (0: outage).' },
];

/**
 * A link direction whose rate follows a Rayleigh-fading channel through adaptive modulation and
 * coding: time is cut into blocks (block fading); in block k the SNR is mean·|h(kΔ)|², the AMC
 * table gives the mode, and the rate is symbols/s × bits/symbol. A packet straddling a block
 * boundary finishes at the next block's rate. In an outage nothing is sent (`wait`), or — with
 * `lose` — packets go out at the lowest mode's rate and are lost (a time-varying loss).
 */
export class FadingPort extends GrantedPort {
  private block = -1;
  private blockSnrDb = NaN;
  private blockRateBps = 0;
  private blockMode = 0;
  private grantPending = false;
  private lossyBlock = false;

  constructor(
    readonly config: FadingLinkConfig,
    ...args: PortArgs
  ) {
    super(...args);
  }

  /** Channel state in block k (cached for the current block). */
  private enterBlock(k: number): void {
    if (k === this.block) return;
    const c = this.config;
    this.block = k;
    const snr = fromDb(c.meanSnrDb) * c.fading.powerGain((k * c.blockNs) / 1e9);
    this.blockSnrDb = toDb(snr);
    this.blockMode = c.amc.mode(this.blockSnrDb);
    this.blockRateBps = c.symbolsPerSecond * c.amc.efficiency(this.blockSnrDb);
  }

  protected requestGrant(): void {
    const now = this.sim.now;
    const c = this.config;
    const k = Math.floor(now / c.blockNs);
    this.enterBlock(k);
    const end = (k + 1) * c.blockNs;
    this.lossyBlock = false;
    if (this.blockRateBps > 0) {
      this.grantWindow(end, this.blockRateBps);
    } else if (c.outage === 'lose') {
      this.lossyBlock = true;
      this.grantWindow(end, c.symbolsPerSecond * c.amc.bitsPerSymbol[0]!);
    } else if (!this.grantPending) {
      this.grantPending = true;
      this.sim.schedule(end, this, GRANT, 0);
    }
  }

  protected override onGrantEvent(): void {
    this.grantPending = false;
    if (this.backlogPackets > 0 && !this.granted) this.requestGrant();
  }

  protected override lostOnLink(): boolean {
    return this.lossyBlock || super.lostOnLink();
  }

  override probeSpecs(): readonly QueueProbeSpec[] {
    return PROBES;
  }

  override probeValues(out: Float64Array, offset: number): void {
    this.enterBlock(Math.floor(this.sim.now / this.config.blockNs));
    out[offset] = this.blockSnrDb;
    out[offset + 1] = this.blockRateBps;
    out[offset + 2] = this.blockMode;
  }
}
