import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Simulation } from '../Simulation.js';
import { ns2DumbbellScenario } from '../scenario/ns2Dumbbell.js';
import { benchPerEvent, benchPerEventChild } from './benchPerEvent.js';

afterEach(() => vi.restoreAllMocks());

describe('cclab bench --per-event', () => {
  it('refuses a window that does not move forward, before running anything', () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const out: string[] = [];
    expect(benchPerEvent(['--per-event', '--from', '5', '--to', '5'], (s) => out.push(s))).toBe(2);
    expect(String(err.mock.calls[0]![0])).toMatch(/--to \(5\) must be greater than --from \(5\)/);
    expect(out).toEqual([]);
  });

  it('names an unknown queue discipline before running anything', () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(benchPerEvent(['--per-event', '--queue', 'nosuchqueue'], () => {})).toBe(2);
    expect(String(err.mock.calls[0]![0])).toMatch(/cclab bench --per-event: .*nosuchqueue/);
  });

  it('child: runs the scenario file and reports its event count and process id', () => {
    const dir = mkdtempSync(join(tmpdir(), 'per-event-test-'));
    try {
      const sc = ns2DumbbellScenario('t', { n: '2', bw: '10Mb', qlim: '20', T: '1', qtype: 'rr' });
      const file = join(dir, 's.json');
      writeFileSync(file, JSON.stringify(sc));
      const written: string[] = [];
      vi.spyOn(process.stdout, 'write').mockImplementation((s) => (written.push(String(s)), true));
      expect(benchPerEventChild(file)).toBe(0);
      const expected = new Simulation(sc);
      expected.runUntil(expected.durationNs);
      expect(JSON.parse(written.join(''))).toEqual({ events: expected.sim.eventsProcessed, pid: process.pid });
      expect(expected.sim.eventsProcessed).toBeGreaterThan(1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
