import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ScenarioInput } from '@cclab/engine';
import { footprint, freeSpot, gridByDistance, NODE_GAP, type Rect } from './placement';
import { NODE_RADIUS } from './geometry';

/** 10 px a character at 17 px, as in the other editor tests: "h0" at 13 px is 15.3 wide. */
const mono = (s: string, px: number) => (s.length * 10 * px) / 17;
const VIEW: Rect = { x0: -500, y0: -300, x1: 500, y1: 300 };
const host = (id: string, x: number, y: number) => ({ id, kind: 'host' as const, x, y });
const net = (nodes: ReturnType<typeof host>[], links: { a: string; b: string }[] = []) =>
  ({ nodes, links, flows: [] }) as unknown as ScenarioInput;
const mine = footprint({ id: 'h9' }, mono);

describe('a node added in the middle of the view', () => {
  it('goes to the middle when it is free', () => {
    expect(freeSpot(net([host('h0', 300, 0)]), { x: 0, y: 0 }, mine, VIEW, mono)).toEqual({ x: 0, y: 0, inView: true });
  });

  it('goes to the nearest spot clear of a node there, glyph and caption', () => {
    // a node takes its glyph, ±21 (radius 18 and outline) each way, and its caption: "h0" at
    // 13 px, 15.3 wide (±9.65 with the outline), baseline 33 below the centre, 0.25 × 13 + 2
    // below that; the new one the same (as one box, x ±21, y −21…38.25) plus a 12 unit gap. From
    // the glyph it is clear at |x| ≥ 54, y ≥ 54 or y ≤ −71.25; from the caption at |x| ≥ 42.65,
    // y ≥ 71.25 or y ≤ −31.6: on the 10-unit grid (±60, 0) at distance 60 before (0, ±80); −60 first
    expect(mine).toEqual({ x0: -21, y0: -21, x1: 21, y1: 38.25 });
    expect(freeSpot(net([host('h0', 0, 0)]), { x: 0, y: 0 }, mine, VIEW, mono)).toEqual({ x: -60, y: 0, inView: true });
  });

  it('never lands on a link or its caption', () => {
    // a link across the middle: 30 units (radius + gap) off it is the nearest clear spot; above
    // it is its caption (14 units up, 11.5 high), so below it
    const s = net([host('a', -400, 0), host('b', 400, 0)], [{ a: 'a', b: 'b' }]);
    expect(freeSpot(s, { x: 0, y: 0 }, mine, VIEW, mono)).toEqual({ x: 0, y: 30, inView: true });
  });

  it('one after the other, two nodes never share a spot', () => {
    let s = net([host('r1', 0, 0)]);
    const spots = [];
    for (const id of ['h1', 'h2', 'h3']) {
      const p = freeSpot(s, { x: 0, y: 0 }, mine, VIEW, mono);
      spots.push(p);
      s = net([...(s.nodes as ReturnType<typeof host>[]), host(id, p.x, p.y)]);
    }
    expect(new Set(spots.map((p) => `${p.x},${p.y}`)).size).toBe(3);
  });

  it('says so when the view has no free spot, and gives the nearest one beyond it', () => {
    const tight: Rect = { x0: -40, y0: -40, x1: 40, y1: 60 };
    expect(freeSpot(net([host('h0', 0, 0)]), { x: 0, y: 0 }, mine, tight, mono)).toEqual({
      x: -60,
      y: 0,
      inView: false,
    });
  });

  it('is clear of every node and link, in view when it says so', () => {
    const nodes = fc.uniqueArray(
      fc.record({ x: fc.integer({ min: -450, max: 450 }), y: fc.integer({ min: -250, max: 250 }) }),
      { minLength: 1, maxLength: 25, selector: (p) => `${p.x},${p.y}` },
    );
    fc.assert(
      fc.property(nodes, fc.nat(30), (pts, linkSeed) => {
        const ns = pts.map((p, i) => host(`n${i}`, p.x, p.y));
        const links = ns.length > 1 ? [{ a: 'n0', b: `n${1 + (linkSeed % (ns.length - 1))}` }] : [];
        const p = freeSpot(net(ns, links), { x: 0, y: 0 }, mine, VIEW, mono);
        // what the editor draws of a node at (x, y): its glyph (radius 18, outline to 21) and its
        // caption (13 px, baseline 33 below the centre, 0.95 × 13 above it, 0.25 × 13 below)
        const drawn = (id: string, x: number, y: number) => {
          const half = (id.length * 10 * 13) / 17 / 2;
          return [
            [x - 21, y - 21, x + 21, y + 21],
            [x - half, y + 33 - 12.35, x + half, y + 33 + 3.25],
          ];
        };
        const apart = (a: number[], b: number[]) =>
          a[2]! <= b[0]! || b[2]! <= a[0]! || a[3]! <= b[1]! || b[3]! <= a[1]!;
        for (const n of ns)
          for (const a of drawn('h9', p.x, p.y))
            for (const b of drawn(n.id, n.x, n.y)) expect(apart(a, b), `clear of ${n.id}`).toBe(true);
        for (const l of links) {
          const a = ns.find((n) => n.id === l.a)!;
          const b = ns.find((n) => n.id === l.b)!;
          // distance from p to the segment, worked out again
          const t = Math.max(
            0,
            Math.min(
              1,
              ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / ((b.x - a.x) ** 2 + (b.y - a.y) ** 2 || 1),
            ),
          );
          expect(Math.hypot(p.x - a.x - t * (b.x - a.x), p.y - a.y - t * (b.y - a.y))).toBeGreaterThanOrEqual(
            NODE_RADIUS + NODE_GAP,
          );
        }
        if (p.inView) {
          expect(p.x + mine.x0).toBeGreaterThanOrEqual(VIEW.x0);
          expect(p.x + mine.x1).toBeLessThanOrEqual(VIEW.x1);
          expect(p.y + mine.y0).toBeGreaterThanOrEqual(VIEW.y0);
          expect(p.y + mine.y1).toBeLessThanOrEqual(VIEW.y1);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('tries grid points nearest first', () => {
    const first = [...gridByDistance(2)].slice(0, 9);
    expect(first).toEqual([
      [0, 0],
      [-1, 0],
      [0, -1],
      [0, 1],
      [1, 0],
      [-1, -1],
      [-1, 1],
      [1, -1],
      [1, 1],
    ]);
    const all = [...gridByDistance(3)];
    const d = all.map(([i, j]) => Math.hypot(i, j));
    expect(d.every((x, k) => k === 0 || x >= d[k - 1]!)).toBe(true);
    expect(new Set(all.map(String)).size).toBe(all.length);
    // every point within distance 3 is there
    expect(all.filter(([i, j]) => Math.hypot(i, j) <= 3).length).toBe(29);
  });
});
