import { describe, expect, it } from 'vitest';
import type { LineSeries } from './chartData';
import { markerPoints } from './markers';

const line = (id: string, color: string): LineSeries => ({
  key: `cwnd:${id}`,
  label: `${id} cwnd`,
  color,
  x: Float64Array.from({ length: 101 }, (_, i) => i / 10), // 0 … 10 s
  y: Float64Array.from({ length: 101 }, (_, i) => i),
});
const lines = [line('a', 'red'), line('b', 'blue')];

describe('cwnd markers', () => {
  it('puts each marker on its flow’s line, at the nearest sample', () => {
    expect(markerPoints([{ t: 2.04, flow: 1, kind: 'timeout' }], lines, ['a', 'b'])).toEqual([
      { t: 2.04, y: 20, kind: 'timeout', color: 'blue', flow: 'b' },
    ]);
  });

  it('keeps one marker of a flow and kind per pixel column of the window', () => {
    // a 10 s window 100 columns wide: 0.1 s a column. 1,000 timeouts of flow a in 0–1 s fall in
    // 10 columns; a fast retransmit in the same column is another kind and stays.
    const many = Array.from({ length: 1000 }, (_, i) => ({ t: i / 1000, flow: 0, kind: 'timeout' }));
    const pts = markerPoints([...many, { t: 0.05, flow: 0, kind: 'fast-retransmit' }], lines, ['a', 'b'], {
      x0: 0,
      x1: 10,
      columns: 100,
    });
    expect(pts.filter((p) => p.kind === 'timeout')).toHaveLength(10);
    expect(pts.filter((p) => p.kind === 'fast-retransmit')).toHaveLength(1);
    // the same times for flow b are kept apart from flow a's
    const both = markerPoints([...many, ...many.map((m) => ({ ...m, flow: 1 }))], lines, ['a', 'b'], {
      x0: 0,
      x1: 10,
      columns: 100,
    });
    expect(both).toHaveLength(20);
  });

  it('leaves out markers outside the window, of hidden lines, and of flows without a line', () => {
    const ms = [
      { t: 1, flow: 0, kind: 'timeout' },
      { t: 9, flow: 0, kind: 'timeout' },
      { t: 5, flow: 1, kind: 'timeout' },
      { t: 5, flow: 2, kind: 'timeout' },
    ];
    const pts = markerPoints(ms, lines, ['a', 'b', 'c'], { x0: 0, x1: 5, columns: 50, hidden: new Set(['cwnd:b']) });
    expect(pts.map((p) => [p.flow, p.t])).toEqual([['a', 1]]);
  });
});
