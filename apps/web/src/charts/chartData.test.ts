import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SeriesStore } from '../state/SeriesStore';
import type { Frame, RunMeta } from '../worker/protocol';
import { chartLines, decimate, hideAbove, nearestIndex, toCsv, yExtent, type LineSeries } from './chartData';
import { markerPoints } from './markers';

// Flow rows carry fewer, reordered columns than the engine's: the store must go by the names.
const FLOW_NAMES = ['t', 'cwnd', 'ssthresh', 'srttMs', 'throughputBps', 'goodputBps', 'rateBps'];
const PORT_NAMES = ['t', 'queuePackets', 'queueBytes', 'utilization', 'drops'];
const meta: RunMeta = {
  durationNs: 10e9,
  intervalNs: 1e8,
  flowIds: ['a', 'b'],
  nodeIds: [],
  ports: [],
  probedPorts: ['r1->r2'],
  flowColumns: FLOW_NAMES,
  portColumns: [PORT_NAMES],
  eventKinds: ['fast-retransmit', 'timeout'],
  dropReasons: [],
  maxPoints: 100_000,
  baseStations: [],
};

function frame(rows: number[][], portRows: number[][], events: number[] = []): Frame {
  const e = new Float64Array(0);
  return {
    v: 1,
    type: 'frame',
    runId: 1,
    nowNs: 0,
    status: 'playing',
    progress: 0,
    samples: portRows.length,
    flowSamples: Float64Array.from(rows.flat()),
    portSamples: Float64Array.from(portRows.flat()),
    ueSamples: e,
    events: Float64Array.from(events),
    drops: e,
    flight: e,
    queues: e,
    queueBytes: e,
    backlog: new Uint32Array(0),
    util: e,
    portDrops: e,
    reasonCounts: e,
    bsServed: e,
    bsSlots: e,
  };
}

function row(t: number, cwnd: number, ssthresh: number, srtt: number, thr: number): number[] {
  const r = [t, cwnd, ssthresh, srtt, thr, thr, NaN];
  expect(r).toHaveLength(FLOW_NAMES.length);
  return r;
}

describe('series store and chart lines', () => {
  it('splits interleaved frame rows into per-flow and per-port columns', () => {
    const st = new SeriesStore();
    st.reset(meta);
    st.append(
      frame(
        [row(0, 1, 1e9, 0, 0), row(0, 2, 1e9, 0, 0), row(0.1, 3, 1e9, 60, 8e6), row(0.1, 4, 20, 61, 4e6)],
        [
          [0, 0, 0, 0, 0],
          [0.1, 7, 7000, 0.9, 0],
        ],
        [0.1, 1, 0],
      ),
    );
    expect([...st.flows[0]!.column('cwnd')]).toEqual([1, 3]);
    expect([...st.flows[1]!.column('cwnd')]).toEqual([2, 4]);
    expect([...st.ports[0]!.column('queuePackets')]).toEqual([0, 7]);
    expect(st.ports[0]!.width).toBe(PORT_NAMES.length);
    expect(st.markers).toEqual([{ t: 0.1, flow: 1, kind: 'fast-retransmit' }]);
  });

  it('names every flow event by the run’s table, one it did not list included, never as another kind', () => {
    const st = new SeriesStore();
    st.reset(meta);
    st.append(frame([], [], [1, 0, 1, 2, 1, 5]));
    // code 5 is beyond the table: shown by its code, not as "fast-retransmit"
    expect(st.markers.map((m) => m.kind)).toEqual(['timeout', 'event 5']);
    const grown = frame([], [], [3, 1, 2]);
    grown.eventKinds = ['fast-retransmit', 'timeout', 'slow-start-exit'];
    st.append(grown);
    expect(st.markers.at(-1)).toEqual({ t: 3, flow: 1, kind: 'slow-start-exit' });
  });

  it('grows past its initial capacity without losing rows', () => {
    const st = new SeriesStore();
    st.reset(meta);
    for (let i = 0; i < 1000; i++) st.append(frame([row(i, i, 1, 1, 1), row(i, -i, 1, 1, 1)], [[i, i % 7, 0, 0, 0]]));
    expect(st.flows[0]!.length).toBe(1000);
    expect(st.flows[1]!.column('cwnd')[999]).toBe(-999);
  });

  it('builds cwnd, ssthresh, throughput (Mb/s), RTT and queue lines', () => {
    const st = new SeriesStore();
    st.reset(meta);
    st.append(
      frame(
        [row(0, 10, 1e9, 0, 0), row(0, 10, 1e9, 0, 0), row(1, 20, 10, 50, 8e6), row(1, 5, 4, 40, 2e6)],
        [
          [0, 1, 0, 0, 0],
          [1, 2, 0, 0, 0],
        ],
      ),
    );
    const cw = chartLines('cwnd', st, [{ id: 'b', color: '#123456' }], null);
    expect(cw.map((l) => l.key)).toEqual(['cwnd:a', 'ssthresh:a', 'cwnd:b', 'ssthresh:b']);
    expect(cw[3]!.color).toBe('#123456');
    expect(Number.isNaN(cw[1]!.y[0]!)).toBe(true); // the initial "infinite" ssthresh is a gap
    expect(cw[1]!.y[1]).toBe(10);
    const thr = chartLines('throughput', st, [], null);
    expect([...thr[0]!.y]).toEqual([0, 8]);
    const rtt = chartLines('rtt', st, [], null);
    expect(Number.isNaN(rtt[0]!.y[0]!)).toBe(true);
    expect(chartLines('queue', st, [], ['other'])).toEqual([]);
    expect([...chartLines('queue', st, [], null)[0]!.y]).toEqual([1, 2]);
  });

  it('names each port’s discipline in the queue lines when the ports’ disciplines differ', () => {
    const port = (name: string, queue: string) => ({
      name,
      from: 0,
      to: 1,
      rateBps: 1,
      delayNs: 0,
      limitPackets: 10,
      limitBytes: Infinity,
      probe: 0,
      queue,
      child: null,
      gauge: true,
    });
    const two = { ...meta, probedPorts: ['a1->b1', 'a2->b2'], portColumns: [PORT_NAMES, PORT_NAMES] };
    const st = new SeriesStore();
    st.reset({ ...two, ports: [port('a1->b1', 'droptail'), port('a2->b2', 'codel')] });
    expect(chartLines('queue', st, [], null).map((l) => l.label)).toEqual(['a1->b1 (droptail)', 'a2->b2 (codel)']);
    st.reset({ ...two, ports: [port('a1->b1', 'codel'), port('a2->b2', 'codel')] });
    expect(chartLines('queue', st, [], null).map((l) => l.label)).toEqual(['a1->b1', 'a2->b2']);
  });

  it('puts congestion markers on their flow’s cwnd line', () => {
    const lines: LineSeries[] = [
      { key: 'cwnd:a', label: 'a', color: '#f00', x: Float64Array.from([0, 1, 2]), y: Float64Array.from([5, 9, 4]) },
    ];
    expect(markerPoints([{ t: 1.04, flow: 0, kind: 'timeout' }], lines, ['a'])).toEqual([
      { t: 1.04, y: 9, kind: 'timeout', color: '#f00', flow: 'a' },
    ]);
    expect(markerPoints([{ t: 1, flow: 5, kind: 'timeout' }], lines, ['a'])).toEqual([]);
  });

  it('hides values above a limit', () => {
    expect([...hideAbove(Float64Array.from([1, 100, 3]), 10)].map((v) => (Number.isNaN(v) ? 'gap' : v))).toEqual([
      1,
      'gap',
      3,
    ]);
  });
});

