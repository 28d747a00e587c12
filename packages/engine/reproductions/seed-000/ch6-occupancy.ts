import type { NamedMetric } from '../../src/experiment/experiment.js';
import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { linear3 } from './common.js';

const PORTS = ['B1->B2', 'B2->B3', 'B3->d'];
const presets = [
  { id: 'ns2', label: 'Algorithm 2 set points (b_l 0.1, b_u 0.9)', bl: 0.1, bu: 0.9 },
  { id: 'matlab', label: '§6.2 Matlab set points (b_l 0.2, b_u 0.8)', bl: 0.2, bu: 0.8 },
];
const router = (port: string) => port.split('->')[0]!;
/** The thesis’s ns-2 length (§6.3, Table 6.2: 100 s) and its 15 repetitions. */
const DURATION = '100s';
const SEEDS = Array.from({ length: 15 }, (_, i) => i + 1);

const OCCUPANCY =
  'B1 is fed by CBR sources that nothing slows: eq. 6.5’s first case holds its port at δ whenever its own occupancy was at or below b_l·B at the last update, and the 170 Mb/s that keeps arriving fills it to the top (max 1.0, i.e. overflow) before the controller releases it; over 100 s B1 sits mostly near the top (mean 0.85 with b_l 0.1, 0.88 with b_l 0.2). This is the operating point (λ 170 into capacity 200, d = 2 ms) where B1’s port falls into the limit cycle between the line rate and δ described under seed-000-table-6-3’s lblca-pdr, with its period probes. B2 is the router LbLCA actually regulates: eq. 6.5’s third case steers the downstream occupancy towards b_l·B_{i+1} (not ½·B), so B2 hovers around b_l (mean 0.13 with b_l 0.1, 0.23 with b_l 0.2) and the 20 ms samples catch it below b_l at times (lowest 0.001 and 0.095 over 15 runs of 100 s) — far from b_u (highest 0.22 and 0.32), never overflowing. The thesis’s Fig. 6.6 is from its Matlab model, whose occupancies start at ½·B; its text claims the band is never left.';

const metrics: NamedMetric[] = PORTS.flatMap((port) =>
  (['min', 'max', 'mean'] as const).map((stat) => ({
    name: `${router(port)}-${stat}`,
    label: `${router(port)} occupancy Θ/B, ${stat} after 0.5 s`,
    metric: 'queueProbe',
    port,
    key: 'occupancyShare',
    stat,
    from: 0.5,
  })),
);

/** Seed 000 Ch. 6 occupancy figures (Figs 6.5–6.6): the routers' shared-buffer occupancy against the set points. */
export const seed000Ch6Occupancy: ReproductionSpec = {
  id: 'seed-000-ch6-occupancy',
  study: '000',
  figure: 'Figs 6.5–6.6',
  title: 'Router buffer occupancy of a 3-router LbLCA chain against b_l·B and b_u·B',
  source:
    'Seed 000 (PhD thesis, IIT Guwahati 2020) §6.2.2, Figs 6.5–6.6 (captions only); digest shared/spec/000-lblca.md §1',
  summary:
    'Fig. 6.6 plots the instantaneous occupancies of B1, B2 and B3 of the linear chain for λ = 170 Mb/s; the design claim is that LbLCA keeps each router’s occupancy between the set points — never overflowing, never idle. The packet engine runs the chain (capacity 200 Mb/s, 400-packet buffers, d = 2 ms) with both set-point pairs and records each router’s occupancy share Θ/B every 20 ms; the lab draws the same series against the set-point lines.',
  base: () => ({ ...linear3(170, 200, 400, 'lblca'), duration: DURATION }),
  points: presets.map((p) => ({
    id: p.id,
    label: p.label,
    scenario: () => {
      const sc = linear3(170, 200, 400, 'lblca');
      return {
        ...sc,
        duration: DURATION,
        links: sc.links.map((l) =>
          l.queue?.type === 'lblca'
            ? { ...l, queue: { ...l.queue, params: { ...l.queue.params, bl: p.bl, bu: p.bu } } }
            : l,
        ),
        flows: sc.flows,
      };
    },
  })),
  seeds: SEEDS,
  metrics,
  paper: [
    {
      point: 'ns2',
      metric: 'B2-mean',
      numbers: [],
      note: 'the figures survive only as captions; the claims below are the text’s',
    },
  ],
  claims: presets.flatMap((p) =>
    ['B1', 'B2'].flatMap((r) => [
      {
        id: `${p.id}-${r}-below-bu`,
        kind: 'range' as const,
        text: `${p.label}: ${r}’s occupancy stays at or below b_u = ${p.bu}`,
        of: { point: p.id, metric: `${r}-max` },
        max: p.bu,
        explanation: OCCUPANCY,
      },
      {
        id: `${p.id}-${r}-above-bl`,
        kind: 'range' as const,
        text: `${p.label}: ${r}’s occupancy stays at or above b_l = ${p.bl} (never idle)`,
        of: { point: p.id, metric: `${r}-min` },
        min: p.bl,
        explanation: OCCUPANCY,
      },
    ]),
  ),
  notes: [
    'Occupancy Θ/B is the router’s shared-buffer occupancy at the controller’s last update (the `occupancyShare` probe of its `lblca` ports), sampled every 20 ms after a 0.5 s warm-up; min, max and mean over 15 seeds. B3 is the egress router: its port to the sink gets no feedback and sends at the line rate, so only B1 and B2 are held between the set points.',
    'Full runs: 100 s (the thesis’s ns-2 length) with 15 seeds, as its 15 repetitions; the entry takes ≈ 1.5 CPU-minutes (2 points × 15 seeds, ≈ 2.5 s of CPU per 100-s run). d = 2 ms (see seed-000-table-6-3 for why not d = RTT). Buffers: 400 packets (Table 6.1 read as packets).',
    'Fig. 6.6 is the Matlab model’s, not ns-2’s; `npx cclab buffer-size … --trace FILE` writes that model’s occupancy trace.',
  ],
  preset: 'seed000-linear-3',
};
