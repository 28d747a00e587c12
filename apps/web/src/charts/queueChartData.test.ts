import { describe, expect, it } from 'vitest';
import type { ModelInfo } from '@cclab/engine';
import { SeriesStore } from '../state/SeriesStore';
import type { Frame, RunMeta } from '../worker/protocol';
import { isConstant, portProbes, queueViewLines, queueViews } from './queueChartData';
import { reasonStyle } from '../dropStyles';

// A RED-like discipline's registry entry: queue-sized state, a probability, a count so far.
const info: ModelInfo = {
  id: 'x',
  category: 'queue',
  name: 'X',
  description: '',
  citation: '',
  params: [],
  probes: [
    { key: 'avg', label: 'Average queue', unit: 'packets', description: 'a' },
    { key: 'min', label: 'Min threshold', unit: 'packets', description: 'b' },
    { key: 'p', label: 'Drop probability', unit: '', description: 'c' },
    { key: 'head', label: 'Head sojourn', unit: 's', description: 'd' },
    { key: 'dropsSoFar', label: 'Early drops', unit: 'packets', description: 'e', cumulative: true },
  ],
};

const COLUMNS = [
  't',
  'queuePackets',
  'sojournMs',
  'disc:avg',
  'disc:min',
  'disc:p',
  'disc:head',
  'disc:dropsSoFar',
  'disc:undescribed',
  'backlog:f0',
  'backlog:f1',
  'drops:overflow',
  'drops:early',
  'marks:early',
  'drops:forced',
];

function store(rows: number[][]): SeriesStore {
  const meta: RunMeta = {
    durationNs: 1e9,
    intervalNs: 1e8,
    flowIds: ['f0', 'f1'],
    nodeIds: [],
    ports: [],
    probedPorts: ['r1->r2'],
    flowColumns: ['t'],
    portColumns: [COLUMNS],
    eventKinds: [],
    dropReasons: [],
    maxPoints: 64,
    baseStations: [],
  };
  const s = new SeriesStore();
  s.reset(meta);
  const e = new Float64Array(0);
  const f: Frame = {
    v: 1,
    type: 'frame',
    runId: 1,
    nowNs: 0,
    status: 'playing',
    progress: 0,
    samples: rows.length,
    flowSamples: Float64Array.from(rows.flatMap((r) => [r[0]!, r[0]!])),
    portSamples: Float64Array.from(rows.flat()),
    events: e,
    drops: e,
    flight: e,
    queues: e,
    queueBytes: e,
    backlog: new Uint32Array(0),
    util: e,
    portDrops: e,
    reasonCounts: e,
    ueSamples: e,
    bsServed: e,
    bsSlots: e,
  };
  s.append(f);
  return s;
}

//            t  q  soj avg min p    head   so far ?  f0 f1 ovf early mark forced
const ROWS = [
  [0.0, 3, 1, 1, 5, 0, 0.002, 0, 9, 1, 2, 0, 0, 0, 0],
  [0.1, 7, 2, 2.5, 5, 0.1, 0.004, 1, 9, 4, 3, 0, 1, 2, 0],
  [0.2, 5, 3, 3, 5, 0.2, 0.001, 3, 9, 0, 5, 0, 2, 5, 0],
];

