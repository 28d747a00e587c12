import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli/main.js';

describe('cclab run --trace-ns2 / --trace-pcap', () => {
  let dir = '';
  let stderr = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cclab-trace-'));
    stderr = '';
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
      stderr += String(s);
      return true;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes both files for the chosen ports and reports them', async () => {
    const tr = join(dir, 'out.tr');
    const pcap = join(dir, 'out.pcap');
    const code = await main([
      'run',
      '--preset',
      'ns2-newreno-1flow',
      '--trace-ns2',
      tr,
      '--trace-pcap',
      pcap,
      '--trace-ports',
      'r1->r2,r2->r1',
    ]);
    expect(code).toBe(0);
    const lines = readFileSync(tr, 'latin1').trim().split('\n');
    expect(new Set(lines.map((l) => `${l.split(' ')[2]}->${l.split(' ')[3]}`))).toEqual(new Set(['0->1', '1->0']));
    expect(readFileSync(pcap).readUInt32LE(0)).toBe(0xa1b23c4d);
    expect(stderr).toMatch(
      new RegExp(`ns-2 trace ${tr}: ${lines.length} records, \\d+ bytes \\(ports r1->r2, r2->r1\\)`),
    );
    expect(stderr).toMatch(/pcap .*out\.pcap: \d+ records/);
  });

  it('keeps each file under --trace-limit and says what was left out', async () => {
    const tr = join(dir, 'cut.tr');
    expect(await main(['run', '--preset', 'ns2-newreno-1flow', '--trace-ns2', tr, '--trace-limit', '20KB'])).toBe(0);
    expect(readFileSync(tr).length).toBeLessThanOrEqual(20_000);
    expect(stderr).toMatch(/truncated at --trace-limit 20KB: \d+ more records not written/);
  });

  it('names the option and the problem for a bad port or limit', async () => {
    const tr = join(dir, 'x.tr');
    expect(await main(['run', '--preset', 'ns2-newreno-1flow', '--trace-ns2', tr, '--trace-ports', 'r9->r1'])).toBe(2);
    expect(stderr).toMatch(/--trace-ports: unknown port r9->r1 \(ports: r1->r2/);
    stderr = '';
    expect(await main(['run', '--preset', 'ns2-newreno-1flow', '--trace-ns2', tr, '--trace-limit', 'lots'])).toBe(2);
    expect(stderr).toMatch(/--trace-limit lots: /);
    stderr = '';
    expect(await main(['run', '--preset', 'ns2-newreno-1flow', '--trace-ports', 'r1->r2'])).toBe(2);
    expect(stderr).toMatch(/--trace-ports and --trace-limit need --trace-ns2 FILE or --trace-pcap FILE/);
  });

  it('traces a base station’s downlink in its slots and writes the slot series with --csv', async () => {
    // one UE, one AMC mode from 0 dB at 1 Mb/s (mean SNR 60 dB), 10 ms slots: the UE holds every
    // slot it has a backlog for; 1000-byte packets take 8 ms each
    const scenario = {
      version: 1,
      duration: '50ms',
      nodes: [
        { id: 'S', kind: 'host' },
        {
          id: 'BS',
          kind: 'bs',
          bs: { params: { bandwidth: 1, bandwidthUnit: 'MHz', amcThresholds: [0], amcBitsPerSymbol: [1] } },
        },
        { id: 'UE1', kind: 'host' },
      ],
      links: [
        { a: 'S', b: 'BS', rate: '8Gbps', delay: '1ms', buffer: '100 packets' },
        { a: 'BS', b: 'UE1', rate: '100Mbps', delay: '1ms', channel: { type: 'rayleigh', params: { meanSnrDb: 60 } } },
      ],
      flows: [
        {
          id: 'f0',
          from: 'S',
          to: 'UE1',
          stop: '0.1ms',
          transport: { type: 'udp' },
          app: { type: 'cbr', params: { rate: '80Mbps', packetSize: '1000B' } },
        },
      ],
    };
    const file = join(dir, 'cell.json');
    writeFileSync(file, JSON.stringify(scenario));
    const tr = join(dir, 'bs.tr');
    const csv = join(dir, 'csv');
    expect(await main(['run', file, '--trace-ns2', tr, '--trace-ports', 'BS->UE1', '--csv', csv])).toBe(0);
    // the packet sent at 0 reaches the BS at 1.001 ms, waits for the slot at 10 ms, takes 8 ms, 1 ms to UE1
    expect(
      readFileSync(tr, 'latin1')
        .trim()
        .split('\n')
        .map((l) => l.split(' ').slice(0, 2).join(' ')),
    ).toEqual(['+ 0.001001', '- 0.01', 'r 0.019']);
    const slots = readFileSync(join(csv, 'slots-BS.csv'), 'utf8').trim().split('\n');
    expect(slots[0]).toBe('t,served,snrDb:UE1,rateBps:UE1');
    // slots at 0, 10 … 50 ms; served only while the packet waits or is being sent (10–20 ms)
    expect(slots.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      '0,-1',
      '0.01,0',
      '0.02,-1',
      '0.03,-1',
      '0.04,-1',
      '0.05,-1',
    ]);
    expect(slots.slice(1).every((l) => l.split(',')[3] === '1000000')).toBe(true);
  });
});
