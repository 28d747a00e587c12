import { describe, expect, it } from 'vitest';
import { getRegistry } from './index.js';
import { resolveParams, type ParamIssue } from '../model/params.js';

describe('registry', () => {
  const reg = getRegistry();
  const all = [...reg.cc, ...reg.queue, ...reg.transport, ...reg.app, ...reg.channel, reg.bs, ...reg.bsScheduler];

  it('describes every model with a name, a one-line description and a citation', () => {
    for (const m of all) {
      expect(m.name.length, m.id).toBeGreaterThan(1);
      expect(m.description.length, m.id).toBeGreaterThan(10);
      expect(m.citation.length, m.id).toBeGreaterThan(3);
    }
    expect(new Set(reg.cc.map((m) => m.id)).size).toBe(reg.cc.length);
  });

  it("every parameter's default lies within its range and resolves cleanly", () => {
    for (const m of all) {
      for (const p of m.params) {
        if (typeof p.default === 'number') {
          if (p.min !== undefined) expect(p.default, `${m.id}.${p.key}`).toBeGreaterThanOrEqual(p.min);
          if (p.max !== undefined) expect(p.default, `${m.id}.${p.key}`).toBeLessThanOrEqual(p.max);
        }
        if (p.kind === 'enum') expect(p.options, `${m.id}.${p.key}`).toContain(p.default);
      }
      const issues: ParamIssue[] = [];
      resolveParams(m.params, {}, m.id, issues);
      expect(issues).toEqual([]);
    }
  });

  it('says which transports take a congestion control and which are reliable', () => {
    const t = Object.fromEntries(reg.transport.map((x) => [x.id, x.transport]));
    expect(t.tcp).toEqual({ usesCc: true, reliable: true, backlogged: true, window: true, measuresRtt: true });
    expect(t.udp).toEqual({ usesCc: false, reliable: false, backlogged: false, window: false, measuresRtt: false });
    // rate-based senders measure an RTT but keep no window (RFC 5348 §4); CCID 2 is TCP-like (RFC 4341)
    expect(t.tfrc?.window).toBe(false);
    expect(t.tfrc?.measuresRtt).toBe(true);
    expect(t['dccp-ccid3']?.window).toBe(false);
    expect(t['dccp-ccid2']?.window).toBe(true);
  });

  it('presets only name known parameters', () => {
    for (const m of all) {
      for (const [name, values] of Object.entries(m.presets ?? {})) {
        for (const key of Object.keys(values))
          expect(
            m.params.map((p) => p.key),
            `${m.id} preset ${name}`,
          ).toContain(key);
      }
    }
  });
});
