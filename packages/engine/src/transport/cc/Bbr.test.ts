import { describe, expect, it } from 'vitest';
import { runDumbbell, tcpFlow } from '../../../test/ccHarness.js';
import type { TcpSender } from '../TcpSender.js';
import { Bbr, bbrModel } from './Bbr.js';
import { FakeCcState, ackOf } from './ccTestState.js';
import type { CongestionEvent, RateSample } from './CongestionControl.js';

/** A BBR whose model holds BtlBw 10 Mb/s and RTprop 60 ms (BDP 75 segments of 1000 B), in ProbeBW. */
function modelledBbr(): { bbr: Bbr; s: FakeCcState & { pipe: number } } {
  const bbr = bbrModel.create({
    highGain: 2 / Math.LN2,
    cwndGain: 2,
    probeGain: 1.25,
    bwWindowRounds: 10,
    minRttWindow: 10,
    probeRttDuration: 0.2,
  }) as Bbr;
  const s = Object.assign(new FakeCcState(), { pipe: 50 });
  s.inFlight = 50;
  for (let k = 0; k < 8; k++) bbr.onRateSample(s, sample(100 * k, 100 * (k + 1), 10e6, 100), k * 60e6);
  expect(bbr.modeName).toBe('probe-bw');
  return { bbr, s };
}

function sample(priorDelivered: number, totalDelivered: number, rateBps: number, newlyAcked: number): RateSample {
  return {
    deliveryRateBps: rateBps,
    delivered: totalDelivered - priorDelivered,
    intervalNs: 60e6,
    rttNs: rateBps > 0 ? 60e6 : -1,
    priorDelivered,
    newlyAcked,
    newlyLost: 0,
    isAppLimited: false,
    totalDelivered,
  };
}

