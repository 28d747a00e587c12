import { describe, expect, it } from 'vitest';
import { defaultScenario } from '@cclab/engine';
import { autoLayout, needsLayout } from './autoLayout';

describe('automatic layout', () => {
  it('leaves positioned scenarios alone', () => {
    const s = defaultScenario();
    expect(autoLayout(s)).toBe(s);
  });

  it('lays a dumbbell out as sources | routers | sinks', () => {
    const s = defaultScenario();
    const bare = { ...s, nodes: s.nodes.map(({ id, kind }) => ({ id, kind })) };
    expect(needsLayout(bare)).toBe(true);
    const out = autoLayout(bare);
    const x = (id: string) => out.nodes.find((n) => n.id === id)!.x!;
    expect(x('s0')).toBe(x('s1'));
    expect(x('s0')).toBeLessThan(x('r1'));
    expect(x('r1')).toBeLessThan(x('r2'));
    expect(x('r2')).toBeLessThan(x('d0'));
    const ys = out.nodes.filter((n) => n.x === x('s0')).map((n) => n.y);
    expect(new Set(ys).size).toBe(ys.length); // no two nodes on top of each other
  });

  it('places disconnected nodes too', () => {
    const out = autoLayout({
      version: 1,
      duration: '1s',
      nodes: [
        { id: 'a', kind: 'host' },
        { id: 'b', kind: 'host' },
      ],
      links: [],
      flows: [],
    });
    expect(out.nodes.every((n) => Number.isFinite(n.x) && Number.isFinite(n.y))).toBe(true);
    expect(out.nodes[0]!.x).not.toBe(out.nodes[1]!.x);
  });
});
