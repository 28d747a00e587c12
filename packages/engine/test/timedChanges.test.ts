import { describe, expect, it } from 'vitest';
import { Simulation } from '../src/Simulation.js';
import { IN_FLIGHT_STRIDE } from '../src/net/Port.js';
import { dumbbell } from '../src/scenario/builders.js';
import { validateScenario, ScenarioError } from '../src/scenario/validate.js';
import { presets } from '../src/presets/presets.js';
import type { ScenarioEvent, ScenarioInput } from '../src/scenario/types.js';

/** One UDP CBR flow of `cbr` through a 10 Mb/s, 10 ms bottleneck (r1-r2) with a 20-packet buffer. */
function cbrScenario(cbr: string, events: ScenarioEvent[], extra: Partial<ScenarioInput> = {}): ScenarioInput {
  const s = dumbbell({
    name: 'cbr',
    flows: [
      {
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate: cbr, packetSize: '1000B' } },
      },
    ],
    bottleneckRate: '10Mbps',
    bottleneckDelay: '10ms',
    bottleneckBuffer: '20 packets',
    accessRate: '100Mbps',
    accessDelay: '1ms',
    duration: '10s',
  });
  return { ...s, version: 2, events, ...extra };
}

function tcpScenario(events: ScenarioEvent[], cc = 'newreno'): ScenarioInput {
  const s = dumbbell({
    name: 'tcp',
    flows: [{ transport: { type: 'tcp', cc } }],
    bottleneckRate: '10Mbps',
    bottleneckDelay: '20ms',
    bottleneckBuffer: '50 packets',
    accessRate: '100Mbps',
    accessDelay: '1ms',
    duration: '20s',
  });
  return { ...s, version: 2, events };
}

/** Bytes delivered to flow 0's receiver between two times (runs the simulation to `toS`). */
function deliveredBetween(sim: Simulation, fromS: number, toS: number): number {
  sim.runUntil(fromS * 1e9);
  const a = sim.flows[0]!.stats.bytesReceived;
  sim.runUntil(toS * 1e9);
  return sim.flows[0]!.stats.bytesReceived - a;
}

function issuesOf(input: unknown): string[] {
  try {
    validateScenario(input);
    return [];
  } catch (e) {
    return (e as ScenarioError).issues.map((i) => `${i.path}: ${i.message}`);
  }
}

