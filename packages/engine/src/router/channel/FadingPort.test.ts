import { describe, expect, it } from 'vitest';
import { Simulator } from '../../core/Simulator.js';
import { PortBench } from '../../net/portTestKit.js';
import { TABLE1 } from './amc.js';
import type { FadingPort } from './FadingPort.js';
import { fromDb, RayleighFading, toDb } from './RayleighFading.js';

const MS = 1e6;
const fading = (params: Record<string, unknown>) =>
  new PortBench<FadingPort>({ channel: { type: 'rayleigh', params: { block: 0.01, ...params } } });

/** The channel the bench's port draws (same seed and stream name), for an independent tally. */
const sameChannel = () => new RayleighFading(127.8, 16, new Simulator(1).random('channel:a->b'));

describe('a Rayleigh-fading link with adaptive modulation and coding', () => {
  it('carries, block by block, 10 MHz × bits/symbol of the mode its SNR reaches', () => {
    const b = fading({ meanSnrDb: 9 });
    for (let i = 0; i < 40000; i++) b.send(0, 500);
    b.runUntil(2000 * MS);
    // saturated for 2 s: every 10 ms block sends rate_k × 10 ms
    const ch = sameChannel();
    let bits = 0;
    for (let k = 0; k < 200; k++) {
      const snrDb = toDb(fromDb(9) * ch.powerGain(k * 0.01));
      bits += 10e6 * TABLE1.efficiency(snrDb) * 0.01;
    }
    // (a packet's bytes count when its serialization starts: at most one packet apart)
    expect(Math.abs(b.port.servedBytes * 8 - bits)).toBeLessThanOrEqual(500 * 8);
    expect(bits).toBeGreaterThan(5e6); // ≈ 0.5 bit/symbol on average at 9 dB
    const out = new Float64Array(3);
    b.port.probeValues(out, 0);
    const snrNow = toDb(fromDb(9) * ch.powerGain(2));
    expect(out[0]).toBeCloseTo(snrNow, 9);
    expect(out[2]).toBe(TABLE1.mode(snrNow));
    expect(out[1]).toBe(10e6 * TABLE1.efficiency(snrNow));
  });

  it('waits through an outage, or sends at the lowest mode and loses the packets', () => {
    // 1 dB mean SNR: the SNR is below mode 1 (1.03 dB) about 1 − e^(−1.03/1.26) ≈ 56 % of the time
    const wait = fading({ meanSnrDb: 1 });
    const lose = fading({ meanSnrDb: 1, outage: 'lose' });
    for (const b of [wait, lose]) {
      for (let i = 0; i < 20000; i++) b.send(0, 500);
      b.runUntil(2000 * MS);
    }
    expect(wait.port.linkLosses).toBe(0);
    expect(lose.port.linkLosses).toBeGreaterThan(0);
    // blocks in an outage carry nothing when waiting, the lowest mode's 1.67 Mb/s when losing
    const ch = sameChannel();
    let outageBlocks = 0;
    for (let k = 0; k < 200; k++) if (TABLE1.mode(toDb(fromDb(1) * ch.powerGain(k * 0.01))) === 0) outageBlocks++;
    expect(outageBlocks).toBeGreaterThan(80);
    expect(lose.port.servedBytes - wait.port.servedBytes).toBeCloseTo((outageBlocks * (10e6 / 6) * 0.01) / 8, -2);
    // each lost packet is 500 bytes sent in an outage block
    expect(lose.port.linkLosses).toBeCloseTo((outageBlocks * (10e6 / 6) * 0.01) / 8 / 500, -1);
  });
});
