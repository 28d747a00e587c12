import { describe, expect, it } from 'vitest';
import { SeriesStore } from '../state/SeriesStore';
import type { Frame, FlowTraits, RunMeta } from '../worker/protocol';
import { chartLines, defaultDelayFlows, nothingToShow, P95_DASH, toCsv } from './chartData';
import { flowDash } from '../palette';
import { pinRun, PINNED_DASH } from '../compare/pinnedRun';
import type { RunSummary } from '@cclab/engine';

const FLOW_NAMES = [
  't',
  'cwnd',
  'ssthresh',
  'srttMs',
  'throughputBps',
  'delayMinMs',
  'delayMeanMs',
  'delayMaxMs',
  'delayRunMeanMs',
  'delayRunP95Ms',
];
const TCP: FlowTraits = { window: true, rtt: true };
const UDP: FlowTraits = { window: false, rtt: false };
const TFRC: FlowTraits = { window: false, rtt: true };

function metaOf(ids: string[], traits: FlowTraits[]): RunMeta {
  return {
    durationNs: 10e9,
    intervalNs: 1e8,
    flowIds: ids,
    nodeIds: [],
    ports: [],
    probedPorts: [],
    flowColumns: FLOW_NAMES,
    flowTraits: traits,
    portColumns: [],
    eventKinds: [],
    dropReasons: [],
    maxPoints: 1000,
    baseStations: [],
  };
}

function frame(rows: number[][]): Frame {
  const e = new Float64Array(0);
  return {
    v: 1,
    type: 'frame',
    runId: 1,
    nowNs: 0,
    status: 'playing',
    progress: 0,
    samples: 1,
    flowSamples: Float64Array.from(rows.flat()),
    portSamples: e,
    ueSamples: e,
    events: e,
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

/** A store of one sample per flow at t = 0.1 s: delays min 20, mean 30, max 45, run mean 28, p95 44 ms. */
function storeOf(ids: string[], traits: FlowTraits[]): SeriesStore {
  const st = new SeriesStore();
  st.reset(metaOf(ids, traits));
  const rows = ids.map((_, i) => [0.1, 10, 20, 40, 1e6, 20 + i, 30 + i, 45 + i, 28 + i, 44 + i]);
  st.append(frame(rows));
  return st;
}

const keys = (ls: { key: string }[]) => ls.map((l) => l.key);

describe('charts show only what a flow has', () => {
  const st = storeOf(['tcp', 'voip', 'tfrc'], [TCP, UDP, TFRC]);
  const flows = [{ id: 'tcp' }, { id: 'voip' }, { id: 'tfrc' }];

  it('cwnd: lines and legend entries only for the flow with a window', () => {
    expect(keys(chartLines('cwnd', st, flows, null))).toEqual(['cwnd:tcp', 'ssthresh:tcp']);
  });

  it('RTT: no line for the UDP flow, which measures none', () => {
    expect(keys(chartLines('rtt', st, flows, null))).toEqual(['rtt:tcp', 'rtt:tfrc']);
  });

  it('throughput and one-way delay: every flow', () => {
    expect(keys(chartLines('throughput', st, flows, null))).toEqual(['thr:tcp', 'thr:voip', 'thr:tfrc']);
    expect(keys(chartLines('delay', st, flows, null))).toEqual([
      'delayrange:tcp',
      'delaymean:tcp',
      'delayp95:tcp',
      'delayrange:voip',
      'delaymean:voip',
      'delayp95:voip',
      'delayrange:tfrc',
      'delaymean:tfrc',
      'delayp95:tfrc',
    ]);
  });

  it('a chart with nothing to show says so in one line', () => {
    const udpOnly = storeOf(['voip'], [UDP]);
    expect(nothingToShow('cwnd', udpOnly)).toMatch(/no flow here has a congestion window/i);
    expect(nothingToShow('rtt', udpOnly)).toMatch(/no flow here measures a round-trip time/i);
    expect(nothingToShow('delay', udpOnly)).toBeNull();
    expect(nothingToShow('throughput', udpOnly)).toBeNull();
    // a TFRC flow has an RTT but no window
    const tfrc = storeOf(['t'], [TFRC]);
    expect(nothingToShow('cwnd', tfrc)).not.toBeNull();
    expect(nothingToShow('rtt', tfrc)).toBeNull();
    expect(nothingToShow('cwnd', st)).toBeNull();
    expect(nothingToShow('delay', storeOf([], []))).toMatch(/no flows/i);
  });
});

describe('the one-way delay chart', () => {
  it('draws each flow as a min–max band (from the interval columns), its mean and its p95 so far', () => {
    const [band, mean, p95] = chartLines('delay', storeOf(['v'], [UDP]), [{ id: 'v' }], null);
    expect(band!.range).toBe(true);
    expect(Array.from(band!.base!)).toEqual([20]);
    expect(Array.from(band!.y)).toEqual([45]);
    expect(Array.from(mean!.y)).toEqual([28]);
    expect(Array.from(p95!.y)).toEqual([44]);
    // the mean has its flow's dash pattern (solid for the first eight flows), the p95 is dotted
    expect(mean!.dash).toBeUndefined();
    expect(p95!.dash).toBe(P95_DASH);
    const ninth = storeOf(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'v'], Array(9).fill(UDP));
    const v = chartLines('delay', ninth, [], null).filter((l) => l.key.endsWith(':v'));
    expect(v[1]!.dash).toBe(flowDash(8));
    expect(v[1]!.dash).not.toBe(v[2]!.dash);
  });

  it('exports the band as two CSV columns, min and max, with units', () => {
    const lines = chartLines('delay', storeOf(['v'], [UDP]), [{ id: 'v' }], null);
    expect(toCsv(lines)).toBe('t (s),v min (ms),v max (ms),v mean (ms),v p95 (ms)\n0.1,20,45,28,44\n');
  });

  it('shows the flows it is given', () => {
    const st = storeOf(['a', 'b'], [TCP, UDP]);
    expect(keys(chartLines('delay', st, [], null, ['b']))).toEqual(['delayrange:b', 'delaymean:b', 'delayp95:b']);
  });

  it('starts on every flow of up to four, else on the flows without an RTT (else the first four)', () => {
    expect(defaultDelayFlows(storeOf(['a', 'b', 'c', 'd'], [TCP, TCP, TCP, UDP]))).toEqual(['a', 'b', 'c', 'd']);
    const mixed = storeOf(['a', 'b', 'c', 'd', 'v1', 'v2'], [TCP, TCP, TCP, TCP, UDP, UDP]);
    expect(defaultDelayFlows(mixed)).toEqual(['v1', 'v2']);
    const allTcp = storeOf(['a', 'b', 'c', 'd', 'e'], [TCP, TCP, TCP, TCP, TCP]);
    expect(defaultDelayFlows(allTcp)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('a pinned run (A/B comparison)', () => {
  it('keeps each flow’s mean delay, drawn dashed; not its band or p95', () => {
    const pinned = pinRun(storeOf(['v'], [UDP]), [], {} as RunSummary, 'A');
    const lines = pinned.lines.delay!;
    expect(lines.map((l) => l.key)).toEqual(['pinned:delaymean:v']);
    expect(lines[0]!.dash).toBe(PINNED_DASH);
    expect(Array.from(lines[0]!.y)).toEqual([28]);
  });
});
