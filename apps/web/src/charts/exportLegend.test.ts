// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { LineSeries } from './chartData';
import type { DrawInput } from './drawChart';
import { chartExportSvg, legendLayout, legendText } from './exportLegend';

function flowLines(n: number): LineSeries[] {
  return Array.from({ length: n }, (_, i) => ({
    key: `cwnd:f${i}`,
    label: `f${i} cwnd`,
    color: `#${(i * 9).toString(16).padStart(2, '0')}0000`,
    x: Float64Array.from([0, 1]),
    y: Float64Array.from([1, 2 + i]),
    unit: 'segments',
  }));
}

function input(lines: LineSeries[], hidden: string[] = []): DrawInput {
  return {
    width: 600,
    height: 200,
    lines,
    hidden: new Set(hidden),
    xDomain: [0, 1],
    yLabel: 'cwnd (segments)',
    markers: [],
    cursor: null,
  };
}

describe('exported chart legend', () => {
  it('lays 16 entries out in equal columns within the width, row by row, none overlapping', () => {
    const texts = flowLines(16).map(legendText);
    // "f10 cwnd (segments)" is 19 characters: 19·11·0.6 → 126 px of text + 18 swatch + 6 + 14 gap = 164
    // px a column; (600 − 2·10) / 164 → 3 columns, so 16 entries take 6 rows of ⌈11·1.6⌉ = 18 px.
    const l = legendLayout(texts, 600, 11);
    expect(l.columns).toBe(3);
    expect(l.items).toHaveLength(16);
    expect(l.items[3]).toEqual({ x: 10, y: 18 });
    expect(l.items[15]).toEqual({ x: 10, y: 5 * 18 });
    expect(l.height).toBe(6 * 18 + 10);
    for (const it of l.items) expect(it.x + 164).toBeLessThanOrEqual(600);
    const seen = new Set(l.items.map((p) => `${p.x},${p.y}`));
    expect(seen.size).toBe(16);
  });

  it('puts the title and one labelled, coloured entry per shown series (with its unit) in the SVG', () => {
    const lines = flowLines(16);
    const svg = chartExportSvg(input(lines, ['cwnd:f3']), 'Congestion window');
    expect(svg.querySelector('[data-export="title"]')?.textContent).toBe('Congestion window');
    const labels = [...svg.querySelectorAll('[data-export="legend"] text')].map((t) => t.textContent);
    expect(labels).toHaveLength(15);
    expect(labels).toContain('f15 cwnd (segments)');
    expect(labels).not.toContain('f3 cwnd (segments)');
    const swatches = [...svg.querySelectorAll('[data-export="legend"] line')].map((s) => s.getAttribute('stroke'));
    expect(new Set(swatches).size).toBe(15);
    // the file is taller than the plot by the title and the legend, so nothing is clipped
    expect(Number(svg.getAttribute('height'))).toBeGreaterThan(200 + legendLayout(labels as string[], 600, 11).height);
  });
});
