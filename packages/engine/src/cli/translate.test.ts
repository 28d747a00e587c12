import { describe, expect, it } from 'vitest';
import { ns2DumbbellScenario } from '../scenario/ns2Dumbbell.js';
import { ns2XcpScenario } from '../scenario/ns2Xcp.js';
import { ns3DumbbellScenario } from '../scenario/ns3Dumbbell.js';
import { translate } from './translate.js';

describe('cclab translate', () => {
  it('prints the scenario the cross-check tests build for the same harness arguments', () => {
    const ns3 = translate(['ns3', 'n=2', 'tcp=Cubic', 'qlim=100']);
    expect(ns3.code).toBe(0);
    expect(JSON.parse(ns3.out)).toEqual(
      ns3DumbbellScenario('n=2 tcp=Cubic qlim=100', { n: '2', tcp: 'Cubic', qlim: '100' }),
    );
    const ns2 = translate(['ns2', 'n=3', 'tcp=Sack']);
    expect(JSON.parse(ns2.out)).toEqual(ns2DumbbellScenario('n=3 tcp=Sack', { n: '3', tcp: 'Sack' }));
  });

  it('selects another script of the same simulator by name', () => {
    const r = translate(['ns2', 'xcp.tcl', 'nx=2', 'ntcp=1']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(ns2XcpScenario('nx=2 ntcp=1', { nx: '2', ntcp: '1' }));
    expect(translate(['ns2', 'nosuch.tcl']).out).toMatch(/unknown ns2 script nosuch.tcl/);
  });

  it('refuses unknown keys, simulators and malformed arguments by name', () => {
    const ns2 = translate(['ns2', 'bogus=1']);
    expect(ns2.code).toBe(2);
    expect(ns2.out).toMatch(/unknown key 'bogus'/);
    const ns3 = translate(['ns3', 'bogus=1']);
    expect(ns3.code).toBe(2);
    expect(ns3.out).toMatch(/bogus/);
    expect(translate(['ns3', 'n=2', 'bad']).out).toMatch(/bad: expected key=value/);
    expect(translate(['ns4']).out).toMatch(/^usage: cclab translate/);
  });
});
