import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Simulation } from '../Simulation.js';
import { ns2DumbbellScenario } from '../scenario/ns2Dumbbell.js';
import { bench } from './bench.js';
import { benchScenarioChild } from './benchCompare.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bench-compare-test-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

function write(name: string, content: unknown): string {
  const f = join(dir, name);
  writeFileSync(f, typeof content === 'string' ? content : JSON.stringify(content));
  return f;
}

const small = ns2DumbbellScenario('t', { n: '2', bw: '10Mb', qlim: '20', T: '6', qtype: 'rr' });

describe('cclab bench --compare', () => {
  it('names every unreadable or invalid file, before running anything', () => {
    const good = write('good.json', small);
    const notJson = write('broken.json', '{ "version": 1,');
    const invalid = write('invalid.json', { ...small, links: [{ ...small.links[0], rate: '-3Mb' }] });
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(bench(['--compare', good, notJson, invalid, join(dir, 'missing.json'), '--runs', '1'])).toBe(2);
    const msgs = err.mock.calls.map((c) => String(c[0]));
    expect(msgs).toHaveLength(3);
    // the CLI's message for a scenario it refuses (as cclab run prints it)
    expect(msgs[0]).toMatch(/broken\.json: invalid scenario\n {2}\(file\): not valid JSON: /);
    expect(msgs[1]).toMatch(/invalid\.json: invalid scenario\n {2}links\[0\]\.rate: "-3Mb" is not a positive bit rate/);
    expect(msgs[2]).toMatch(/missing\.json: invalid scenario\n {2}\(file\): cannot read .*missing\.json: ENOENT/);
    expect(out).not.toHaveBeenCalled();
  });

  it('needs a base and at least one file to compare with it', () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(bench(['--compare', write('one.json', small), '--runs', '2'])).toBe(2);
    expect(String(err.mock.calls[0]![0])).toMatch(/at least two scenario files/);
  });

  it('child: times the whole scenario after a warm-up and reports its events and packet-hops', () => {
    const file = write('s.json', small);
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => (written.push(String(s)), true));
    expect(benchScenarioChild(file)).toBe(0);
    const r = JSON.parse(written.join('')) as { cpuS: number; wallS: number; events: number; packetHops: number };
    // the timed run is the whole 6-s scenario, not the 5-s warm-up
    const expected = new Simulation(small);
    expected.runUntil(expected.durationNs);
    let hops = 0;
    for (const p of expected.network.ports) hops += p.disc.stats.departures;
    expect(r.events).toBe(expected.sim.eventsProcessed);
    expect(r.packetHops).toBe(hops);
    expect(r.cpuS).toBeGreaterThan(0);
    expect(r.wallS).toBeGreaterThan(0);
  });
});

describe('cclab bench --per-event --scenario', () => {
  it('refuses --queue or --flows beside a scenario file, and names a file it cannot read', () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const file = write('s.json', small);
    expect(bench(['--per-event', '--scenario', file, '--queue', 'rr'])).toBe(2);
    expect(bench(['--per-event', '--scenario', file, '--flows', '4'])).toBe(2);
    expect(bench(['--per-event', '--scenario', join(dir, 'missing.json')])).toBe(2);
    const msgs = err.mock.calls.map((c) => String(c[0]));
    expect(msgs[0]).toMatch(/--scenario takes the network from its file: not with --queue or --flows/);
    expect(msgs[1]).toMatch(/--scenario takes the network/);
    expect(msgs[2]).toMatch(/missing\.json: invalid scenario\n {2}\(file\): cannot read .*missing\.json: ENOENT/);
  });
});
