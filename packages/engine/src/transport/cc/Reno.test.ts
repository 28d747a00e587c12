import { describe, expect, it } from 'vitest';
import { Reno, type RenoParams } from './Reno.js';
import { ackOf, FakeCcState } from './ccTestState.js';

const reno = (p: Partial<RenoParams> = {}) => new Reno('newreno', { increase: 1, beta: 0.5, ...p });

describe('Reno window law: the ns-2 / ns-3 variants', () => {
  it('per-ack growth adds one segment per ACK in slow start, however many it acknowledges', () => {
    // ns-3.37 TcpNewReno::SlowStart with segmentsAcked ≥ 1 adds one segment; ns-2 opencwnd() too
    const s = new FakeCcState();
    s.cwnd = 10;
    expect(reno().onAck(s, ackOf(1, -1, 2))).toBe(11);
    // Linux (ns-3 TcpLinuxReno) adds the two acknowledged segments
    expect(reno({ growth: 'linux' }).onAck(s, ackOf(1, -1, 2))).toBe(12);
  });

  it("cwndByteSize: ns-3.37 TcpNewReno's whole-byte increase max(1, ⌊MSS²/cwnd⌋) per ACK", () => {
    const s = new FakeCcState();
    s.ssthresh = 2;
    // 70 segments of 1448 B = 101 360 B: ⌊1448² / 101 360⌋ = ⌊20.69⌋ = 20 bytes → 101 380 B
    s.cwnd = 70;
    expect(reno({ cwndByteSize: 1448 }).onAck(s, ackOf(1))).toBeCloseTo(101_380 / 1448, 12);
    // exact fractions: 70 + 1/70
    expect(reno().onAck(s, ackOf(1))).toBeCloseTo(70 + 1 / 70, 12);
    // the increase never falls below one byte: 2000 segments of 10 B, ⌊100 / 20 000⌋ = 0 → 1
    s.cwnd = 2000;
    expect(reno({ cwndByteSize: 10 }).onAck(s, ackOf(1))).toBeCloseTo(20_001 / 10, 12);
  });

  it('reduceFrom flight: ssthresh = cwnd = β·FlightSize (the SACK pipe), fractional; window: ⌊β·cwnd⌋', () => {
    const s = new FakeCcState();
    s.cwnd = 40;
    s.inFlight = 31;
    const flight = reno({ reduceFrom: 'flight' });
    expect(flight.ssthreshAfter(s, 'loss')).toBe(15.5);
    expect(flight.cwndAfter(s, 'loss')).toBe(15.5);
    const withPipe = Object.assign(new FakeCcState(), { cwnd: 40, inFlight: 31, pipe: 27 });
    expect(reno({ reduceFrom: 'flight' }).ssthreshAfter(withPipe, 'loss')).toBe(13.5);
    // floor of 2 segments (RFC 5681 eq. 4)
    s.inFlight = 3;
    expect(reno({ reduceFrom: 'flight' }).ssthreshAfter(s, 'loss')).toBe(2);
    s.inFlight = 31;
    const win = reno();
    expect(win.ssthreshAfter(s, 'loss')).toBe(20);
    expect(win.cwndAfter(s, 'loss')).toBe(20);
  });
});
