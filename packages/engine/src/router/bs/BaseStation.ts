import type { EventHandler } from '../../core/EventQueue.js';
import type { Simulator } from '../../core/Simulator.js';
import { TimeSeries } from '../../metrics/TimeSeries.js';
import type { AmcTable } from '../channel/amc.js';
import { fromDb, toDb } from '../channel/RayleighFading.js';
import type { BsScheduler, BsSlotView } from './BsScheduler.js';
import type { BsDownlinkPort } from './BsDownlinkPort.js';

export interface BaseStationConfig {
  readonly slotNs: number;
  readonly symbolsPerSecond: number;
  readonly amc: AmcTable;
  /** The UEs' node ids, in downlink order (names of the slot series' columns). */
  readonly ueIds: readonly string[];
  /** Points the slot series keeps at most (the scenario's `probes.maxPoints`). */
  readonly maxSlotPoints: number;
}

/**
 * Columns of a base station's slot series, one row per TDMA slot: the slot's start (s), the UE it
 * served (index in downlink order, −1: none), then each UE's SNR (dB) and AMC rate (bit/s) in it.
 */
export function bsSlotColumns(ueIds: readonly string[]): string[] {
  return ['t', 'served', ...ueIds.map((u) => `snrDb:${u}`), ...ueIds.map((u) => `rateBps:${u}`)];
}

/**
 * A wireless base station's TDMA downlink (seed 004 §4.3): one queue per user (each downlink
 * port's own), one shared radio, time cut into slots (10 ms in the thesis), exactly one UE served
 * per slot. At the start of every slot the base station samples each UE's Rayleigh-faded SNR
 * (block fading: constant over the slot, as the thesis assumes), maps it through the AMC table to
 * the rate the UE could get, asks its scheduler which UE to serve, and opens that UE's port for
 * the slot at that rate. A packet that does not fit in the rest of a slot finishes in the UE's
 * next slot (GrantedPort). Uplinks (UE → BS) are ordinary links: the thesis's uplink is
 * asynchronous and carries only ACKs.
 *
 * One event per slot, whatever the traffic; the per-packet work is a plain port's.
 */
export class BaseStation implements EventHandler {
  private readonly view: {
    ueCount: number;
    slot: number;
    slotSeconds: number;
    snrDb: Float64Array;
    meanSnrDb: Float64Array;
    rateBps: Float64Array;
    queuePackets: Float64Array;
    queueBytes: Float64Array;
  };
  /** The UE the current slot serves, or −1. */
  servedUe = -1;
  private servedBytesAtStart = 0;
  slots = 0;
  /**
   * The channel as the scheduler saw it, slot by slot (bsSlotColumns): bounded like every series
   * (TimeSeries: when full it keeps every other row and records every other slot from then on).
   */
  readonly slotSeries: TimeSeries;
  /** The row of the slot just started (reused; read it in `onSlot`, don't keep it). */
  readonly slotRow: Float64Array;
  /** Called at the start of every slot, after the scheduler chose (the lab forwards the row). */
  onSlot: ((row: Float64Array) => void) | null = null;

  constructor(
    readonly nodeId: string,
    private readonly sim: Simulator,
    readonly downlinks: readonly BsDownlinkPort[],
    readonly scheduler: BsScheduler,
    readonly config: BaseStationConfig,
  ) {
    const n = downlinks.length;
    downlinks.forEach((p, i) => (p.ueIndex = i));
    this.view = {
      ueCount: n,
      slot: 0,
      slotSeconds: config.slotNs / 1e9,
      snrDb: new Float64Array(n),
      meanSnrDb: Float64Array.from(downlinks, (p) => p.meanSnrDb),
      rateBps: new Float64Array(n),
      queuePackets: new Float64Array(n),
      queueBytes: new Float64Array(n),
    };
    const columns = bsSlotColumns(config.ueIds);
    this.slotSeries = new TimeSeries(columns, config.maxSlotPoints);
    this.slotRow = new Float64Array(columns.length);
  }

  /** The scheduler's view of the current slot. */
  get slotView(): BsSlotView {
    return this.view;
  }

  /** Schedules the first slot at time 0. */
  start(): void {
    this.sim.schedule(0, this, 0);
  }

  handleEvent(): void {
    const now = this.sim.now;
    const v = this.view;
    const ports = this.downlinks;
    if (this.slots > 0) {
      const u = this.servedUe;
      let bits = 0;
      if (u >= 0) {
        const p = ports[u]!;
        bits = (p.servedBytes - this.servedBytesAtStart) * 8;
        p.revokeWindow();
        p.served = false;
      }
      this.scheduler.slotEnded?.(u, bits, v);
    }
    const tS = now / 1e9;
    const { amc, symbolsPerSecond } = this.config;
    for (let i = 0; i < ports.length; i++) {
      const p = ports[i]!;
      const snrDb = toDb(fromDb(p.meanSnrDb) * p.fading.powerGain(tS));
      const mode = amc.mode(snrDb);
      const rate = mode === 0 ? 0 : symbolsPerSecond * amc.bitsPerSymbol[mode - 1]!;
      v.snrDb[i] = snrDb;
      v.rateBps[i] = rate;
      v.queuePackets[i] = p.backlogPackets;
      v.queueBytes[i] = p.backlogBytes;
      p.snrDb = snrDb;
      p.mode = mode;
      p.channelRateBps = rate;
      p.slotsRun = this.slots + 1;
    }
    v.slot = this.slots;
    const u = this.scheduler.choose(v);
    this.servedUe = u;
    if (u >= 0) {
      const p = ports[u]!;
      p.served = true;
      p.slotsServed++;
      this.servedBytesAtStart = p.servedBytes;
      if (v.rateBps[u]! > 0) p.grantWindow(now + this.config.slotNs, v.rateBps[u]!);
    }
    const row = this.slotRow;
    const n = ports.length;
    row[0] = tS;
    row[1] = u;
    for (let i = 0; i < n; i++) {
      row[2 + i] = v.snrDb[i]!;
      row[2 + n + i] = v.rateBps[i]!;
    }
    this.slotSeries.offer(row);
    if (this.onSlot !== null) this.onSlot(row);
    this.slots++;
    this.sim.schedule(now + this.config.slotNs, this, 0);
  }
}
