import { describe, expect, it } from 'vitest';
import { getRegistry } from '../registry/index.js';
import { paramRange } from '../model/params.js';
import { defaultScenario } from '../presets/presets.js';
import type { ScenarioInput } from './types.js';
import { parseScenarioText, ScenarioError, validateScenario } from './validate.js';

/**
 * Inputs that would hang, blank or crash the lab (each as a user sent it): every one must be a
 * ScenarioError naming the field, with a short message.
 */
function issuesOf(input: unknown): string[] {
  try {
    validateScenario(input);
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    return e.issues.map((i) => `${i.path}: ${i.message}`);
  }
  return [];
}

const base = (): ScenarioInput => defaultScenario();
const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

describe('absurd magnitudes are rejected with the field named', () => {
  it('"duration": "1e999s" (Infinity) is not a finite duration', () => {
    const s = base();
    s.duration = '1e999s';
    expect(issuesOf(s)).toEqual(['duration: "1e999s" is not a finite duration']);
  });

  it('a duration beyond seven days, a delay beyond an hour and a rate beyond 1 Tbit/s are out of range', () => {
    const s = base();
    s.duration = '200h';
    s.links[0]!.delay = '2h';
    s.links[1]!.rate = '2Tbps';
    s.flows[1]!.start = '1e6s';
    expect(issuesOf(s)).toEqual([
      'duration: "200h" is longer than the maximum 7 days (604800 s)',
      'links[0].delay: "2h" is longer than the maximum 1 h',
      'links[1].rate: "2Tbps" is above the maximum 1 Tbit/s',
      'flows[1].start: "1e6s" is longer than the maximum 7 days (604800 s)',
    ]);
  });

  it('TFRC and CCID-3 "initialRate": "1e999bps" is not a finite bit rate', () => {
    const s = base();
    s.flows[0]!.transport = { type: 'tfrc', params: { initialRate: '1e999bps' } };
    s.flows[1]!.transport = { type: 'dccp-ccid3', params: { initialRate: '1e999bps' } };
    expect(issuesOf(s)).toEqual([
      'flows[0].transport.params.initialRate: "1e999bps" is not a finite bit rate',
      'flows[1].transport.params.initialRate: "1e999bps" is not a finite bit rate',
    ]);
  });

  it('a CBR "rate": 1e12 is more packets per second than a source may send', () => {
    const s = base();
    s.flows[1]!.transport = { type: 'udp' };
    s.flows[1]!.app = { type: 'cbr', params: { rate: 1e12 } };
    // 1e12 bit/s ÷ (8 × 1000 B) = 125 M packets/s, over the 10 M/s limit (80 Gbit/s at 1000 B)
    expect(issuesOf(s)).toEqual([
      'flows[1].app.params.rate: 1 Tbit/s in 1 KB packets is 125,000,000 packets per second; at most 10,000,000 (80 Gbit/s for this packet size)',
    ]);
    s.flows[1]!.app = { type: 'cbr', params: { rate: 8e10 } };
    expect(issuesOf(s)).toEqual([]);
  });

  it('a "1000000000 packets" buffer is above the documented maximum', () => {
    const s = base();
    s.links[0]!.buffer = '1000000000 packets';
    s.links[1]!.buffer = '2GB';
    expect(issuesOf(s)).toEqual([
      'links[0].buffer: "1000000000 packets" is above the maximum 1,000,000 packets',
      'links[1].buffer: "2GB" is above the maximum 1 GB',
    ]);
  });

  it('every numeric registry parameter is bounded, and a value past the bound is named', () => {
    const reg = getRegistry();
    for (const m of [...reg.cc, ...reg.queue, ...reg.transport, ...reg.app])
      for (const p of m.params) {
        const r = paramRange(p);
        if (!r) continue;
        expect(Number.isFinite(r.min) && Number.isFinite(r.max), `${m.id}.${p.key}`).toBe(true);
        if (typeof p.default === 'number') {
          expect(p.default, `${m.id}.${p.key}`).toBeGreaterThanOrEqual(r.min);
          expect(p.default, `${m.id}.${p.key}`).toBeLessThanOrEqual(r.max);
        }
      }
    const s = base();
    s.flows[1]!.transport = { type: 'udp' };
    s.flows[1]!.app = { type: 'onoff', params: { onMean: '2h' } };
    expect(issuesOf(s)).toEqual(['flows[1].app.params.onMean: "2h" is above the maximum 1 h']);
  });

  it('a probe interval of 1 µs is accepted, 1e999 s is not', () => {
    const s = base();
    s.probes = { interval: '1us' };
    expect(issuesOf(s)).toEqual([]);
    s.probes = { interval: '1e999s' };
    expect(issuesOf(s)).toEqual(['probes.interval: "1e999s" is not a finite duration']);
  });
});

