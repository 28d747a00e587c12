import { describe, expect, it } from 'vitest';
import { copyPacket, Packet, PacketPool } from './Packet.js';

describe('copyPacket', () => {
  it('copies every field of a packet but its uid, including fields added later', () => {
    const pool = new PacketPool();
    const p = pool.alloc();
    // give every own field a value unlike a fresh packet's, so a field the copy forgets shows
    const fresh = new Packet() as unknown as Record<string, unknown>;
    const keys = Object.keys(fresh).filter((k) => k !== 'uid');
    expect(keys.length).toBeGreaterThan(20);
    const o = p as unknown as Record<string, unknown>;
    keys.forEach((k, i) => {
      const v = fresh[k];
      if (k === 'sack') (o[k] as Float64Array).fill(i);
      else if (typeof v === 'number') o[k] = i + 1;
      else if (typeof v === 'boolean') o[k] = true;
      else o[k] = { field: k };
    });
    const c = copyPacket(pool, p) as unknown as Record<string, unknown>;
    for (const k of keys) expect(c[k], k).toEqual(o[k]);
    expect(c.uid).not.toBe(o.uid);
    // the SACK blocks are the copy's own
    expect(c.sack).not.toBe(o.sack);
  });
});
