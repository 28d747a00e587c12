import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../presets/presets.js';
import { parseScenarioText, ScenarioError, validateScenario } from './validate.js';
import type { ScenarioInput } from './types.js';

function issuesOf(input: unknown): string[] {
  try {
    validateScenario(input);
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    return (e as ScenarioError).issues.map((i) => `${i.path}: ${i.message}`);
  }
  return [];
}

const base = (): ScenarioInput => defaultScenario();

describe('scenario validation', () => {
  it('accepts the default scenario and resolves units', () => {
    const r = validateScenario(base());
    expect(r.durationNs).toBe(60e9);
    const bottleneck = r.links.find((l) => l.id === 'r1-r2')!;
    expect(bottleneck.rateBps).toBe(10e6);
    expect(bottleneck.delayNs).toBe(20e6);
    expect(bottleneck.dirs[0].queue.limit).toEqual({ packets: 50 });
    expect(r.flows[1]!.startNs).toBe(1e9);
    expect(r.flows[0]!.transportParams.initialWindow).toBe(2);
  });

  it('names the field and the problem for a bad rate', () => {
    const s = base();
    s.links[2]!.rate = '-5Mbps';
    expect(issuesOf(s)).toEqual(['links[2].rate: "-5Mbps" is not a positive bit rate']);
  });

  it('reports every problem at once, each with its path', () => {
    const s = base();
    s.links[0]!.delay = 'soon';
    s.flows[0]!.to = 'nowhere';
    s.flows[1]!.transport.cc = 'warp-drive';
    s.duration = '0s';
    const issues = issuesOf(s);
    expect(issues).toContain('duration: "0s" must be longer than zero');
    expect(issues).toContain('links[0].delay: "soon" is not a duration');
    expect(issues).toContain('flows[0].to: "nowhere" is not a node id');
    expect(issues.some((i) => i.startsWith('flows[1].transport.cc: unknown congestion control "warp-drive"'))).toBe(
      true,
    );
  });

  it('rejects unknown fields and parameters instead of ignoring typos', () => {
    const s = base() as unknown as Record<string, unknown>;
    s.durration = '10s';
    expect(issuesOf(s)).toEqual(['(scenario): unknown field "durration"']);
    const t = base();
    t.flows[0]!.transport.params = { initalWindow: 4 };
    expect(issuesOf(t)[0]).toMatch(/^flows\[0\]\.transport\.params\.initalWindow: unknown parameter/);
  });

  it('checks parameter ranges from the registry', () => {
    const s = base();
    s.flows[0]!.transport.params = { initialWindow: 0 };
    expect(issuesOf(s)).toEqual(['flows[0].transport.params.initialWindow: 0 is below the minimum 1 segments']);
  });

  it('accepts list parameters as arrays or separated strings, and names a bad entry', () => {
    const s = base();
    s.flows[1]!.transport = { type: 'udp' };
    s.flows[1]!.app = { type: 'vbr', params: { trace: '1200, 340 560' } };
    expect(validateScenario(s).flows[1]!.appParams.trace).toEqual([1200, 340, 560]);
    s.flows[1]!.app = { type: 'vbr', params: { trace: [1200, -3] } };
    expect(issuesOf(s)).toEqual(['flows[1].app.params.trace: entry 2 (-3) is not a non-negative number']);
  });

  it('lets an unlimited bulk source drive a backlogged transport, but a finite transfer only a reliable one', () => {
    const s = base();
    s.flows[1]!.transport = { type: 'tfrc' };
    expect(() => validateScenario(s)).not.toThrow();
    s.flows[1]!.app = { type: 'bulk', params: { bytes: 1e6 } };
    expect(issuesOf(s)[0]).toMatch(/^flows\[1\]\.app\.params\.bytes: a finite transfer needs a reliable transport/);
    s.flows[1]!.transport = { type: 'udp' };
    s.flows[1]!.app = { type: 'bulk' };
    expect(issuesOf(s)[0]).toMatch(/^flows\[1\]\.app\.type: bulk cannot drive udp/);
  });

  it('checks explicit paths follow links', () => {
    const s = base();
    s.flows[0]!.path = ['s0', 'r2', 'd0'];
    expect(issuesOf(s)).toEqual(['flows[0].path[1]: no link between s0 and r2']);
  });

  it('reports a link end that is an object without a prototype, rather than throwing on it', () => {
    const s = base() as unknown as { links: Record<string, unknown>[] };
    s.links[0]!['b'] = Object.create(null);
    const issues = issuesOf(s);
    expect(issues.some((i) => i.startsWith('links[0].b'))).toBe(true);
    expect(issues.some((i) => i.startsWith('links[0].id'))).toBe(false);
  });

  it('turns JSON syntax errors into a ScenarioError', () => {
    expect(() => parseScenarioText('{"version": 1,')).toThrow(ScenarioError);
    try {
      parseScenarioText('{oops');
    } catch (e) {
      expect((e as ScenarioError).issues[0]!.path).toBe('(file)');
    }
  });

  it('never throws anything but ScenarioError on arbitrary JSON (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        try {
          validateScenario(v);
        } catch (e) {
          expect(e).toBeInstanceOf(ScenarioError);
          expect((e as ScenarioError).issues.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never throws anything but ScenarioError when fields of a valid scenario are replaced (property)', () => {
    const paths: [string, (s: ScenarioInput, v: unknown) => void][] = [
      ['duration', (s, v) => ((s as unknown as Record<string, unknown>).duration = v)],
      ['links[0].rate', (s, v) => ((s.links[0] as unknown as Record<string, unknown>).rate = v)],
      ['links[1].buffer', (s, v) => ((s.links[1] as unknown as Record<string, unknown>).buffer = v)],
      ['flows[0].start', (s, v) => ((s.flows[0] as unknown as Record<string, unknown>).start = v)],
      [
        'flows[0].transport.params',
        (s, v) => ((s.flows[0]!.transport as unknown as Record<string, unknown>).params = v),
      ],
      ['nodes[0].kind', (s, v) => ((s.nodes[0] as unknown as Record<string, unknown>).kind = v)],
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: paths.length - 1 }), fc.jsonValue(), (i, v) => {
        const s = base();
        paths[i]![1](s, v);
        try {
          validateScenario(s);
        } catch (e) {
          expect(e).toBeInstanceOf(ScenarioError);
          // the problem is reported at (or under) the replaced field
          const issues = (e as ScenarioError).issues;
          expect(issues.some((x) => x.path.startsWith(paths[i]![0].split('.')[0]!))).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('accepts any positive rate, delay and buffer written with units (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 1e4, noNaN: true }),
        fc.double({ min: 0, max: 1e3, noNaN: true }),
        fc.integer({ min: 1, max: 1e5 }),
        (mbps, ms, pkts) => {
          const s = base();
          s.links[0]!.rate = `${mbps}Mbps`;
          s.links[0]!.delay = `${ms}ms`;
          s.links[0]!.buffer = `${pkts} packets`;
          const r = validateScenario(s);
          expect(r.links[0]!.rateBps).toBeCloseTo(mbps * 1e6, 0);
          expect(r.links[0]!.delayNs).toBe(Math.round(ms * 1e6));
        },
      ),
      { numRuns: 200 },
    );
  });
});