describe('decimation', () => {
  it('keeps every extreme of each pixel bucket (sawtooth peaks survive)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 3000 }),
        fc.integer({ min: 1, max: 300 }),
        (ys, buckets) => {
          const x = Float64Array.from(ys.map((_, i) => i));
          const y = Float64Array.from(ys);
          const idx = decimate(x, y, 0, ys.length - 1, buckets);
          const kept = idx.map((i) => y[i]!);
          expect(Math.max(...kept)).toBe(Math.max(...ys));
          expect(Math.min(...kept)).toBe(Math.min(...ys));
          for (let i = 1; i < idx.length; i++) expect(idx[i]!).toBeGreaterThan(idx[i - 1]!);
          if (ys.length > buckets * 4) expect(idx.length).toBeLessThanOrEqual(buckets * 4 + 2);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('includes the neighbours just outside a zoom window so lines reach the edges', () => {
    const x = Float64Array.from([0, 1, 2, 3, 4, 5]);
    expect(decimate(x, x, 1.5, 3.5, 100)).toEqual([1, 2, 3, 4]);
  });
});

describe('helpers', () => {
  it('finds the nearest sample', () => {
    const x = Float64Array.from([0, 0.1, 0.2, 0.3]);
    expect(nearestIndex(x, 0.14)).toBe(1);
    expect(nearestIndex(x, 0.16)).toBe(2);
    expect(nearestIndex(x, 9)).toBe(3);
    expect(nearestIndex(new Float64Array(0), 1)).toBe(-1);
  });

  it('computes the y extent of visible points from zero', () => {
    const l: LineSeries = {
      key: 'k',
      label: 'k',
      color: '#000',
      x: Float64Array.from([0, 1, 2]),
      y: Float64Array.from([3, NaN, 9]),
    };
    expect(yExtent([l], 0, 2)).toEqual([0, 9]);
    expect(yExtent([l], 0, 1)).toEqual([0, 3]);
    expect(yExtent([], 0, 1)).toEqual([0, 1]);
  });

  it('writes CSV with one time column, quoted labels and empty cells for gaps', () => {
    const a: LineSeries = {
      key: 'a',
      label: 'f0 cwnd',
      color: '',
      x: Float64Array.from([0, 0.5]),
      y: Float64Array.from([1, 2]),
    };
    const b: LineSeries = {
      key: 'b',
      label: 'port "x",y',
      color: '',
      x: Float64Array.from([0.5, 1]),
      y: Float64Array.from([NaN, 4]),
    };
    expect(toCsv([a, b])).toBe('t (s),f0 cwnd,"port ""x"",y"\n0,1,\n0.5,2,\n1,,4\n');
    // headers carry units; a stacked band exports its own values, not the running total
    const c: LineSeries = { ...a, label: 'f1', unit: 'packets', y: Float64Array.from([5, 7]) };
    c.value = Float64Array.from([2, 3]);
    expect(toCsv([c])).toBe('t (s),f1 (packets)\n0,2\n0.5,3\n');
  });
});
