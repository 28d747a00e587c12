import { GrantedPort } from '../../net/GrantedPort.js';
import type { PortArgs } from '../../net/Port.js';
import type { QueueProbeSpec } from '../../net/QueueDisc.js';
import type { RayleighFading } from '../channel/RayleighFading.js';

const PROBES: readonly QueueProbeSpec[] = [
  { key: 'snrDb', label: 'SNR', unit: 'dB', description: 'The UE’s channel SNR in the current slot.' },
  {
    key: 'rateBps',
    label: 'Channel rate',
    unit: 'bit/s',
    description: 'The rate the UE’s channel supports in the current slot (AMC; 0: outage).',
  },
  { key: 'mode', label: 'AMC mode', unit: '', description: 'Modulation and coding mode in the current slot.' },
  { key: 'served', label: 'Served', unit: '', description: '1 when the current slot is this UE’s, else 0.' },
  {
    key: 'slotShare',
    label: 'Slot share',
    unit: '',
    description: 'Fraction of the slots since the previous sample that served this UE.',
  },
];

/**
 * The base station's downlink to one user (UE): the UE's own queue (the link direction's buffer
 * and discipline, 3000 packets in seed 004) behind a transmitter that sends only in the TDMA slots
 * the base station gives it, at the rate the UE's channel supports in that slot. The base station
 * samples the channel and grants the slots; the port never asks.
 */
export class BsDownlinkPort extends GrantedPort {
  /** Position among its base station's downlinks. */
  ueIndex = -1;
  /** Channel state of the current slot (written by the base station). */
  snrDb = NaN;
  channelRateBps = 0;
  mode = 0;
  served = false;
  /** Slots assigned to this UE so far. */
  slotsServed = 0;
  private probeSlots = 0;
  private probeTotal = 0;
  /** Slots the base station has run so far (set by it, for the slot-share probe). */
  slotsRun = 0;

  constructor(
    readonly fading: RayleighFading,
    readonly meanSnrDb: number,
    ...args: PortArgs
  ) {
    super(...args);
  }

  protected requestGrant(): void {
    // the base station decides at the next slot
  }

  override probeSpecs(): readonly QueueProbeSpec[] {
    return PROBES;
  }

  override probeValues(out: Float64Array, offset: number): void {
    out[offset] = this.snrDb;
    out[offset + 1] = this.channelRateBps;
    out[offset + 2] = this.mode;
    out[offset + 3] = this.served ? 1 : 0;
    const slots = this.slotsRun - this.probeTotal;
    out[offset + 4] = slots > 0 ? (this.slotsServed - this.probeSlots) / slots : NaN;
    this.probeSlots = this.slotsServed;
    this.probeTotal = this.slotsRun;
  }
}
