import { describe, expect, it } from 'vitest';
import { Ns3Vegas } from './Ns3Vegas.js';
import { FakeCcState, ackOf } from './ccTestState.js';

const MS = 1e6;
const params = { alpha: 2, beta: 4, gamma: 1, timeoutWindow: 1 };

describe('ns-3.37 TcpVegas (tcp-vegas.cc), hook by hook', () => {
  it('is switched off by a change of state out of Open and on again in Open (CongestionStateSet)', () => {
    const v = new Ns3Vegas(params);
    const s = new FakeCcState();
    s.cwnd = 10;
    s.ssthresh = 5; // congestion avoidance
    s.srttNs = 100 * MS;
    s.nextSeq = 50;
    // Open: Vegas runs; between round ends congestion avoidance holds the window
    expect(v.onAck(s, ackOf(20))).toBe(10);
    // fast recovery: Vegas is off, NewReno's congestion avoidance adds 1/cwnd per ACK
    s.phase = 'recovery';
    v.onPhaseChange(s, 'open');
    expect(v.onAck(s, ackOf(21))).toBeCloseTo(10 + 1 / 10, 12);
    // back in Open: a new round starts at the next segment to send, and the window holds again
    s.phase = 'open';
    v.onPhaseChange(s, 'recovery');
    s.nextSeq = 60;
    expect(v.onAck(s, ackOf(22))).toBe(10);
  });

  it('leaves slow start through the threshold it reports, not by writing the state', () => {
    const v = new Ns3Vegas(params);
    const s = new FakeCcState();
    s.cwnd = 10;
    s.ssthresh = 65535;
    s.srttNs = 100 * MS;
    s.nextSeq = 30;
    // round 1 (ends when segment 29 is acknowledged): two samples of 100 ms, too few for Vegas,
    // so NewReno's slow start; BaseRTT = 100 ms
    expect(v.onAck(s, ackOf(20))).toBe(11);
    s.cwnd = 11;
    s.nextSeq = 40;
    expect(v.onAck(s, ackOf(29))).toBe(12);
    s.cwnd = 12;
    // round 2: three samples of 200 ms: target = ⌊12 · 100/200⌋ = 6, diff = 12 − 6 = 6 > γ = 1,
    // so cwnd = min(12, target + 1) = 7 and ssthresh = max(min(65535, 7 − 1), 2) = 6, at least
    // ¾ · 7 = 5.25 (TcpVegas::IncreaseWindow, GetSsThresh)
    s.srttNs = 200 * MS;
    v.onAck(s, ackOf(37));
    v.onAck(s, ackOf(38));
    expect(v.onAck(s, ackOf(39))).toBe(7);
    expect(v.ssthreshAfterUpdate()).toBe(6);
    expect(s.ssthresh).toBe(65535);
  });
});