describe('timed changes to a link', () => {
  it('a rate drop at 5 s caps an 8 Mb/s CBR flow at the new 2 Mb/s rate from then on', () => {
    const sim = new Simulation(cbrScenario('8Mbps', [{ at: '5s', link: 'r1-r2', rate: '2Mbps' }]));
    // before: all of the 8 Mb/s fits the 10 Mb/s link (1 s of it = 1,000,000 bytes)
    expect(deliveredBetween(sim, 3, 4)).toBe(1_000_000);
    // after (once the 20-packet queue has settled): exactly the link's 2 Mb/s = 250,000 bytes/s
    const after = deliveredBetween(sim, 6, 8);
    expect(after / 2).toBeGreaterThanOrEqual(249_000);
    expect(after / 2).toBeLessThanOrEqual(251_000);
    expect(sim.network.portByName('r1->r2')!.rateBps).toBe(2e6);
  });

  it('a delay raised from 10 ms to 60 ms adds 50 ms to every packet sent after the change', () => {
    // a TCP flow with a window small enough that no queue builds: its RTT is the path's
    const s = tcpScenario([{ at: '10s', link: 'r1-r2', delay: '60ms' }]);
    s.links[0]!.delay = '10ms';
    s.flows[0]!.transport.params = { maxWindow: 4 };
    const sim = new Simulation(s);
    sim.runUntil(9.9e9);
    const before = sim.flows[0]!.sender.congestion()!.srttNs;
    sim.runUntil(19.9e9);
    const after = sim.flows[0]!.sender.congestion()!.srttNs;
    // the bottleneck's delay is paid once each way: +2 × 50 ms on the round trip
    expect((after - before) / 1e6).toBeCloseTo(100, 0);
  });

  it('a delay lowered while packets are on the wire never lets a later packet overtake an earlier one', () => {
    const s = cbrScenario('8Mbps', [{ at: '2s', link: 'r1-r2', delay: '0ms' }]);
    s.links[0]!.delay = '500ms';
    const sim = new Simulation(s);
    const port = sim.network.portByName('r1->r2')!;
    sim.runUntil(2.01e9);
    // packets on the wire, in the order sent: those sent before the change (due at up to
    // 2.5 s) then those sent after it, which wait for them instead of arriving at once
    const flight = port.inFlight();
    const arrivals: number[] = [];
    for (let i = 0; i < flight.length; i += IN_FLIGHT_STRIDE) arrivals.push(flight[i + 2]!);
    expect(arrivals.length).toBeGreaterThan(400);
    for (let i = 1; i < arrivals.length; i++) expect(arrivals[i]).toBeGreaterThanOrEqual(arrivals[i - 1]!);
    sim.runUntil(4e9);
    // and every byte sent arrives: 8 Mb/s from t = 0 to 4 s less the last few on the access links
    expect(sim.flows[0]!.stats.bytesReceived).toBeGreaterThan(3.99 * 1_000_000);
  });

  it('loss switched on at 5 s drops about that share of the packets sent afterwards, only then', () => {
    const sim = new Simulation(cbrScenario('4Mbps', [{ at: '5s', link: 'r1-r2', lossRate: 0.25 }]));
    sim.runUntil(5e9);
    const port = sim.network.portByName('r1->r2')!;
    expect(port.linkLosses).toBe(0);
    sim.runUntil(10e9);
    // 5 s × 500 packets/s = 2500 packets, each lost with p = 0.25: mean 625, σ ≈ 21.7
    expect(port.linkLosses).toBeGreaterThan(625 - 5 * 21.7);
    expect(port.linkLosses).toBeLessThan(625 + 5 * 21.7);
  });

  it('a larger buffer lets the queue of an overloaded port grow to the new limit (DropTail: buffer − 1 wait)', () => {
    const sim = new Simulation(
      cbrScenario('20Mbps', [{ at: '5s', link: 'r1-r2', direction: 'r1->r2', buffer: '60 packets' }]),
    );
    const port = sim.network.portByName('r1->r2')!;
    sim.runUntil(4.9e9);
    expect(port.disc.lengthPackets).toBe(19);
    sim.runUntil(9.9e9);
    expect(port.disc.lengthPackets).toBe(59);
    // the other direction kept its buffer
    expect(sim.network.portByName('r2->r1')!.bufferLimit).toEqual({ packets: 20 });
  });

  it('a new discipline takes over the waiting packets and the counts stay whole', () => {
    const sim = new Simulation(
      cbrScenario('20Mbps', [
        { at: '5s', link: 'r1-r2', direction: 'r1->r2', queue: { type: 'red', params: { queueInBytes: false } } },
      ]),
    );
    const port = sim.network.portByName('r1->r2')!;
    sim.runUntil(5e9 - 1);
    const queued = port.disc.lengthPackets;
    const dropsBefore = port.disc.stats.drops;
    expect(queued).toBe(19);
    sim.runUntil(5e9);
    expect(port.queueType).toBe('red');
    sim.runUntil(10e9);
    const st = port.disc.stats;
    // arrivals = departures + drops + queued, over the whole run and both disciplines
    expect(st.arrivals).toBe(st.departures + st.drops + port.disc.lengthPackets);
    expect(st.drops).toBeGreaterThan(dropsBefore);
    // RED runs: its average follows the full queue it took over (19 packets, then 20 as RED
    // lets `buffer` packets wait), above its maximum threshold of 18.75 (3 × 6.25)
    const state = new Float64Array(4);
    port.disc.probeValues(state, 0);
    expect(port.disc.probeSpecs().map((p) => p.key)).toEqual(['avgQueue', 'dropProb', 'minThresh', 'maxThresh']);
    expect(state[0]).toBeGreaterThan(state[3]!);
    expect(state[0]).toBeLessThanOrEqual(20);
  });
});

