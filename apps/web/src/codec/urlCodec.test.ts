import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultScenario, presets } from '@cclab/engine';
// @ts-expect-error -- a plain-JS e2e fixture, shared with the browser tests
import { linkBomb } from '../../../../e2e/fixtures/linkBomb.mjs';
import {
  decodeScenario,
  encodeScenario,
  linkParam,
  MAX_LINK_CHARS,
  MAX_SCENARIO_CHARS,
  scenarioParam,
  shareUrl,
} from './urlCodec';

const bombOf = linkBomb as (chars: number) => { link: string; decodedChars: number };

const nodeId = fc.stringMatching(/^[a-z][a-z0-9_-]{0,7}$/);
const quantity = fc.oneof(
  fc.constantFrom('10Mbps', '1.5Gbps', '20ms', '50 packets', '64KB'),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const scenarioArb = fc.record({
  version: fc.constant(1),
  name: fc.string(),
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
  duration: fc.constantFrom('10s', '60s', 30),
  nodes: fc.array(
    fc.record({
      id: nodeId,
      kind: fc.constantFrom('host' as const, 'router' as const),
      x: fc.integer({ min: -5000, max: 5000 }),
      y: fc.integer({ min: -5000, max: 5000 }),
    }),
    { maxLength: 30 },
  ),
  links: fc.array(fc.record({ a: nodeId, b: nodeId, rate: quantity, delay: quantity, buffer: quantity }), {
    maxLength: 30,
  }),
  flows: fc.array(
    fc.record({
      id: nodeId,
      from: nodeId,
      to: nodeId,
      transport: fc.record({ type: fc.constant('tcp'), cc: fc.constantFrom('newreno', 'reno', 'cubic') }),
      app: fc.record({ type: fc.constant('bulk') }),
      color: fc.option(fc.constantFrom('#0072B2', '#E69F00'), { nil: undefined }),
    }),
    { maxLength: 20 },
  ),
  view: fc.record({
    transform: fc.record({
      x: fc.double({ noNaN: true, noDefaultInfinity: true }),
      y: fc.integer(),
      k: fc.double({ min: 0.2, max: 5, noNaN: true }),
    }),
  }),
});

describe('the scenario link', () => {
  it('round-trips every preset exactly', () => {
    for (const p of presets) {
      const s = p.scenario();
      const d = decodeScenario(encodeScenario(s));
      expect(d).toEqual({ ok: true, value: s });
    }
  });

  it('round-trips arbitrary scenarios, names in any script and view state included (property)', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const clean = JSON.parse(JSON.stringify(s)) as unknown;
        const d = decodeScenario(encodeScenario(clean as never));
        expect(d).toEqual({ ok: true, value: clean });
      }),
      { numRuns: 300 },
    );
  });

  it('survives being placed in a URL fragment and read back by the browser', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const url = new URL(shareUrl('https://lab.example/cclab/?x=1#old', s as never));
        expect(url.search).toBe('?x=1');
        const param = scenarioParam(url.hash);
        expect(param).not.toBeNull();
        expect(decodeScenario(param!)).toEqual({ ok: true, value: JSON.parse(JSON.stringify(s)) });
      }),
      { numRuns: 100 },
    );
  });

  it('never throws on garbage and explains what is wrong', () => {
    fc.assert(
      fc.property(fc.string(), (junk) => {
        const d = decodeScenario(junk);
        if (!d.ok) expect(d.error).toMatch(/link/);
      }),
      { numRuns: 500 },
    );
    expect(decodeScenario('')).toEqual({ ok: false, error: 'the link holds no scenario data' });
    const truncated = encodeScenario(defaultScenario()).slice(0, 40);
    const d = decodeScenario(truncated);
    expect(d.ok).toBe(false);
  });

  it('finds the scenario parameter only under its own name', () => {
    expect(scenarioParam('#s=abc+def')).toBe('abc+def');
    expect(scenarioParam('#pos=1&s=xyz')).toBe('xyz');
    expect(scenarioParam('#pos=1')).toBeNull();
    expect(scenarioParam('')).toBeNull();
  });

  it('refuses a link longer than the limit without decoding it', () => {
    // 2.2 M characters: longer than a browser accepts in an address
    const d = decodeScenario('A'.repeat(2_200_000));
    expect(d).toEqual({
      ok: false,
      error: `the link holds 2,200,000 characters of scenario data; links are limited to 100,000 (share a large scenario as a file)`,
    });
    expect(MAX_LINK_CHARS).toBe(100_000);
  });

  it('refuses a short link that expands beyond the decoded limit', () => {
    // 10 M characters in an 8.3 k-character link (written as LZW codes directly)
    const { link: huge, decodedChars } = bombOf(10_000_000);
    expect(decodedChars).toBeGreaterThan(MAX_SCENARIO_CHARS);
    expect(huge.length).toBeLessThan(10_000);
    const d = decodeScenario(huge);
    expect(d.ok).toBe(false);
    if (!d.ok) expect(d.error).toMatch(/expands to more than 2,000,000 characters/);
  });

  it('makes no link for a scenario beyond either limit, and says which', () => {
    const long = { ...defaultScenario(), description: 'x'.repeat(MAX_SCENARIO_CHARS) };
    expect(linkParam(long)).toEqual({
      ok: false,
      error: expect.stringMatching(/^the scenario is 2,00\d,\d{3} characters of JSON; a link holds at most 2,000,000$/),
    });
    // incompressible text: a short scenario whose link is still too long
    let seed = 1;
    const noise = Array.from({ length: 160_000 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return String.fromCharCode(0x4e00 + (seed % 20000));
    }).join('');
    const r = linkParam({ ...defaultScenario(), description: noise });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^its link would be [\d,]+ characters long; links are limited to 100,000$/);
    const ok = linkParam(defaultScenario());
    expect(ok.ok && decodeScenario(ok.param)).toEqual({ ok: true, value: defaultScenario() });
  });

  it('opens a link whose alphabet a mail program percent-encoded', () => {
    const s = { ...defaultScenario(), name: 'a+b$c' };
    const param = encodeScenario(s);
    const mangled = param.replace(/\+/g, '%2B').replace(/\$/g, '%24');
    expect(decodeScenario(mangled)).toEqual({ ok: true, value: s });
  });
});
