import { describe, expect, it } from 'vitest';
import { Simulation } from '../src/Simulation.js';
import type { ScenarioInput } from '../src/scenario/types.js';
import { attachTraces } from '../src/trace/attachTraces.js';

/** Runs a scenario with an ns-2 trace of `port`; returns its records as "event time(ms) flow#seq". */
function traceOf(scenario: ScenarioInput, port: string): string[] {
  const sim = new Simulation(scenario);
  const chunks: Uint8Array[] = [];
  const session = attachTraces(sim, { ports: [port], maxBytes: 1e7, ns2: (c) => void chunks.push(c) });
  sim.run();
  session.close();
  return Buffer.concat(chunks)
    .toString('latin1')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => {
      // ns-2: event time from to type size flags fid src dst seq id
      const f = l.split(' ');
      return `${f[0]} ${Math.round(Number(f[1]) * 1e6) / 1e3} ${f[7]}#${f[10]}`;
    });
}

/** A UDP flow sending 1000-byte packets every 0.2 ms from `start` until `stop`. */
const burst = (id: string, from: string, to: string, start: string, stop: string) => ({
  id,
  from,
  to,
  start,
  stop,
  transport: { type: 'udp' },
  app: { type: 'cbr', params: { rate: '40Mbps', packetSize: '1000B' } },
});

/** Host S to host D over one 100 Mb/s, 10 ms link whose delivery opportunities are `ms`; 30 ms run. */
const traceLink = (
  link: Partial<ScenarioInput['links'][number]>,
  ms: number[],
  flows: ScenarioInput['flows'],
): ScenarioInput => ({
  version: 1,
  duration: '30ms',
  nodes: [
    { id: 'S', kind: 'host' },
    { id: 'D', kind: 'host' },
  ],
  links: [
    {
      a: 'S',
      b: 'D',
      rate: '100Mbps',
      delay: '10ms',
      ...link,
      channel: { type: 'trace', params: { preset: 'custom', ms, repeat: false } },
    },
  ],
  flows,
});

describe('packet traces of time-varying ports', () => {
  it('a trace link: packets leave ("-") at the delivery opportunities, arrive ("r") a delay later; overflow is "d"', () => {
    // opportunities at 2, 5 and 9 ms, 1504 B each; 10 ms propagation; "3 packets" lets 2 wait (ns-2 qlim−1)
    const sc = traceLink(
      { buffer: '3 packets' },
      [2, 5, 9],
      [
        burst('f0', 'S', 'D', '0.2ms', '0.9ms'), // packets at 0.2, 0.4, 0.6, 0.8 ms
        burst('f1', 'S', 'D', '3ms', '3.1ms'), // one at 3 ms
        burst('f2', 'S', 'D', '6ms', '6.1ms'), // one at 6 ms
      ],
    );
    expect(traceOf(sc, 'S->D')).toEqual([
      '+ 0.2 0#0',
      '+ 0.4 0#1',
      '+ 0.6 0#2',
      'd 0.6 0#2', // two wait already
      '+ 0.8 0#3',
      'd 0.8 0#3',
      // 2 ms: 0#0 whole (1000 B) and 504 B of 0#1 — its transmission starts here
      '- 2 0#0',
      '- 2 0#1',
      '+ 3 1#0',
      // 5 ms: the other 496 B of 0#1, then 1#0 (1000 B) fits in the 1008 B left
      '- 5 1#0',
      '+ 6 2#0',
      '- 9 2#0',
      'r 12 0#0',
      'r 15 0#1',
      'r 15 1#0',
      'r 19 2#0',
    ]);
  });

  it('a trace link that loses every packet: each is sent ("-") at its opportunity and lost on the wire ("d"), never received', () => {
    // one 1000-byte packet at 0.2 ms and one at 3 ms; opportunities at 2 and 5 ms; lossRate 1
    const sc = traceLink(
      { lossRate: 1 },
      [2, 5],
      [burst('f0', 'S', 'D', '0.2ms', '0.3ms'), burst('f1', 'S', 'D', '3ms', '3.1ms')],
    );
    expect(traceOf(sc, 'S->D')).toEqual(['+ 0.2 0#0', '- 2 0#0', 'd 2 0#0', '+ 3 1#0', '- 5 1#0', 'd 5 1#0']);
  });

  it('a base station: a UE’s packets leave only in its TDMA slots, at its slot rate; its queue’s overflow is "d"', () => {
    // One AMC mode from 0 dB at 1 Msymbol/s × 1 bit/symbol, mean SNR 60 dB (a fade below 0 dB has
    // probability 1 − e^(−10⁻⁶) per slot): each UE's slot runs at 1 Mb/s, 8 ms per 1000-byte packet. RR over two backlogged UEs, 10 ms slots:
    // nothing is queued at the first slot (0–10 ms); UE1 gets slots 1, 3, 5 … ([10,20), [30,40) …).
    const sc: ScenarioInput = {
      version: 1,
      duration: '75ms',
      nodes: [
        { id: 'S', kind: 'host' },
        {
          id: 'BS',
          kind: 'bs',
          bs: {
            scheduler: { type: 'rr' },
            params: { bandwidth: 1, bandwidthUnit: 'MHz', amcThresholds: [0], amcBitsPerSymbol: [1] },
          },
        },
        { id: 'UE1', kind: 'host' },
        { id: 'UE2', kind: 'host' },
      ],
      links: [
        { a: 'S', b: 'BS', rate: '8Gbps', delay: '1ms', buffer: '1000 packets' },
        {
          a: 'BS',
          b: 'UE1',
          rate: '100Mbps',
          delay: '1ms',
          buffer: '4 packets',
          channel: { type: 'rayleigh', params: { meanSnrDb: 60 } },
        },
        {
          a: 'BS',
          b: 'UE2',
          rate: '100Mbps',
          delay: '1ms',
          buffer: '100 packets',
          channel: { type: 'rayleigh', params: { meanSnrDb: 60 } },
        },
      ],
      flows: [burst('f0', 'S', 'UE1', '0ms', '0.9ms'), burst('f1', 'S', 'UE2', '0ms', '50ms')],
    };
    // f0's five packets reach the BS 1 ms + 1 µs (1000 B at 8 Gb/s) after they are sent
    expect(traceOf(sc, 'BS->UE1')).toEqual([
      '+ 1.001 0#0',
      '+ 1.201 0#1',
      '+ 1.401 0#2',
      '+ 1.601 0#3',
      'd 1.601 0#3', // three wait already ("4 packets": ns-2's qlim − 1)
      '+ 1.801 0#4',
      'd 1.801 0#4',
      '- 10 0#0', // UE1's first slot: 0#0 takes 10–18 ms,
      '- 18 0#1', // 0#1 starts at 18 ms (250 B by the slot's end)
      'r 19 0#0',
      // UE1's next slot [30,40): the other 750 B of 0#1 (30–36 ms), then 0#2 starts (500 B by 40 ms)
      '- 36 0#2',
      'r 37 0#1',
      // [50,60): its other 500 B (50–54 ms)
      'r 55 0#2',
    ]);
  });
});
