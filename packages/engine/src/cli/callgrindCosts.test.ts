import { describe, expect, it } from 'vitest';
import { costsByFunction, functionKey, parseCallgrind, parsePerfMap, totalCosts } from './callgrindCosts.js';

// A hand-written callgrind file in the form `valgrind --tool=callgrind --dump-instr=yes` writes:
// absolute, relative and repeated positions, compressed object names, a call whose inclusive cost
// line must not count as self cost, and a cost line shorter than the event list.
const CALLGRIND = `# callgrind format
version: 1
positions: instr line
events: Ir D1mr D1mw

ob=(1) /usr/bin/node
fl=(1) ???
fn=(1) 0x1000
0x1000 0 10 1
+4 0 20 2 1
calls=1 0x2000
+3 0 500 50 5
* 0 5
ob=(2) [jit]
fn=(2) 0x5000
0x5000 0 7 3
+0x10 0 8 0 2
-8 0 9 1
ob=(1)
fn=(1)
0x1007 0 1
`;

describe('parseCallgrind', () => {
  const p = parseCallgrind(CALLGRIND);

  it('reads the events and every instruction line with its absolute address', () => {
    expect(p.events).toEqual(['Ir', 'D1mr', 'D1mw']);
    // 0x1000, +4 = 0x1004, (the call line at +3 = 0x1007 moves the position only), * = 0x1007,
    // 0x5000, +0x10 = 0x5010, -8 = 0x5008, 0x1007
    expect(p.addresses).toEqual([0x1000, 0x1004, 0x1007, 0x5000, 0x5010, 0x5008, 0x1007]);
    expect(p.costs[2]).toEqual([5, 0, 0]); // missing trailing costs are zero
    expect(p.objects).toEqual([
      '/usr/bin/node',
      '/usr/bin/node',
      '/usr/bin/node',
      '[jit]',
      '[jit]',
      '[jit]',
      '/usr/bin/node',
    ]);
  });

  it('does not count a call’s inclusive cost as self cost', () => {
    expect(totalCosts(p)).toEqual({ Ir: 10 + 20 + 5 + 7 + 8 + 9 + 1, D1mr: 1 + 2 + 3 + 1, D1mw: 1 + 2 });
  });

  it('rejects text that is not callgrind output', () => {
    expect(() => parseCallgrind('hello\n')).toThrow(/not callgrind output/);
  });
});

describe('costsByFunction', () => {
  const ranges = parsePerfMap(
    [
      '5008 10 JS:*receive file:///x/dist/chunks/chunk-WWXYF3QE.js:852:10',
      '5000 8 JS:*popAndDispatch file:///x/dist/chunks/chunk-WWXYF3QE.js:315:17',
      'garbage line',
    ].join('\n'),
  );

  it('reads a perf map sorted by address', () => {
    expect(ranges.map((r) => [r.start, r.size])).toEqual([
      [0x5000, 8],
      [0x5008, 0x10],
    ]);
  });

  it('sums each instruction into the code object containing it, the rest by object file', () => {
    const by = costsByFunction(parseCallgrind(CALLGRIND), ranges);
    expect(by.get('popAndDispatch* chunk:315:17')).toEqual({ Ir: 7, D1mr: 3, D1mw: 0 });
    // 0x5010 and 0x5008 lie in [0x5008, 0x5018)
    expect(by.get('receive* chunk:852:10')).toEqual({ Ir: 17, D1mr: 1, D1mw: 2 });
    expect(by.get('native node')).toEqual({ Ir: 36, D1mr: 3, D1mw: 1 });
    expect(by.size).toBe(3);
  });
});

describe('functionKey', () => {
  it('keeps the name, the tier and the place, without the folders and the chunk hash', () => {
    expect(functionKey('JS:*transmit file:///a/dist/chunks/chunk-WWXYF3QE.js:907:11')).toBe('transmit* chunk:907:11');
    // the command line's bundle is one line: the column tells its functions apart
    expect(functionKey('JS:~ file:///a/dist/cli/cclab.cjs:1:4436')).toBe('(anonymous)~ cclab:1:4436');
    expect(functionKey('Builtin:LoadIC')).toBe('Builtin:LoadIC');
  });
});
