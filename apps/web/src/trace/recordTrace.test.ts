import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Simulation, attachTraces, validateScenario, type ScenarioInput } from '@cclab/engine';
import { recordTrace } from './recordTrace';

const preset = (name: string): ScenarioInput =>
  JSON.parse(
    readFileSync(new URL(`../../../../packages/engine/presets/${name}.json`, import.meta.url), 'utf8'),
  ) as ScenarioInput;

/** One NewReno flow over a 20-packet bottleneck, 3 s. */
const scenario = (): ScenarioInput => ({ ...preset('ns2-newreno-1flow'), duration: '3s' });

const text = (chunks: Uint8Array[]) => chunks.map((c) => new TextDecoder().decode(c)).join('');

describe('recordTrace (the lab Trace panel)', () => {
  it('records the same ns-2 trace as tracing the run directly, to the end of the scenario', () => {
    const sc = scenario();
    const sim = new Simulation(validateScenario(sc));
    const direct: Uint8Array[] = [];
    const port = sim.probedPorts[0]!.name;
    const session = attachTraces(sim, { ports: [port], ns2: (c) => void direct.push(c), maxBytes: 1e9 });
    sim.run();
    session.close();
    const r = recordTrace({ scenario: sc, format: 'ns2', ports: [port], maxBytes: 1e9 });
    expect(r.full).toBe(false);
    expect(r.endNs).toBe(3e9);
    const lines = text(r.chunks).trimEnd().split('\n');
    expect(lines.length).toBe(r.records);
    // every enqueue (+) on the port is followed by a departure (-) or a drop (d)
    const count = (op: string) => lines.filter((l) => l.startsWith(`${op} `)).length;
    expect(count('+')).toBeGreaterThan(100);
    expect(count('-') + count('d')).toBeLessThanOrEqual(count('+'));
    expect(text(r.chunks)).toBe(text(direct));
  });

  it('stops the run where the pcap reaches the size limit, and keeps the file under it', () => {
    // 24-byte pcap header, then records of 16 bytes of record header + 40 bytes of IPv4/TCP or more
    const maxBytes = 24 + 100 * 56;
    const sc = scenario();
    const port = new Simulation(validateScenario(sc)).probedPorts[0]!.name;
    const r = recordTrace({ scenario: sc, format: 'pcap', ports: [port], maxBytes });
    expect(r.full).toBe(true);
    expect(r.endNs).toBeLessThan(r.durationNs);
    expect(r.bytes).toBeLessThanOrEqual(maxBytes);
    const file = Buffer.concat(r.chunks);
    expect(file.length).toBe(r.bytes);
    expect(file.readUInt32LE(0)).toBe(0xa1b23c4d); // nanosecond pcap (the magic of pcap-savefile(5))
    expect(r.records).toBeGreaterThan(0);
    expect(r.records).toBeLessThanOrEqual(100);
  });

  it('names unknown ports', () => {
    expect(() => recordTrace({ scenario: scenario(), format: 'ns2', ports: ['nowhere->x'], maxBytes: 1e6 })).toThrow(
      /unknown port nowhere->x/,
    );
  });

  it('traces a base station’s downlink: its packets leave ("-") only in the UE’s TDMA slots', () => {
    // the wireless cell (RR over three UEs, 10 ms slots), 2 s: every "-" at BS->UE1 falls in a slot
    // the base station gave UE1 (its slot series, an independent record of the schedule)
    const cell = JSON.parse(
      readFileSync(new URL('../../../../packages/engine/presets/wireless-cell.json', import.meta.url), 'utf8'),
    ) as ScenarioInput;
    const sc = { ...cell, duration: '2s' };
    const r = recordTrace({ scenario: sc, format: 'ns2', ports: ['BS->UE1'], maxBytes: 1e9 });
    const sim = new Simulation(validateScenario(sc));
    sim.run();
    const slots = sim.network.baseStations[0]!.slotSeries;
    const served = slots.column('served');
    const t = slots.column('t');
    const departures = text(r.chunks)
      .trimEnd()
      .split('\n')
      .filter((l) => l.startsWith('- '))
      .map((l) => Number(l.split(' ')[1]));
    expect(departures.length).toBeGreaterThan(50);
    for (const d of departures) {
      // the slot holding d (the trace prints microseconds): k = ⌊d / 10 ms⌋
      const k = Math.min(t.length - 1, Math.floor((d + 1e-7) / 0.01));
      expect(served[k], `departure at ${d} s in slot ${k}`).toBe(0);
    }
  });
});
