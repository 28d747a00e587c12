import { describe, expect, it } from 'vitest';
import { SeriesStore } from '../state/SeriesStore';
import type { Frame, RunMeta } from '../worker/protocol';

const FLOW_NAMES = ['t', 'cwnd', 'ssthresh', 'srttMs', 'throughputBps', 'goodputBps', 'rateBps'];
const FLOW_COLS = FLOW_NAMES.length;
const PORT_NAMES = ['t', 'queuePackets'];
const PORT_COLS = PORT_NAMES.length;
const port = { queue: 'droptail', child: null, gauge: true };
import { bottleneckBps, lastMaxRatio, phaseCsv, phaseData, trailingMean } from './phasePlot';

const meta: RunMeta = {
  durationNs: 10e9,
  intervalNs: 0.1e9,
  flowIds: ['a', 'b'],
  nodeIds: ['h1', 'r1', 'h2'],
  ports: [
    {
      name: 'h1->r1',
      from: 0,
      to: 1,
      rateBps: 100e6,
      delayNs: 1e6,
      limitPackets: 100,
      limitBytes: Infinity,
      probe: -1,
      ...port,
    },
    {
      name: 'r1->h2',
      from: 1,
      to: 2,
      rateBps: 10e6,
      delayNs: 1e6,
      limitPackets: 100,
      limitBytes: Infinity,
      probe: 0,
      ...port,
    },
  ],
  probedPorts: ['r1->h2'],
  flowColumns: FLOW_NAMES,
  portColumns: [PORT_NAMES],
  eventKinds: [],
  dropReasons: [],
  maxPoints: 1000,
  baseStations: [],
};

/** Samples at 0.1 s: flow a at `ra` bit/s, flow b at `rb`. */
function store(ra: number[], rb: number[]): SeriesStore {
  const s = new SeriesStore();
  s.reset(meta);
  const n = ra.length;
  const flowSamples = new Float64Array(n * 2 * FLOW_COLS);
  for (let i = 0; i < n; i++) {
    flowSamples.set([0.1 * (i + 1), 1, 1, 1, ra[i]!, ra[i]!, NaN], 2 * i * FLOW_COLS);
    flowSamples.set([0.1 * (i + 1), 1, 1, 1, rb[i]!, rb[i]!, NaN], (2 * i + 1) * FLOW_COLS);
  }
  s.append({
    samples: n,
    flowSamples,
    portSamples: new Float64Array(n * PORT_COLS),
    ueSamples: new Float64Array(0),
    events: new Float64Array(0),
    bsSlots: new Float64Array(0),
  } as unknown as Frame);
  return s;
}

describe('Chiu–Jain phase plot data', () => {
  it('divides by the slowest probed port (the bottleneck)', () => {
    expect(bottleneckBps(meta)).toBe(10e6);
    expect(bottleneckBps(null)).toBe(0);
  });

  it('with flow paths, divides by the slowest port both flows cross, not a slower one only one crosses', () => {
    // h1 -> r1 is flow a's own 5 Mb/s access link (probed); r1 -> h2 (10 Mb/s) carries both flows
    const ports = [
      { ...meta.ports[0]!, rateBps: 5e6, probe: 1 },
      { ...meta.ports[1]!, rateBps: 10e6, probe: 0 },
    ];
    const m: RunMeta = { ...meta, ports, flowPorts: [[0, 1], [1]] };
    expect(bottleneckBps(m, 0, 1)).toBe(10e6);
    // paths that share nothing: the slowest probed port, as without paths
    expect(bottleneckBps({ ...m, flowPorts: [[0], [1]] }, 0, 1)).toBe(5e6);
    expect(bottleneckBps(m)).toBe(5e6);
  });

  it('a trailing mean over the window skips gaps', () => {
    expect([...trailingMean(Float64Array.from([2, 4, NaN, 8]), 2)]).toEqual([2, 3, 4, 8]);
  });

  it('(x1, x2) are the flows’ rates over the capacity, averaged over 0.5 s (5 samples)', () => {
    const d = phaseData(store([2e6, 2e6, 2e6, 2e6, 2e6, 7e6], [6e6, 6e6, 6e6, 6e6, 6e6, 1e6]), 0, 1)!;
    expect(d.x1[0]).toBeCloseTo(0.2, 12);
    expect(d.x2[0]).toBeCloseTo(0.6, 12);
    // the sixth sample: mean of the last five
    expect(d.x1[5]).toBeCloseTo((4 * 2 + 7) / 5 / 10, 12);
    expect(d.x2[5]).toBeCloseTo((4 * 6 + 1) / 5 / 10, 12);
    expect(lastMaxRatio(d)).toBeCloseTo(2.5 / 1.5, 12);
    expect(phaseCsv(d, ['a', 'b']).split('\n')[0]).toBe(
      't (s),a x1 (fraction of capacity),b x2 (fraction of capacity)',
    );
  });
});
