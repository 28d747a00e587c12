import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { byteCount } from '../src/net/Packet.js';

const ENGINE = fileURLToPath(new URL('..', import.meta.url));

describe('byteCount', () => {
  it('gives a whole size as a small integer and leaves any other value alone', () => {
    expect(byteCount(1040)).toBe(1040);
    expect(byteCount(Number('1040.0'))).toBe(1040);
    expect(byteCount(0.5)).toBe(0.5);
    expect(byteCount(2 ** 31)).toBe(2 ** 31);
    expect(byteCount(-3)).toBe(-3);
  });
});

describe('packet size field', () => {
  // V8 stores a field that has only held small integers in the object; one store of a heap number
  // makes it a boxed double for every packet, one more cache line per hop (docs/performance.md,
  // "What makes it fast"). V8's own description of a live packet says which it is.
  it('stays a small integer through a run of TCP, UDP, DCCP and TFRC flows', () => {
    const script = `
      const { Simulation } = await import('./src/Simulation.ts');
      const { ns2DumbbellScenario } = await import('./src/scenario/ns2Dumbbell.ts');
      const sim = new Simulation(ns2DumbbellScenario('t', { n: '4', flows: 'Newreno,CBR,DCCP:TCPlike,TFRC', T: '2' }));
      sim.runUntil(1e9);
      // a packet on the wire (the port's in-flight ring; a private field, read from plain JS)
      const pkt = sim.network.ports.map((p) => p.flightPkts.find((x) => x !== null)).find((x) => x);
      %DebugPrint(pkt);
    `;
    const r = spawnSync(
      process.execPath,
      ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: ENGINE,
        encoding: 'utf8',
      },
    );
    expect(r.status, r.stderr).toBe(0);
    const line = r.stdout.split('\n').find((l) => l.includes('#sizeBytes'));
    expect(line, r.stdout.slice(0, 2000)).toBeDefined();
    expect(line).not.toMatch(/HeapNumber/);
    expect(line).toMatch(/#sizeBytes: \d+ /);
  });
});
