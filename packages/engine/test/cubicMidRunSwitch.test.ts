import { describe, expect, it } from 'vitest';
import { parseBitRate, parseBufferLimit, parseDuration } from '../src/core/units.js';
import { presets } from '../src/presets/presets.js';
import type { ScenarioInput } from '../src/scenario/types.js';
import { Simulation } from '../src/Simulation.js';
import type { TcpSender } from '../src/transport/TcpSender.js';

/**
 * A flow switched from NewReno to CUBIC during a run (a timed event, as the lab records an edit
 * made while the run goes) on the slow-start demo's path. Seen in the lab before CUBIC's slow
 * start ended at ssthresh (Cubic.ts, as Linux's tcp_slow_start: min(cwnd + acked, ssthresh)):
 * after a timeout the cumulative ACK that ends the go-back-N retransmission covers the hundreds
 * of segments the receiver kept, slow start took the window from 1 to ≈ 400 in one step, far
 * above what the path holds, and timeouts followed one another (9 in 20 s, window 428).
 */

const SWITCH_S = 2.05;
// RFC 9438 defaults, the engine's (§4.6 β_cubic, §5 C)
const BETA = 0.7;
const C = 0.4;

function value<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** The slow-start demo with its flow switched to CUBIC at SWITCH_S. */
function switched(): ScenarioInput {
  const base = presets.find((p) => p.id === 'demo-slow-start')!.scenario();
  const flow = base.flows[0]!;
  expect(flow.transport).toMatchObject({ type: 'tcp', cc: 'newreno' });
  return { ...base, version: 2, events: [{ at: `${SWITCH_S}s`, flow: flow.id!, cc: 'cubic' }] };
}

/**
 * What the path holds, from the preset's links: the bandwidth-delay product of the bottleneck at
 * the base round trip (both directions of every link on the path) plus the bottleneck's buffer.
 */
function pathCapacitySegments(s: ScenarioInput, segmentBytes: number): number {
  const bottleneck = s.links.find((l) => l.a === 'r1' && l.b === 'r2')!;
  const path = s.links.filter((l) => ['s0-r1', 'r1-r2', 'r2-d0'].includes(`${l.a}-${l.b}`));
  expect(path).toHaveLength(3);
  const rttS = (2 * path.reduce((sum, l) => sum + value(parseDuration(l.delay)), 0)) / 1e9;
  const pipe = (value(parseBitRate(bottleneck.rate)) * rttS) / (8 * segmentBytes);
  const buffer = value(parseBufferLimit(bottleneck.buffer));
  if (!('packets' in buffer)) throw new Error('the demo bottleneck buffer is counted in packets');
  return pipe + buffer.packets;
}

describe('a flow switched from NewReno to CUBIC mid-run (slow-start demo, switch at 2.05 s)', () => {
  it('keeps its window within what the path holds and times out no more than once per loss episode', () => {
    const s = switched();
    const sim = new Simulation(s);
    const sender = sim.flows[0]!.sender as unknown as TcpSender & { cc: { id: string } };
    // 10 Mb/s × 60 ms / 8000 bit = 75 segments in flight, plus 75 in the buffer
    const held = pathCapacitySegments(s, sender.segmentBytes);
    expect(held).toBe(150);

    sim.runUntil(SWITCH_S * 1e9 + 1);
    expect(sender.cc.id).toBe('cubic');
    const timeoutsBefore = sim.summary().flows[0]!.timeouts;

    // The window the congestion control sets (sender.cwnd, without the fast-recovery inflation
    // that the NewReno recovery the flow started with adds per duplicate ACK, RFC 6582 §3.2 step 4;
    // the lab's cwnd chart shows the sum). Alone on the path, the flow loses a segment once more
    // than `held` are out, and learns of it within a round trip, in which CUBIC grows at most
    // ×1.5 (RFC 9438 §4.2: the target is clamped to 1.5·cwnd); slow start ends at ssthresh, which a
    // loss sets at most to the window then. So the window stays at or below 1.5 × 150 = 225.
    const durationS = value(parseDuration(s.duration)) / 1e9;
    let maxCwnd = 0;
    for (let t = SWITCH_S + 0.001; t <= durationS + 1e-9; t += 0.001) {
      sim.runUntil(t * 1e9);
      maxCwnd = Math.max(maxCwnd, sender.cwnd);
    }
    expect(maxCwnd).toBeLessThanOrEqual(1.5 * held);

    // Loss episodes: after a loss (or a timeout's slow start to ssthresh = β·W) CUBIC needs
    // K = ∛(W·(1 − β)/C) to grow back from β·W to W = 150 (RFC 9438 eq. 2): ≈ 4.8 s, so the
    // 17.95 s after the switch hold at most 1 + ⌊17.95 / K⌋ = 4 of them. NewReno's recovery mends
    // one hole a round trip and may end an episode with one timeout (its timer restarts at the
    // first partial ACK only, RFC 6582 §4), so at most 4 timeouts.
    const k = Math.cbrt((held * (1 - BETA)) / C);
    const episodes = 1 + Math.floor((durationS - SWITCH_S) / k);
    expect(episodes).toBe(4);
    const timeouts = sim.summary().flows[0]!.timeouts - timeoutsBefore;
    expect(timeouts).toBeLessThanOrEqual(episodes);
  });
});
