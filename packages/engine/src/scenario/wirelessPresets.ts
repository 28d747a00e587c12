import { seed004Scenario } from './seed004.js';
import type { ScenarioInput } from './types.js';

/**
 * A small cell for the lab: a server behind a router and a base station with three users at
 * 5, 9 and 13 dB, one bulk TCP flow each. Switch the BS scheduler (RR, max-SNR, Qlen, Qdelay,
 * PF) and watch who gets the slots.
 */
export function wirelessCellScenario(): ScenarioInput {
  const ues = [
    { id: 'UE1', snr: 5, y: 170 },
    { id: 'UE2', snr: 9, y: 300 },
    { id: 'UE3', snr: 13, y: 430 },
  ];
  return {
    version: 1,
    name: 'Wireless cell: three users, one base station',
    description:
      'A server sends to three users behind a TDMA base station (10 ms slots, Rayleigh fading at 127.8 Hz, Table 1 AMC over 10 MHz). UE1 is far (5 dB mean SNR), UE3 near (13 dB). Round robin shares slots; try max-SNR (UE1 starves), Qdelay or proportional fair.',
    seed: 1,
    duration: '30s',
    nodes: [
      { id: 'server', kind: 'host', x: 120, y: 300 },
      { id: 'gw', kind: 'router', x: 330, y: 300 },
      { id: 'BS', kind: 'bs', x: 560, y: 300, bs: { scheduler: { type: 'rr' } } },
      ...ues.map((u) => ({ id: u.id, kind: 'host' as const, x: 820, y: u.y, label: `${u.id} (${u.snr} dB)` })),
    ],
    links: [
      { a: 'server', b: 'gw', rate: '100Mbps', delay: '10ms', buffer: '1000 packets' },
      { a: 'gw', b: 'BS', rate: '100Mbps', delay: '10ms', buffer: '1000 packets' },
      ...ues.map((u) => ({
        a: 'BS',
        b: u.id,
        rate: '100Mbps',
        delay: '1ms',
        buffer: '300 packets',
        channel: { type: 'rayleigh', params: { meanSnrDb: u.snr } },
      })),
    ],
    flows: ues.map((u, i) => ({
      id: `to-${u.id}`,
      from: 'server',
      to: u.id,
      transport: { type: 'tcp', cc: 'newreno' },
      app: { type: 'bulk' },
      start: `${i * 0.5}s`,
    })),
    probes: { interval: '100ms' },
  };
}

/** One flow over a link replaying the synthetic cellular trace (Mahimahi format). */
export function cellularTraceScenario(): ScenarioInput {
  return {
    version: 1,
    name: 'Cellular trace link',
    description:
      'A TCP flow whose last hop replays a packet-delivery trace (Mahimahi format): the synthetic cellular trace, 1–36 Mb/s with stalls. The deep buffer fills while the rate drops — bufferbloat on a cellular link. Pick another trace, or import a Mahimahi file, in the link inspector.',
    seed: 1,
    duration: '60s',
    nodes: [
      { id: 'server', kind: 'host', x: 150, y: 300 },
      { id: 'tower', kind: 'router', x: 450, y: 300 },
      { id: 'phone', kind: 'host', x: 750, y: 300 },
    ],
    links: [
      { a: 'server', b: 'tower', rate: '100Mbps', delay: '20ms', buffer: '1000 packets' },
      {
        a: 'tower',
        b: 'phone',
        rate: '100Mbps',
        delay: '5ms',
        buffer: '500 packets',
        channel: { type: 'trace', params: { preset: 'cellular-synthetic' } },
      },
    ],
    flows: [
      { id: 'download', from: 'server', to: 'phone', transport: { type: 'tcp', cc: 'cubic' }, app: { type: 'bulk' } },
    ],
    probes: { interval: '100ms' },
  };
}

/** The wireless presets: a cell, a trace link, and seed 004's two 42-node topologies. */
export const wirelessPresets: { id: string; title: string; scenario: () => ScenarioInput }[] = [
  { id: 'wireless-cell', title: 'Wireless cell: 3 users, 1 base station', scenario: wirelessCellScenario },
  { id: 'cellular-trace', title: 'Cellular trace link (Mahimahi)', scenario: cellularTraceScenario },
  {
    id: 'seed004-fair',
    title: 'Seed 004 Fair topology (42 nodes, QUIC-TCP, Qdelay)',
    scenario: () => ({
      ...seed004Scenario({
        topology: 'fair',
        cc: 'quic-tcp',
        scheduler: 'qdelay',
        duration: '100s',
        probeInterval: '200ms',
      }),
      name: 'Seed 004 Fair topology',
    }),
  },
  {
    id: 'seed004-random',
    title: 'Seed 004 Random topology (42 nodes, QUIC-TCP, Qdelay)',
    scenario: () => ({
      ...seed004Scenario({
        topology: 'random',
        cc: 'quic-tcp',
        scheduler: 'qdelay',
        duration: '100s',
        probeInterval: '200ms',
      }),
      name: 'Seed 004 Random topology',
    }),
  },
];
