import { describe, expect, it } from 'vitest';
import { bufferbloatDemo, incastDemo } from './queueDemos.js';
import { between, runWindows } from './measure.js';
import { applyDemoChange, demoEditEvent } from './types.js';

/** Bounds worked out by hand from each demo's design (docs/lab.md "Demos"), then held to the run. */
const find = (claims: ReturnType<typeof incastDemo.verify>, part: string) => {
  const c = claims.find((x) => x.statement.includes(part));
  if (!c) throw new Error(`no claim mentions "${part}"`);
  return c;
};

describe('demo: bufferbloat, FIFO vs CoDel', () => {
  const claims = bufferbloatDemo.verify();
  it('the voice call waits k = 3 times longer behind the FIFO than behind CoDel', () => {
    // a full FIFO adds 250 × 8000 b / 10 Mb/s = 200 ms; at least half of it on average, on top of
    // the 5 + 10 + 5 = 20 ms path: 120 ms. CoDel: the path plus four 5 ms targets: 40 ms.
    const fifo = find(claims, 'behind the FIFO');
    const codel = find(claims, 'behind CoDel');
    expect(fifo.bound).toBeCloseTo(120, 9);
    expect(codel.bound).toBeCloseTo(40, 9);
    expect(fifo.measured).toBeGreaterThanOrEqual(120);
    expect(codel.measured).toBeLessThanOrEqual(40);
    const k = find(claims, 'FIFO delay over CoDel');
    expect(k.bound).toBeCloseTo(3, 9);
    expect(k.holds).toBe(true);
  });
  it('CoDel keeps its link busy', () => {
    expect(find(claims, 'busy').holds).toBe(true);
  });
  it('the live change to FQ-CoDel brings the voice call down to the path delay', () => {
    // made at 10 s as the lab records it; over 12–20 s the voice flow is a sparse flow of FQ-CoDel,
    // served next whenever it has a packet (RFC 8290 §4.1, new flows first). Its one-way delay is
    // then the 20 ms path, its own 200 bytes' transmission (2 × 0.016 ms at 100 Mb/s + 0.16 ms at
    // 10 Mb/s) and at most the 1000-byte packet already being sent on the bottleneck (0.8 ms) and
    // on the access link (0.08 ms): 21.07 ms. Plain CoDel adds its standing queue (≈ 5 ms target).
    const change = bufferbloatDemo.note.changes.find((c) => c.label.includes('FQ-CoDel'))!;
    const s = bufferbloatDemo.scenario();
    s.version = 2;
    s.events = change.edits.map((e) => demoEditEvent(e, '10s'));
    const { snaps } = runWindows(s, ['a2->b2'], [12]);
    const w = between(snaps[0]!, snaps[1]!);
    const voice = s.flows.findIndex((f) => f.id === 'codel-voice');
    expect(w.meanDelayMs[voice]).toBeLessThan(20 + 0.032 + 0.16 + 0.8 + 0.08);
    expect(w.meanDelayMs[voice]).toBeGreaterThanOrEqual(20);
  });
});

describe('demo: incast', () => {
  it('times out, and the 1 MB answer takes at least the 200 ms minimum RTO', () => {
    // a flow that times out cannot finish before minRTO = 200 ms: goodput ≤ 8 Mb / 0.2 s = 40 Mb/s
    // (the connections are persistent: no handshake, RTO at its 200 ms floor from the start)
    const claims = incastDemo.verify();
    expect(find(claims, 'timeouts').measured).toBeGreaterThan(0);
    const gp = find(claims, 'goodput');
    expect(gp.bound).toBeCloseTo(40, 9);
    expect(gp.measured).toBeLessThanOrEqual(40);
    expect(find(claims, 'minimum RTO').holds).toBe(true);
  });
  it('does not collapse once the buffer holds the answer’s first windows (the demo’s live change)', () => {
    // the claims hold because of the shallow buffer: with the note's 32 packets (13 BDPs) the
    // same query loses no window tail, so neither the timeouts nor the goodput bound hold
    const s = applyDemoChange(incastDemo.scenario(), incastDemo.note.changes[0]!);
    expect(s.links.find((l) => l.a === 'switch' && l.b === 'client')!.buffer).toBe('32 packets');
    const claims = incastDemo.verify(s);
    expect(find(claims, 'timeouts').holds).toBe(false);
    expect(find(claims, 'goodput').holds).toBe(false);
  });
});