describe('BBR v1', () => {
  it('holds a small standing queue on a bottleneck where CUBIC fills the buffer', () => {
    const bbr = runDumbbell([{ transport: tcpFlow('bbr') }], { buffer: '200 packets', duration: '40s' });
    const cubic = runDumbbell([{ transport: tcpFlow('cubic') }], { buffer: '200 packets', duration: '40s' });
    const qb = bbr.meanQueue(5, 40);
    const qc = cubic.meanQueue(5, 40);
    expect(qb).toBeLessThan(15);
    expect(qc).toBeGreaterThan(100);
    expect(bbr.drops()).toBe(0);
    expect((bbr.departedBytes(0) * 8) / 40).toBeGreaterThan(9.3e6);
  });

  it('measures the bottleneck bandwidth and the propagation RTT, and settles in ProbeBW', () => {
    const r = runDumbbell([{ transport: tcpFlow('bbr') }], { rate: '20Mbps', buffer: '200 packets', duration: '20s' });
    r.runTo(20);
    const m = r.extra(0);
    // delivery rate counts whole packets on the wire: 20 Mb/s
    expect(m.btlBwMbps!).toBeGreaterThan(19);
    expect(m.btlBwMbps!).toBeLessThan(21);
    // RTprop = 2·(5 + 20 + 5) ms plus serialization
    expect(m.rtPropMs!).toBeGreaterThan(60);
    expect(m.rtPropMs!).toBeLessThan(62);
    expect(m.mode).toBe(2);
  });

  it('paces: two BBR flows share without loss and with far less queue than two CUBIC flows', () => {
    const run = (cc: string) => {
      const r = runDumbbell([{ transport: tcpFlow(cc) }, { transport: tcpFlow(cc), start: '1s' }], {
        buffer: '200 packets',
        duration: '40s',
      });
      return { q: r.meanQueue(10, 40), drops: r.drops() };
    };
    const b = run('bbr');
    const c = run('cubic');
    expect(b.drops).toBe(0);
    expect(b.q).toBeLessThan(c.q / 2);
  });

  it('sender pacing at cwnd/srtt (transport parameter pacing) keeps a Reno flow at full rate', () => {
    const r = runDumbbell([{ transport: tcpFlow('newreno', undefined, { pacing: 'cwnd-srtt' }) }], {
      buffer: '100 packets',
      duration: '30s',
    });
    r.runTo(30);
    expect((r.departedBytes(0) * 8) / 30).toBeGreaterThan(9e6);
  });

  it('packet conservation on entering fast recovery: cwnd = pipe + delivered, prior cwnd restored at the end', () => {
    const { bbr, s } = modelledBbr();
    const t = 1e9;
    s.cwnd = 150;
    s.inFlight = 150;
    s.pipe = 100; // 50 segments SACKed or deemed lost
    // the duplicate ACK that starts recovery SACKs one more segment
    bbr.onRateSample(s, sample(-1, 801, 0, 1), t);
    expect(bbr.cwndAfter(s, 'loss')).toBe(101); // pipe + 1 for the fast retransmit, not 150
    s.cwnd = 101;
    s.phase = 'recovery';
    // first round: each ACK lets out what it delivered (the cwnd never goes below pipe + delivered)
    s.pipe = 100;
    s.cwnd = bbr.onRateSample(s, sample(-1, 802, 0, 1), t + 1e6);
    expect(s.cwnd).toBe(101);
    // newly lost segments come off the window, but conservation keeps pipe + delivered
    s.pipe = 96;
    s.cwnd = bbr.onRateSample(s, { ...sample(-1, 804, 0, 2), newlyLost: 4 }, t + 2e6);
    expect(s.cwnd).toBe(98);
    // recovery ends: back to at least the window before the loss (BBRRestoreCwnd)
    expect(bbr.cwndOnRecoveryExit(s)).toBe(150);
  });

  it('after a timeout cwnd restarts at one segment, grows, and the prior cwnd returns with the recovery point', () => {
    const { bbr, s } = modelledBbr();
    s.cwnd = 150;
    s.inFlight = 150;
    s.highestAck = 850;
    s.maxSeqSent = 1000;
    expect(bbr.cwndAfter(s, 'timeout')).toBe(1);
    s.cwnd = 1;
    s.highestAck = 851;
    const c1 = bbr.onAck(s, ackOf(851));
    expect(c1).toBeLessThanOrEqual(4);
    s.cwnd = c1;
    s.highestAck = 860;
    s.cwnd = bbr.onAck(s, ackOf(860, -1, 9));
    expect(s.cwnd).toBeLessThan(20);
    // the BtlBw model survived the timeout
    expect(bbr.metrics().btlBwMbps).toBe(10);
    s.highestAck = 995;
    s.cwnd = bbr.onAck(s, ackOf(995, -1, 5));
    expect(s.cwnd).toBeLessThan(30);
    // the ACK that reaches the highest segment sent at the timeout ends its recovery
    s.highestAck = 1000;
    expect(bbr.onAck(s, ackOf(1000, -1, 5))).toBeGreaterThanOrEqual(150);
  });

  it('with random loss on the bottleneck keeps its model and a high utilisation; conservation bounds recovery', () => {
    const run = (lossRate: number) => {
      const r = runDumbbell([{ transport: tcpFlow('bbr') }], { buffer: '200 packets', duration: '40s', lossRate });
      const snd = r.sim.flows[0]!.sender as TcpSender;
      const cc = snd.cc as Bbr;
      // the ACK's sample (private to the sender): what it newly delivered
      const rs = (snd as unknown as { rateSample: RateSample }).rateSample;
      const entries: { before: number; after: number; bound: number }[] = [];
      const orig = cc.cwndAfter.bind(cc);
      cc.cwndAfter = (st, ev: CongestionEvent) => {
        const after = orig(st, ev);
        const bound = (st.pipe ?? st.inFlight) + Math.max(rs.newlyAcked, 1);
        if (ev === 'loss') entries.push({ before: st.cwnd, after, bound });
        return after;
      };
      r.runTo(40);
      return { mbps: (r.departedBytes(0) * 8) / 40 / 1e6, btlBw: r.extra(0).btlBwMbps!, entries, stats: snd.ctx.stats };
    };
    const l2 = run(0.02);
    expect(l2.mbps).toBeGreaterThan(9.3);
    expect(l2.btlBw).toBeGreaterThan(9.5);
    expect(l2.btlBw).toBeLessThan(10.5);
    // every fast recovery starts at what is in the network plus what the ACK delivered (at least
    // one, for the fast retransmit), mostly below the window before
    expect(l2.entries.length).toBeGreaterThan(100);
    for (const e of l2.entries) expect(e.after).toBeLessThanOrEqual(e.bound);
    expect(l2.entries.filter((e) => e.after < e.before).length).toBeGreaterThan(l2.entries.length / 2);
    const l5 = run(0.05);
    expect(l5.mbps).toBeGreaterThan(7.5);
    expect(l5.btlBw).toBeGreaterThan(9);
  });
});