describe('depth and size of free-form fields are bounded', () => {
  it('an array nested 6,000 deep in a transport parameter is reported at its field, without a stack overflow', () => {
    const s = base();
    s.flows[0]!.transport.params = { initialWindow: nested(6000) };
    const issues = issuesOf(s);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(
      /^flows\[0\]\.transport\.params\.initialWindow(\[0\])+: is nested more than 32 levels deep in the scenario$/,
    );
  });

  it('a view nested 20,000 (or 3,000) deep, or with a megabyte in it, is refused', () => {
    for (const depth of [20000, 3000]) {
      const s = base();
      s.view = { transform: nested(depth) };
      expect(issuesOf(s)).toEqual(['view: is nested more than 8 levels deep; at most 8']);
    }
    const s = base();
    s.view = { note: 'x'.repeat(1 << 20) };
    expect(issuesOf(s)).toEqual(["view: is larger than 64 KiB as JSON; the lab's view state needs far less"]);
    s.view = { transform: { x: 10, y: -20, k: 1.5 } };
    expect(issuesOf(s)).toEqual([]);
  });

  it('a parameter object of 100,000 keys is one problem, not 100,000', () => {
    const s = base();
    s.flows[0]!.app.params = Object.fromEntries(Array.from({ length: 100000 }, (_, i) => [`k${i}`, i]));
    expect(issuesOf(s)).toEqual(['flows[0].app.params: has 100,000 fields; at most 1,000']);
  });
});

describe('messages are for a person', () => {
  it('a 1 MiB value is echoed in a few dozen characters', () => {
    const s = base() as unknown as Record<string, unknown>;
    const mib = '9'.repeat(1 << 20);
    (s.links as Record<string, unknown>[])[0]!.rate = mib;
    (s.links as Record<string, unknown>[])[1]!.delay = { huge: mib };
    const issues = issuesOf(s);
    expect(issues).toHaveLength(2);
    for (const i of issues) expect(i.length).toBeLessThan(200);
    expect(issues[0]).toMatch(/^links\[1\]\.delay: \{"huge": "9+… is not a number or a string with a unit$/);
    expect(issues[1]).toMatch(/^links\[0\]\.rate: "9+… is not a bit rate \(at most 64 characters\)$/);
  });

  it('reports problems of every part at once: a broken node does not hide a bad link or flow', () => {
    const s = base() as unknown as Record<string, unknown>;
    const nodes = s.nodes as unknown[];
    nodes.push(0);
    (nodes[0] as Record<string, unknown>).kind = 'hub';
    s.seed = 1e10;
    (s.links as Record<string, unknown>[])[0]!.rate = '-5Mbps';
    (s.flows as Record<string, unknown>[])[0]!.to = 'nowhere';
    (s.flows as Record<string, unknown>[])[1]!.color = 'url(//evil.test/leak.png)';
    expect(issuesOf(s)).toEqual([
      'seed: must be ≤ 4294967295',
      'nodes[0].kind: "hub" is not one of host, router, bs',
      `nodes[${nodes.length - 1}]: 0 is not an object`,
      'links[0].rate: "-5Mbps" is not a positive bit rate',
      'flows[0].to: "nowhere" is not a node id',
      'flows[1].color: "url(//evil.test/leak.png)" is not a colour (use #rgb, #rrggbb, #rrggbbaa or a CSS colour name such as "steelblue")',
    ]);
  });

  it('never uses the schema library\'s wording ("Too big", "Invalid option", "a object")', () => {
    const s = base() as unknown as Record<string, unknown>;
    s.version = 3;
    s.probes = { maxPoints: 1e9, interval: [] };
    (s.nodes as unknown[])[0] = 0;
    (s.links as Record<string, unknown>[])[0]!.lossRate = 2;
    (s.flows as Record<string, unknown>[])[0]!.class = 1.5;
    const issues = issuesOf(s);
    expect(issues).toEqual([
      'version: 3 is not one of 1, 2',
      'nodes[0]: 0 is not an object',
      'links[0].lossRate: must be ≤ 1',
      'flows[0].class: 1.5 is not a whole number',
      'probes.interval: [] is not a number or a string with a unit',
      'probes.maxPoints: must be at most 1000000',
      // node r1 was replaced by 0: the links that name it are reported too
      'links[0].a: "r1" is not a node id',
      'links[1].b: "r1" is not a node id',
      'links[3].b: "r1" is not a node id',
    ]);
  });

  it('"__proto__", "constructor" and "prototype" in params are unknown parameters, never dropped', () => {
    const s = parseScenarioTextIssues(
      JSON.stringify(base()).replace('"transport":{"type":"tcp","cc":"newreno"}', () =>
        JSON.stringify({
          type: 'tcp',
          cc: 'newreno',
          params: JSON.parse('{"__proto__": {"initialWindow": 50}, "constructor": 1, "prototype": 2}'),
        }).replace('{"type"', '"transport":{"type"'),
      ),
    );
    expect(s.map((i) => i.replace(/ \(known: .*\)$/, ''))).toEqual([
      'flows[0].transport.params.__proto__: unknown parameter',
      'flows[0].transport.params.constructor: unknown parameter',
      'flows[0].transport.params.prototype: unknown parameter',
    ]);
  });

  it('a colour is #rgb, #rrggbb, #rrggbbaa or a CSS colour name, nothing else', () => {
    for (const ok of ['#0072B2', '#abc', '#0072b2cc', 'SteelBlue', 'rebeccapurple']) {
      const s = base();
      s.flows[0]!.color = ok;
      expect(issuesOf(s), ok).toEqual([]);
    }
    for (const bad of ['url(//evil.test/leak.png)', 'var(--x)', '#12', 'red;background:url(x)', 'expression(1)']) {
      const s = base();
      s.flows[0]!.color = bad;
      expect(issuesOf(s)[0], bad).toMatch(/^flows\[0\]\.color: .* is not a colour/);
    }
  });
});

function parseScenarioTextIssues(text: string): string[] {
  try {
    parseScenarioText(text);
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    return e.issues.map((i) => `${i.path}: ${i.message}`);
  }
  return [];
}
