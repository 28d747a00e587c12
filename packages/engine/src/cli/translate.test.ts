import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NS2_DEFAULTS, ns2DumbbellScenario } from '../scenario/ns2Dumbbell.js';
import { ns2XcpScenario } from '../scenario/ns2Xcp.js';
import { NS3_DEFAULTS, ns3DumbbellScenario } from '../scenario/ns3Dumbbell.js';
import { validateScenario } from '../scenario/validate.js';
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

/**
 * Out-of-range harness arguments are refused naming the key and its range (exit 2), and what is
 * printed is always a valid scenario. Unchecked, `translate ns2 n=1e9` would abort V8, `n=100000`
 * print 113 MB, `bw=0Mb`, `bw=1e400Mb`, `qlim=-1`, `T=1e12`, `delay=-5ms` print scenarios
 * `validate` refuses, and `n=0` say "cwndflow=0 is not a flow index (0–-1)".
 */
describe('cclab translate: argument ranges', () => {
  it('refuses out-of-range arguments, naming the key and its range', () => {
    const cases: [string[], string][] = [
      [['ns2', 'n=1e9'], "key n: expected a whole number in [1, 2499], got '1e9'"],
      [['ns2', 'n=100000'], "key n: expected a whole number in [1, 2499], got '100000'"],
      [['ns2', 'n=0'], "key n: expected a whole number in [1, 2499], got '0'"],
      [['ns2', 'bw=0Mb'], "key bw: expected a bit rate in [1 bit/s, 1 Tbit/s] (e.g. 10Mb), got '0Mb'"],
      [['ns2', 'bw=1e400Mb'], "key bw: expected a bit rate in [1 bit/s, 1 Tbit/s] (e.g. 10Mb), got '1e400Mb'"],
      [['ns2', 'qlim=-1'], "key qlim: expected a whole number in [0, 1000000], got '-1'"],
      [['ns2', 'T=1e12'], "key T: expected a number of seconds in (0, 604800], got '1e12'"],
      [['ns2', 'delay=-5ms'], "key delay: expected a delay in [0, 3600 s] (e.g. 20ms), got '-5ms'"],
      [['ns3', 'bw=0Mb'], "key bw: expected a bit rate in [1 bit/s, 1 Tbit/s] (e.g. 10Mb), got '0Mb'"],
      [['ns3', 'T=1e12'], "key T: expected a duration in (0, 604800 s], got '1e12'"],
      [['ns2', 'xcp.tcl', 'nx=5000'], "key nx: expected a whole number in [0, 4998], got '5000'"],
      [['ns2', 'n=2', 'n=3'], 'key n is given twice'],
    ];
    for (const [argv, message] of cases) expect(translate(argv), argv.join(' ')).toEqual({ code: 2, out: message });
  });

  it('the largest dumbbell within the scenario limits (2,499 flows: 5,000 nodes) translates and validates', () => {
    const r = translate(['ns2', 'n=2499', 'T=1']);
    expect(r.code).toBe(0); // translate validated it (the property below checks that it does)
    expect((JSON.parse(r.out) as { nodes: unknown[] }).nodes).toHaveLength(5000);
    expect(translate(['ns2', 'n=2500']).out).toBe("key n: expected a whole number in [1, 2499], got '2500'");
  });

  it('a combination the key ranges cannot see is refused with the scenario problems, never printed', () => {
    const r = translate(['ns2', 'stagger=300000']);
    expect(r.code).toBe(2);
    expect(r.out).toBe(
      'ns2 dumbbell.tcl stagger=300000: these arguments give a scenario that is not valid:\n' +
        '  flows[3].start: "900000s" is longer than the maximum 7 days (604800 s)',
    );
  });

  it('prints only scenarios that validate, whatever the arguments (property)', () => {
    const value = fc.constantFrom(
      ...['0', '1', '2', '-1', '1e9', '1e400', '0.5', 'NaN', '', 'x', '10Mb', '0Mb', '1e400Mb', '20ms', '-5ms'],
      ...['1e12', '100000', 'Cubic', 'CBR:1e400Mb', 'Newreno,CBR:5Mb', 'RED', 'DRR', '5ms,1e9ms'],
    );
    const ns2Keys = fc.constantFrom(...Object.keys(NS2_DEFAULTS));
    const ns3Keys = fc.constantFrom(...Object.keys(NS3_DEFAULTS));
    const args = (keys: fc.Arbitrary<string>) =>
      fc
        .uniqueArray(fc.tuple(keys, value), { maxLength: 3, selector: ([k]) => k })
        .map((kv) => kv.map(([k, v]) => `${k}=${v}`));
    fc.assert(
      fc.property(
        fc.oneof(
          args(ns2Keys).map((a) => ['ns2', ...a]),
          args(ns3Keys).map((a) => ['ns3', ...a]),
        ),
        (argv) => {
          const r = translate(argv);
          if (r.code !== 0) return;
          expect(() => validateScenario(JSON.parse(r.out)), argv.join(' ')).not.toThrow();
        },
      ),
      { numRuns: 300, seed: 6 },
    );
  });
});
