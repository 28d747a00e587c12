import { describe, expect, it } from 'vitest';
import { Simulation } from '../src/Simulation.js';
import { seed004Scenario } from '../src/scenario/seed004.js';
import type { TcpSender } from '../src/transport/TcpSender.js';

/**
 * ns-2.35's Vegas (tcp-vegas.cc) after a retransmission timeout followed by more than three
 * duplicate ACKs: the timeout sets v_newcwnd_ = 0 and cwnd = v_slowstart_ (2); the duplicate ACKs
 * inflate cwnd (bug_fix_ forbids a fast retransmit for the window outstanding at the timeout);
 * the first new ACK deflates cwnd to v_newcwnd_, i.e. 0. Nothing can be sent until the next RTO,
 * which finds nothing outstanding. VegasTcpAgent::timeout returns early only when
 * slow_start_restart_ is false; ns-default.tcl sets it true, so the RTO is handled as a loss:
 * ssthresh = max(window/2, 2) = 2 (slowdown CLOSE_SSTHRESH_HALF), cwnd = v_slowstart_ = 2,
 * ++nrexmit_, send_much — two segments leave.
 *
 * It happens on the seed-004 Random topology (RR scheduler, seed 1): the wireless flow ftp3 has
 * spurious timeouts as its UE's channel swings; before this was modelled the flow stalled for the
 * rest of the run (0.002 Mb/s over 500 s).
 */
describe('Vegas: an RTO with nothing outstanding after a deflation to zero', () => {
  it('reopens the window at v_slowstart_ and sends two segments, as ns-2 does', () => {
    const sc = seed004Scenario({ topology: 'random', cc: 'vegas', scheduler: 'rr', duration: '6s' });
    const sim = new Simulation({ ...sc, seed: 1 });
    const flow = sim.flows.find((f) => f.spec.id === 'ftp3')!;
    const snd = flow.sender as TcpSender;
    sim.runUntil(4.7e9);
    // the precondition: one timeout so far, window deflated to 0, everything acknowledged
    expect(flow.stats.timeouts).toBe(1);
    expect(snd.cwnd).toBe(0);
    expect(snd.highestAck).toBe(snd.maxSeqSent);
    const sentBefore = flow.stats.packetsSent;
    const maxSeqBefore = snd.maxSeqSent;
    while (flow.stats.timeouts === 1 && sim.step() === 'events');
    expect(flow.stats.timeouts).toBe(2);
    expect(snd.cwnd).toBe(2);
    expect(snd.ssthresh).toBe(2);
    expect(flow.stats.packetsSent - sentBefore).toBe(2);
    expect(snd.maxSeqSent).toBe(maxSeqBefore + 2);
    // and the flow keeps going: it delivers data after the restart
    const delivered = flow.stats.goodputBytes;
    sim.runUntil(6e9);
    expect(flow.stats.goodputBytes).toBeGreaterThan(delivered);
  });
});
