import { describe, expect, it } from 'vitest';
import { SeriesStore } from '../state/SeriesStore';
import { PORT_COLS, type Frame, type RunMeta } from '../worker/protocol';
import { checkSizingForm, DEFAULT_SIZING_FORM } from '../sizing/sizingModel';
import { stateLines, stateViews } from './stateChart';

const lblca = [
  { key: 'occupancyShare', label: 'Router occupancy Θ/B', unit: '' },
  { key: 'lowerSetPoint', label: 'Lower set point b_l', unit: '' },
  { key: 'upperSetPoint', label: 'Upper set point b_u', unit: '' },
  { key: 'sendRateBps', label: 'Sending rate s', unit: 'bit/s' },
  { key: 'targetRateBps', label: 'Target rate ts', unit: 'bit/s' },
  { key: 'branch', label: 'Eq. 6.5 case', unit: '' },
];
const meta: RunMeta = {
  durationNs: 1e9,
  intervalNs: 1e8,
  flowIds: [],
  nodeIds: [],
  ports: [],
  probedPorts: ['a->b', 'b->c', 'c->d'],
  // a port without probes sits between two LbLCA ports: the flat sample rows skip it
  discProbes: [lblca, [], lblca],
};

function frame(samples: number, disc: number[]): Frame {
  const e = new Float64Array(0);
  const ports: number[] = [];
  for (let s = 0; s < samples; s++) for (let p = 0; p < 3; p++) ports.push(s * 0.1, 0, 0, 0, 0);
  expect(ports).toHaveLength(samples * 3 * PORT_COLS);
  return {
    v: 1,
    type: 'frame',
    runId: 1,
    nowNs: 0,
    status: 'playing',
    progress: 0,
    samples,
    flowSamples: e,
    portSamples: Float64Array.from(ports),
    discSamples: Float64Array.from(disc),
    events: e,
    drops: e,
    flight: e,
    queues: e,
    queueBytes: e,
    util: e,
    portDrops: e,
  };
}

describe('router-state chart', () => {
  it('groups occupancy with its set points and the two rates; other probes stand alone', () => {
    expect(stateViews(meta).map((v) => [v.id, v.keys])).toEqual([
      ['occupancy', ['occupancyShare', 'lowerSetPoint', 'upperSetPoint']],
      ['rates', ['sendRateBps', 'targetRateBps']],
      ['key:branch', ['branch']],
    ]);
    expect(stateViews({ ...meta, discProbes: [[], [], []] })).toEqual([]);
  });

  it('splits each sample’s flat row port by port and draws set points dashed in the port’s colour', () => {
    const st = new SeriesStore();
    st.reset(meta);
    // two samples; per sample: port 0's six values, then port 2's six values
    const row = (occ: number, rate: number) => [occ, 0.1, 0.9, rate, rate + 1e6, 2];
    st.append(frame(2, [...row(0.5, 10e6), ...row(0.2, 20e6), ...row(0.6, 11e6), ...row(0.3, 21e6)]));
    const [occupancy, rates] = stateViews(meta);
    const lines = stateLines(st, occupancy, null);
    expect(lines.map((l) => l.key)).toEqual([
      'state:a->b:occupancyShare',
      'state:a->b:lowerSetPoint',
      'state:a->b:upperSetPoint',
      'state:c->d:occupancyShare',
      'state:c->d:lowerSetPoint',
      'state:c->d:upperSetPoint',
    ]);
    expect([...lines[0]!.y]).toEqual([0.5, 0.6]);
    expect([...lines[3]!.y]).toEqual([0.2, 0.3]);
    expect([...lines[0]!.x]).toEqual([0, 0.1]);
    expect(lines[0]!.dash).toBeUndefined();
    expect(lines[1]!.dash).toBeDefined();
    expect(lines[1]!.color).toBe(lines[0]!.color);
    // rates in Mb/s, for the chosen port only
    const r = stateLines(st, rates, ['c->d']);
    expect(r.map((l) => [...l.y])).toEqual([
      [20, 21],
      [21, 22],
    ]);
  });
});

describe('buffer-sizing form', () => {
  it('names the field of each problem', () => {
    expect(checkSizingForm(DEFAULT_SIZING_FORM)).toEqual([]);
    expect(checkSizingForm({ ...DEFAULT_SIZING_FORM, template: 'cross2' })).toEqual([
      'λ: give 2 positive rates in Mb/s, comma-separated',
    ]);
    expect(checkSizingForm({ ...DEFAULT_SIZING_FORM, capacitiesMbps: [0], steps: 5 })).toEqual([
      'Capacities: give one or more positive rates in Mb/s, comma-separated',
      'Steps: a whole number from 10 to 2000',
    ]);
  });
});
