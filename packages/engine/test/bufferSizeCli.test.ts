import { describe, expect, it } from 'vitest';
import { parseBufferSizeArgs } from '../src/cli/bufferSize.js';

describe('cclab buffer-size arguments', () => {
  const err = (args: string[]) => {
    try {
      parseBufferSizeArgs(args);
      return '';
    } catch (e) {
      return (e as Error).message;
    }
  };

  it('name the option at fault', () => {
    expect(err(['--lambda', '170Mbps'])).toMatch(/^--topology: "" is not one of linear, cross2, cross3/);
    expect(err(['--topology', 'cross2', '--lambda', '170Mbps'])).toMatch(/^--lambda: cross2 takes 2 rate/);
    expect(err(['--topology', 'linear', '--lambda', 'fast'])).toMatch(/^--lambda: /);
    expect(err(['--topology', 'linear', '--lambda', '1Mbps', '--bl', '0.9', '--bu', '0.5'])).toMatch(/^--bl: /);
    expect(err(['--topology', 'linear', '--lambda', '1Mbps', '--sweep', '1Mbps:2Mbps'])).toMatch(/^--sweep: /);
    expect(err(['--topology', 'linear', '--lambda', '1Mbps', '--colour', 'red'])).toMatch(/^unknown option --colour/);
    expect(err(['--topology', 'linear', '--lambda', '1Mbps', '--quantum', 'big'])).toMatch(/^--quantum: /);
  });

  it('take the presets, a sweep and the quantum in bytes or bits', () => {
    const p = parseBufferSizeArgs(
      ['--topology', 'linear', '--lambda', '170Mbps', '--sweep', '170Mbps:200Mbps:10Mbps', '--preset', 'ns2'].concat([
        '--quantum',
        '1Mb',
      ]),
    );
    expect(p.capacities).toEqual([170e6, 180e6, 190e6, 200e6]);
    expect([p.params.bl, p.params.bu]).toEqual([0.1, 0.9]);
    expect(p.params.quantumBits).toBe(1e6);
    const q = parseBufferSizeArgs(['--topology', 'cross2', '--lambda', '180Mbps,70Mbps']);
    expect(q.capacities).toEqual([250e6]); // default: the total arrival rate
    expect([q.params.bl, q.params.bu, q.params.quantumBits]).toEqual([0.2, 0.8, 8000]);
  });
});