describe('timed changes to a flow', () => {
  it('switching NewReno to CUBIC keeps the window and runs CUBIC from then on', () => {
    const plain = new Simulation(tcpScenario([]));
    const switched = new Simulation(tcpScenario([{ at: '10s', flow: 'f0', cc: 'cubic' }]));
    plain.runUntil(10e9 - 1);
    switched.runUntil(10e9 - 1);
    // identical up to the change
    expect(switched.flows[0]!.series.rows()).toEqual(plain.flows[0]!.series.rows());
    const cwndBefore = switched.flows[0]!.sender.congestion()!.cwnd;
    switched.runUntil(10e9);
    expect(switched.flows[0]!.sender.congestion()!.cwnd).toBe(cwndBefore);
    expect((switched.flows[0]!.sender as unknown as { cc: { id: string } }).cc.id).toBe('cubic');
    switched.runUntil(20e9);
    plain.runUntil(20e9);
    expect(switched.flows[0]!.series.rows()).not.toEqual(plain.flows[0]!.series.rows());
  });

  it('start and stop at event times bound what the flow sends', () => {
    const s = cbrScenario('1Mbps', [
      { at: '2s', flow: 'f0', action: 'start' },
      { at: '4s', flow: 'f0', action: 'stop' },
    ]);
    s.flows[0]!.start = '8s'; // the event starts it earlier; the later start does nothing
    const sim = new Simulation(s);
    expect(deliveredBetween(sim, 0, 2)).toBe(0);
    // 2 s at 1 Mb/s = 250,000 bytes (the packet sent at exactly 4 s is not)
    expect(deliveredBetween(sim, 2, 5)).toBe(250_000);
    expect(deliveredBetween(sim, 5, 10)).toBe(0);
  });

  it('is deterministic: the same scenario with events twice gives identical series', () => {
    const ev: ScenarioEvent[] = [
      { at: '3s', link: 'r1-r2', rate: '5Mbps' },
      { at: '6s', flow: 'f0', cc: 'cubic' },
      { at: '8s', link: 'r1-r2', queue: { type: 'codel' } },
    ];
    const a = new Simulation(tcpScenario(ev));
    const b = new Simulation(tcpScenario(ev));
    a.run();
    b.run();
    expect(a.flows[0]!.series.rows()).toEqual(b.flows[0]!.series.rows());
    expect(a.portSeries[0]!.rows()).toEqual(b.portSeries[0]!.rows());
    expect(a.changes.applied.map((c) => c.tNs)).toEqual([3e9, 6e9, 8e9]);
  });

  it('events added to a running simulation apply at the current time and leave the past alone', () => {
    const sim = new Simulation(tcpScenario([]));
    sim.runUntil(7e9);
    const past = sim.flows[0]!.series.rows();
    const later = validateScenario(tcpScenario([{ at: '7s', flow: 'f0', cc: 'cubic' }]));
    sim.addEvents(later.events);
    sim.runUntil(8e9);
    expect(sim.changes.applied).toEqual([{ tNs: 7e9, index: 0 }]);
    const now = sim.flows[0]!.series.rows();
    expect(now.slice(0, past.length)).toEqual(past);
  });
});

describe('events: validation and the version 1 → 2 migration', () => {
  it('names the field and the problem', () => {
    const s = cbrScenario('1Mbps', [
      { at: '11s', link: 'r1-r2', rate: '5Mbps' },
      { at: '1s', link: 'r9-r2', rate: '5Mbps' },
      { at: '1s', link: 'r1-r2', rate: '-5Mbps' },
      { at: '1s', flow: 'f0', cc: 'cubic' },
      { at: '1s', flow: 'nope', action: 'stop' },
      { at: '1s', link: 'r1-r2', direction: 'r2->r9', lossRate: 0.1 },
      { at: '1s', link: 'r1-r2' },
      { at: '1s', link: 'r1-r2', queue: { type: 'red', params: { minThresh: 30, maxThresh: 10 } } },
    ]);
    expect(issuesOf(s)).toEqual([
      'events[0].at: "11s" is after the end of the run (duration 10 s)',
      'events[1].link: "r9-r2" is not a link id (known: r1-r2, s0-r1, r2-d0)',
      'events[2].rate: "-5Mbps" is not a positive bit rate',
      'events[3].cc: flow f0 uses udp, which has no congestion control',
      'events[4].flow: "nope" is not a flow id',
      'events[5].direction: "r2->r9" is not a direction of link r1-r2 ("r1->r2" or "r2->r1")',
      'events[6]: changes nothing: give rate, delay, buffer, queue or lossRate',
      'events[7].queue.params.minThresh: 30 packets is not below maxThresh (10 packets)',
      'events[7].queue.params.minThresh: 30 packets is not below the buffer (20 packets): the average can never reach it',
    ]);
  });

  it('refuses a start after the flow has stopped', () => {
    const s = cbrScenario('1Mbps', [
      { at: '5s', flow: 'f0', action: 'start' },
      { at: '3s', flow: 'f0', action: 'stop' },
    ]);
    expect(issuesOf(s)).toEqual([
      'events[0].action: flow f0 stops at 3 s, before this start; a stopped flow cannot start again',
    ]);
  });

  it('loads every version-1 preset unchanged but for the version, and refuses events in a version-1 file', () => {
    for (const p of presets) {
      const v1 = p.scenario();
      expect(v1.version).toBe(1);
      const r = validateScenario(v1);
      expect(r.input.version).toBe(2);
      expect(r.events).toEqual([]);
      expect({ ...r.input, version: 1 }).toEqual(v1);
    }
    const v1 = { ...cbrScenario('1Mbps', [{ at: '1s', link: 'r1-r2', rate: '5Mbps' }]), version: 1 };
    expect(issuesOf(v1)).toEqual(['events: timed events need version 2 (this file says version 1): set "version": 2']);
    expect(issuesOf({ ...cbrScenario('1Mbps', []), version: 3 })).toEqual(['version: 3 is not one of 1, 2']);
  });
});
