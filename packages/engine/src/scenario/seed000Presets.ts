/**
 * The lab's seed-000 presets (one click each): the Ch. 6 LbLCA templates — linear chains of 3, 6
 * and 9 routers, the 2- and 3-input crosses, and the linear chain's TCP Reno + RED baseline —
 * the Ch. 4 dumbbell with α = 0.8 and the Ch. 5 chain. Each is adjustable in the lab like any
 * scenario (rates, buffers, the `lblca` port parameters). Runs are short (5 s, 20 ms probes) so
 * they open quickly; Table 6.1's buffers are read as packets (see seed000Lblca.ts).
 */
import { seed000Ch4Dumbbell, seed000Ch5Chain } from './seed000Ch45.js';
import { seed000Cross2, seed000Cross3, seed000Linear, type LblcaTemplateOptions } from './seed000Lblca.js';
import type { ScenarioInput } from './types.js';

const lblca = (capacity: string, buffers: number | number[]): LblcaTemplateOptions => ({
  mode: 'lblca',
  capacity,
  buffers,
  duration: '5s',
  probeInterval: '20ms',
  lblca: { period: '2ms' },
});

export function seed000Presets(): { id: string; title: string; scenario: () => ScenarioInput }[] {
  return [
    ...[3, 6, 9].map((n) => ({
      id: `seed000-linear-${n}`,
      title: `Seed 000: LbLCA linear chain, ${n} routers (λ 170 Mb/s)`,
      scenario: () => seed000Linear(n, '170Mbps', lblca('200Mbps', 400)),
    })),
    {
      id: 'seed000-linear-3-tcp',
      title: 'Seed 000: linear chain, TCP Reno + RED baseline (λ 170 Mb/s)',
      scenario: () => seed000Linear(3, '170Mbps', { ...lblca('200Mbps', 400), mode: 'tcp' }),
    },
    {
      id: 'seed000-cross-2',
      title: 'Seed 000: LbLCA 2-input cross (λ 180/70 Mb/s)',
      scenario: () => seed000Cross2('180Mbps', '70Mbps', lblca('300Mbps', [425, 600, 170])),
    },
    {
      id: 'seed000-cross-3',
      title: 'Seed 000: LbLCA 3-input cross (λ 180/70/140 Mb/s)',
      scenario: () => seed000Cross3('180Mbps', '70Mbps', '140Mbps', lblca('400Mbps', [810, 760, 535, 170, 1250, 560])),
    },
    {
      id: 'seed000-ch4-dumbbell',
      title: 'Seed 000 Ch. 4: dumbbell, α = 0.8 TCP Cubic, RED',
      scenario: () => seed000Ch4Dumbbell({ alpha: 0.8, heterogeneous: true, duration: '60s' }),
    },
    {
      id: 'seed000-ch5-chain',
      title: 'Seed 000 Ch. 5: 4-router chain, tagged UDP with TCP background',
      scenario: () => seed000Ch5Chain({ hops: 4, a: 1 }),
    },
  ];
}
