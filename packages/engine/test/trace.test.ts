import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ns2DumbbellScenario } from '../src/scenario/ns2Dumbbell.js';
import { Simulation } from '../src/Simulation.js';
import { attachTraces, type TraceOptions } from '../src/trace/attachTraces.js';
import { ns2TraceTime } from '../src/trace/Ns2TraceWriter.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/ns2-trace/', import.meta.url));

/** Runs a scenario with traces attached; returns the files' bytes and the simulation. */
function traced(scenario: unknown, o: Omit<TraceOptions, 'ns2' | 'pcap'> & { ns2?: boolean; pcap?: boolean }) {
  const sim = new Simulation(scenario);
  const chunks = { ns2: [] as Uint8Array[], pcap: [] as Uint8Array[] };
  const session = attachTraces(sim, {
    ...(o.ports ? { ports: o.ports } : {}),
    maxBytes: o.maxBytes,
    ...(o.ns2 !== false ? { ns2: (c: Uint8Array) => void chunks.ns2.push(c) } : {}),
    ...(o.pcap ? { pcap: (c: Uint8Array) => void chunks.pcap.push(c) } : {}),
  });
  sim.run();
  const report = session.close();
  const join = (cs: Uint8Array[]) => Buffer.concat(cs);
  return { sim, report, ns2: join(chunks.ns2).toString('latin1'), pcap: join(chunks.pcap) };
}

const lines = (text: string) => text.split('\n').filter((l) => l.length > 0);
const events = (ls: string[], e: string) => ls.filter((l) => l.startsWith(`${e} `));

describe('ns-2 trace time format (BaseTrace::round to the microsecond, printed with %.15g)', () => {
  it('drops trailing zeros and rounds half a microsecond up', () => {
    expect(ns2TraceTime(0)).toBe('0');
    expect(ns2TraceTime(100_000_000)).toBe('0.1');
    expect(ns2TraceTime(12_000_000_000)).toBe('12');
    expect(ns2TraceTime(5_003_499)).toBe('0.005003');
    expect(ns2TraceTime(1_045_837_500)).toBe('1.045838');
  });
  it('switches to an exponent below 1e-4 as C does', () => {
    expect(ns2TraceTime(50_000)).toBe('5e-05');
    expect(ns2TraceTime(12_000)).toBe('1.2e-05');
    expect(ns2TraceTime(100_000)).toBe('0.0001');
  });
});

describe('the ns-2 trace of a port', () => {
  it("reproduces ns-2.35's own trace of the reference dumbbell's bottleneck", () => {
    // fixtures/ns2-trace: `ns trace.tcl OUT n=1 T=5` (ns-2.35's trace-queue on r1->r2), its
    // first 1400 lines and the counts of the whole file
    const ns2Head = lines(readFileSync(FIXTURES + 'newreno-1flow-T5.head.tr', 'latin1'));
    const counts = JSON.parse(readFileSync(FIXTURES + 'newreno-1flow-T5.counts.json', 'utf8')) as Record<
      string,
      number
    >;
    const ours = lines(traced(ns2DumbbellScenario('n1', { n: '1', T: '5' }), { ports: ['r1->r2'], maxBytes: 1e8 }).ns2);
    expect(ours.slice(0, ns2Head.length)).toEqual(ns2Head);
    expect(ours.length).toBe(counts.lines);
    expect([events(ours, '+'), events(ours, '-'), events(ours, 'd'), events(ours, 'r')].map((x) => x.length)).toEqual([
      counts.enqueue,
      counts.dequeue,
      counts.drop,
      counts.receive,
    ]);
  });

  it("has one line per arrival, departure, drop and delivery the port counted, in ns-2's layout", () => {
    // SACK flows with ECN through RED marking and random loss on the bottleneck: every kind of event
    const sc = ns2DumbbellScenario('mix', {
      flows: 'Sack,Newreno,CBR:2Mb',
      qtype: 'RED',
      red_setbit: 'true',
      tcp_ecn: '1',
      T: '8',
    });
    for (const l of sc.links) if (l.a === 'r1' && l.b === 'r2') l.lossRate = 0.002;
    const { sim, ns2, report } = traced(sc, { ports: ['r1->r2', 'r2->r1'], maxBytes: 1e8 });
    const all = lines(ns2);
    expect(report.ns2!.records).toBe(all.length);
    const layout =
      /^[-+dr] \d+(\.\d+)?(e-\d\d)? \d+ \d+ (tcp|ack|cbr) \d+ [C-][-][-][A-][E-][-][N-] \d+ \d+\.0 \d+\.0 -?\d+ \d+$/;
    expect(all.filter((l) => !layout.test(l))).toEqual([]);
    for (const name of ['r1->r2', 'r2->r1']) {
      const port = sim.network.portByName(name)!;
      const [from, to] = [port.fromNode, port.toNode];
      const mine = all.filter((l) => l.split(' ')[2] === String(from) && l.split(' ')[3] === String(to));
      const st = port.disc.stats;
      expect(events(mine, '+').length).toBe(st.arrivals);
      expect(events(mine, '-').length).toBe(st.departures);
      expect(events(mine, 'd').length).toBe(st.drops + port.linkLosses);
      expect(events(mine, 'r').length).toBe(st.departures - port.linkLosses - port.flightCount);
      // a CE mark shows from the departure on ("E"), one per mark this port made
      expect(events(mine, '-').filter((l) => l.split(' ')[6]![4] === 'E').length).toBe(port.marks);
    }
    expect(sim.network.portByName('r1->r2')!.marks).toBeGreaterThan(0);
    expect(sim.network.portByName('r1->r2')!.linkLosses).toBeGreaterThan(0);
  });

  it('stops at the size limit on a line boundary and counts what it left out', () => {
    const full = traced(ns2DumbbellScenario('n1', { n: '1', T: '2' }), { ports: ['r1->r2'], maxBytes: 1e8 });
    const cut = traced(ns2DumbbellScenario('n1', { n: '1', T: '2' }), { ports: ['r1->r2'], maxBytes: 10_000 });
    expect(cut.ns2.length).toBeLessThanOrEqual(10_000);
    expect(cut.ns2.endsWith('\n')).toBe(true);
    expect(full.ns2.startsWith(cut.ns2)).toBe(true);
    expect(cut.report.ns2!.records + cut.report.ns2!.omittedRecords).toBe(full.report.ns2!.records);
    expect(cut.report.ns2!.omittedRecords).toBeGreaterThan(0);
  });

  it('names unknown ports and the known ones', () => {
    const sim = new Simulation(ns2DumbbellScenario('n1', { n: '1', T: '1' }));
    expect(() => attachTraces(sim, { ports: ['r1->r3'], ns2: () => {}, maxBytes: 1000 })).toThrow(
      /unknown port r1->r3 \(ports: r1->r2, r2->r1, s0->r1/,
    );
  });
});
