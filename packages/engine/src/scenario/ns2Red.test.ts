import { describe, expect, it } from 'vitest';
import { ns2DumbbellScenario } from './ns2Dumbbell.js';
import { ns2RedQueue } from './ns2Red.js';

/** The translation of the RED keys of the ns-2 harness and of test/fixtures/ns2-scripts/red.tcl. */
describe('ns-2 RED translation', () => {
  it('qtype=RED alone is red with ns-2.35’s defaults (the registry defaults)', () => {
    expect(ns2RedQueue({ qtype: 'RED' })).toEqual({ type: 'red' });
  });

  it('redthresh=min:max sets both thresholds', () => {
    expect(ns2RedQueue({ redthresh: '10:30' })).toEqual({ type: 'red', params: { minThresh: 10, maxThresh: 30 } });
  });

  it('maps Queue/RED variables to parameters (linterm_ 50 is maxP 0.02; ns1_compat_ inverts)', () => {
    expect(
      ns2RedQueue({
        red_setbit: 'true',
        red_linterm: '50',
        red_bytes: 'false',
        red_queue_in_bytes: '0',
        red_q_weight: '0.002',
        red_ns1_compat: 'true',
        red_drop_front: 'true',
      }).params,
    ).toEqual({
      ecn: true,
      maxP: 0.02,
      byteMode: false,
      queueInBytes: false,
      qWeight: 0.002,
      resetCountOnForcedDrop: false,
      dropFrom: 'front',
    });
  });

  it('red_adaptive=1 selects ared, whose own variables are refused without it', () => {
    expect(ns2RedQueue({ red_adaptive: '1', red_interval: '0.25' })).toEqual({
      type: 'ared',
      params: { interval: '0.25s' },
    });
    expect(() => ns2RedQueue({ red_alpha: '0.02' })).toThrow(/red_alpha applies to Adaptive RED only/);
  });

  it('names a variable it cannot translate, and a value that is not a Tcl boolean', () => {
    expect(() => ns2RedQueue({ red_cautious: '1' })).toThrow(/red_cautious/);
    expect(() => ns2RedQueue({ red_gentle: 'maybe' })).toThrow(/red_gentle=maybe/);
  });

  it('tcp_ecn=1 makes the TCP flows ECN-capable and leaves UDP alone; other tcp_ keys are refused', () => {
    const s = ns2DumbbellScenario('x', { flows: 'Newreno,CBR:1Mb', qtype: 'RED', tcp_ecn: '1' });
    expect(s.flows.map((f) => (f.transport.params as Record<string, unknown> | undefined)?.ecn)).toEqual([
      true,
      undefined,
    ]);
    expect(() => ns2DumbbellScenario('x', { tcp_timestamps: '1' })).toThrow(/tcp_timestamps/);
  });
});