describe('the queue chart’s views of a port', () => {
  const probes = portProbes(COLUMNS, [info]);

  it('describes each disc: column from the registry, and keeps an undescribed one by its key', () => {
    expect(probes.map((p) => [p.key, p.label, p.unit, p.cumulative])).toEqual([
      ['avg', 'Average queue', 'packets', false],
      ['min', 'Min threshold', 'packets', false],
      ['p', 'Drop probability', '', false],
      ['head', 'Head sojourn', 's', false],
      ['dropsSoFar', 'Early drops', 'packets', true],
      ['undescribed', 'undescribed', '', false],
    ]);
  });

  it('offers backlog, sojourn, drops and one view per other unit of the discipline’s state', () => {
    const views = queueViews(COLUMNS, probes);
    expect(views.map((v) => v.id)).toEqual(['backlog', 'sojourn', 'drops', 'probe:']);
    expect(views[0]!.label).toBe('Backlog by flow');
    // two unitless probes share one view, named after both
    expect(views[3]!.label).toBe('Drop probability, undescribed');
    expect(queueViews(['t', 'queuePackets'], [])[0]!.label).toBe('Queue length');
  });

  it('stacks per-flow backlog in flow order (band tops are running sums) and draws queue-sized state over it', () => {
    const lines = queueViewLines(store(ROWS), 0, 'backlog', probes, [{ id: 'f1', color: '#abcdef' }]);
    expect(lines.map((l) => l.key)).toEqual(['backlog:f0', 'backlog:f1', 'disc:avg', 'disc:min']);
    const [f0, f1, avg, min] = lines;
    expect([...f0!.value!]).toEqual([1, 4, 0]);
    expect([...f0!.y]).toEqual([1, 4, 0]);
    expect([...f1!.base!]).toEqual([1, 4, 0]);
    expect([...f1!.y]).toEqual([3, 7, 5]);
    expect([...f1!.value!]).toEqual([2, 3, 5]);
    expect(f1!.color).toBe('#abcdef');
    // the top band reaches the port's queue length at every sample
    expect([...f1!.y]).toEqual(ROWS.map((r) => r[1]));
    // a level is drawn solid, a constant (a threshold) dashed
    expect(avg!.dash).toBeUndefined();
    expect(min!.dash).toBe('6 4');
  });

  it('gives no band to a flow that never queued at the port, and shows the total before any did', () => {
    const rows = ROWS.map((r) => [...r]);
    for (const r of rows) {
      r[1] = r[10]!; // the queue is f1's alone
      r[9] = 0; // f0 never queues here
    }
    const keys = queueViewLines(store(rows), 0, 'backlog', [], []).map((l) => l.key);
    expect(keys).toEqual(['backlog:f1']);
    const empty = ROWS.map((r) => r.map((v, j) => (j === 0 ? v : j === 9 || j === 10 || j === 1 ? 0 : v)));
    expect(queueViewLines(store(empty), 0, 'backlog', [], []).map((l) => l.key)).toEqual(['port:r1->r2']);
  });

  it('puts time-valued state beside the sojourn, in milliseconds', () => {
    const lines = queueViewLines(store(ROWS), 0, 'sojourn', probes, []);
    expect(lines.map((l) => l.key)).toEqual(['sojourn:r1->r2', 'disc:head']);
    expect([...lines[1]!.y]).toEqual([2, 4, 1]);
    expect(lines[1]!.unit).toBe('ms');
  });

  it('shows drops and marks by the reasons that occurred, marks dashed, with the counts so far', () => {
    const lines = queueViewLines(store(ROWS), 0, 'drops', probes, []);
    expect(lines.map((l) => l.key)).toEqual(['drops:early', 'marks:early', 'disc:dropsSoFar']);
    expect(lines[0]!.color).toBe(reasonStyle('early', false).color);
    expect(lines[1]!.dash).toBe('5 3');
    expect(lines[0]!.label).toBe('early drops');
    expect(lines[1]!.label).toBe('early marks');
  });

  it('draws the other units’ state in their own view', () => {
    const lines = queueViewLines(store(ROWS), 0, 'probe:', probes, []);
    expect(lines.map((l) => l.key)).toEqual(['disc:p', 'disc:undescribed']);
    expect([...lines[0]!.y]).toEqual([0, 0.1, 0.2]);
  });

  it('calls a series constant only when every finite value is the same', () => {
    expect(isConstant(Float64Array.from([5, NaN, 5]))).toBe(true);
    expect(isConstant(Float64Array.from([5, 5.5]))).toBe(false);
    expect(isConstant(Float64Array.from([NaN]))).toBe(false);
  });
});
