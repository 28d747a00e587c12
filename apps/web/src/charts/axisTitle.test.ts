import { describe, expect, it } from 'vitest';
import { axisTitleCentre, axisTitleLines } from './axisTitle';

/** A monospace measure: 10 px a character. */
const mono = (s: string) => 10 * s.length;

describe('y-axis title', () => {
  it('stays one line when it fits the height', () => {
    expect(axisTitleLines('cwnd (segments)', 150, mono)).toEqual(['cwnd (segments)']);
  });
  it('splits before the unit when it does not', () => {
    expect(axisTitleLines('smoothed RTT (ms)', 120, mono)).toEqual(['smoothed RTT', '(ms)']);
  });
  it('splits a title without a unit at the space nearest its middle', () => {
    expect(axisTitleLines('rate over capacity', 120, mono)).toEqual(['rate over', 'capacity']);
  });
  it('cuts a line that still does not fit with an ellipsis', () => {
    expect(axisTitleLines('throughput (Mb/s)', 60, mono)).toEqual(['throu…', '(Mb/s)']);
  });
  it('centres the title on the plot, inside the canvas', () => {
    // 60 px plot below a 10 px top margin in a 110 px canvas: a 50 px title centres at 30
    expect(axisTitleCentre(60, 110, 10, 50)).toBe(30);
    // a 100 px title centred there would start 40 px above the canvas (30 − 50 < −10): it moves
    // down to start 2 px inside it (−10 + 50 + 2)
    expect(axisTitleCentre(60, 110, 10, 100)).toBe(42);
  });
});
