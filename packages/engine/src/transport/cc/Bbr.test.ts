import { describe, expect, it } from 'vitest';
import { runDumbbell, tcpFlow } from '../../../test/ccHarness.js';

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
});
