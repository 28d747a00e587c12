import { describe, expect, it } from 'vitest';
import { MAX_CHARTED_FLOWS, defaultChartedFlows, showingText } from './chartedFlows';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`);

describe('flows a flow chart draws by default', () => {
  it('draws every flow up to 16 (null: no picker, no note)', () => {
    expect(MAX_CHARTED_FLOWS).toBe(16);
    expect(defaultChartedFlows('cwnd', ids(16), undefined)).toBeNull();
    expect(defaultChartedFlows('throughput', ids(3), undefined)).toBeNull();
  });

  it('draws the first 16 of more, in flow order', () => {
    expect(defaultChartedFlows('cwnd', ids(1000), undefined)).toEqual(ids(16));
    expect(defaultChartedFlows('throughput', ids(17), undefined)).toEqual(ids(16));
  });

  it('counts only the flows that have a line in that chart', () => {
    // 20 flows, every even one UDP (no window, no RTT): 10 can be drawn in cwnd and RTT charts
    const traits = ids(20).map((_, i) => ({ window: i % 2 === 1, rtt: i % 2 === 1 }));
    expect(defaultChartedFlows('cwnd', ids(20), traits)).toBeNull();
    expect(defaultChartedFlows('rtt', ids(20), traits)).toBeNull();
    // throughput draws every flow: 20 > 16
    expect(defaultChartedFlows('throughput', ids(20), traits)).toEqual(ids(16));
    const many = ids(40).map((_, i) => ({ window: i % 2 === 1, rtt: true }));
    expect(defaultChartedFlows('cwnd', ids(40), many)).toEqual(
      ids(40)
        .filter((_, i) => i % 2 === 1)
        .slice(0, 16),
    );
  });

  it('says how many it shows', () => {
    expect(showingText(16, 1000)).toBe('Showing 16 of 1,000 flows');
  });
});
