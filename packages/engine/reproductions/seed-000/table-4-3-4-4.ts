import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { seed000Ch4Dumbbell, type Seed000Tcp } from '../../src/scenario/seed000Ch45.js';

const DURATION = '30s';
const tcps: Seed000Tcp[] = ['cubic', 'compound', 'reno'];
const t44: Record<Seed000Tcp, { hetero: [number, number]; homo: [number, number] }> = {
  cubic: { hetero: [0.5622, 0.347], homo: [0.3434, 0.1981] },
  compound: { hetero: [0.3409, 0.2132], homo: [0.3174, 0.1816] },
  reno: { hetero: [0.3894, 0.1952], homo: [0.338, 0.1838] },
};
// Table 4.3 (Cubic): α → [TCP homo, TCP hetero, UDP homo, UDP hetero] peak-to-peak jitter, s
const t43: [number, (number | null)[]][] = [
  [0.2, [0.509, 0.565, 0.12, 0.105]],
  [0.5, [0.38, 1.26, 0.15, 0.118]],
  [0.8, [1.447, 1.64, 0.18, 0.2]],
];
const env = (h: boolean) => (h ? 'hetero' : 'homo');

/** Seed 000 Tables 4.3 and 4.4: TCP and UDP tagged flows on the Ch. 4 dumbbell. */
export const seed000Table4344: ReproductionSpec = {
  id: 'seed-000-table-4-3-4-4',
  study: '000',
  figure: 'Tables 4.3–4.4',
  title: 'Ch. 4 dumbbell: tagged-flow jitter against the TCP share α, and delay with and without RED per TCP flavour',
  source:
    'Seed 000 (PhD thesis, IIT Guwahati 2020) §4.4, Tables 4.2–4.4, Figs 4.5–4.13; digest shared/spec/000-lblca.md §2A, §3',
  summary:
    'Ten flows share a 1.5 Mb/s, 50 ms bottleneck; α·10 are TCP (infinite FTP), the rest CBR over UDP. Table 4.3: peak-to-peak jitter of a tagged TCP and a tagged UDP flow rises with α (TCP Cubic). Table 4.4: at α = 0.8, the tagged TCP flow’s mean delay with and without RED for Cubic, Compound and Reno, homogeneous and heterogeneous access delays; RED cuts Cubic’s delay by about 40 %.',
  base: () => seed000Ch4Dumbbell({ alpha: 0.8, duration: DURATION }),
  points: [
    ...tcps.flatMap((tcp) =>
      [false, true].flatMap((hetero) =>
        [true, false].map((red) => ({
          id: `${tcp}-${env(hetero)}-${red ? 'red' : 'droptail'}`,
          label: `${tcp}, ${hetero ? 'heterogeneous' : 'homogeneous'}, ${red ? 'RED' : 'without RED'}, α 0.8`,
          scenario: () => seed000Ch4Dumbbell({ alpha: 0.8, tcp, heterogeneous: hetero, red, duration: DURATION }),
        })),
      ),
    ),
    ...t43
      .filter(([a]) => a !== 0.8)
      .flatMap(([alpha]) =>
        [false, true].map((hetero) => ({
          id: `cubic-${env(hetero)}-red-a${alpha * 10}`,
          label: `cubic, ${hetero ? 'heterogeneous' : 'homogeneous'}, RED, α ${alpha}`,
          scenario: () => seed000Ch4Dumbbell({ alpha, heterogeneous: hetero, duration: DURATION }),
        })),
      ),
  ],
  seeds: [1, 2, 3],
  startJitter: 1,
  metrics: [
    { name: 'tcpDelay', label: 'Tagged TCP mean delay', metric: 'meanDelayMs', flow: 'tcp0' },
    { name: 'tcpJitter', label: 'Tagged TCP jitter (p-p)', metric: 'ptpJitterMs', flow: 'tcp0' },
    { name: 'udpJitter', label: 'Tagged UDP jitter (p-p)', metric: 'ptpJitterMs', flow: 'udp9' },
    { name: 'udpDelay', label: 'Tagged UDP mean delay', metric: 'meanDelayMs', flow: 'udp9' },
    { name: 'drops', label: 'Bottleneck drops', metric: 'drops', port: 'r1->r2' },
  ],
  paper: [
    ...tcps.flatMap((tcp) =>
      [false, true].flatMap((hetero) =>
        [true, false].map((red) => ({
          point: `${tcp}-${env(hetero)}-${red ? 'red' : 'droptail'}`,
          metric: 'tcpDelay',
          numbers: [{ value: t44[tcp][env(hetero)][red ? 1 : 0] * 1000, where: 'Table 4.4 (s, shown in ms)' }],
        })),
      ),
    ),
    ...t43.flatMap(([alpha, v]) =>
      [false, true].flatMap((hetero) => {
        const p = alpha === 0.8 ? `cubic-${env(hetero)}-red` : `cubic-${env(hetero)}-red-a${alpha * 10}`;
        return [
          {
            point: p,
            metric: 'tcpJitter',
            numbers: [{ value: v[hetero ? 1 : 0]! * 1000, where: 'Table 4.3 (s, shown in ms)' }],
          },
          {
            point: p,
            metric: 'udpJitter',
            numbers: [{ value: v[hetero ? 3 : 2]! * 1000, where: 'Table 4.3 (s, shown in ms)' }],
          },
        ];
      }),
    ),
  ],
  claims: [
    ...[false, true].map((hetero) => ({
      id: `red-cuts-cubic-${env(hetero)}`,
      kind: 'less' as const,
      text: `RED cuts Cubic’s delay by about 40 % (${env(hetero)}: thesis ${t44.cubic[env(hetero)][0]} → ${t44.cubic[env(hetero)][1]} s): with RED under 0.75 × without`,
      left: { point: `cubic-${env(hetero)}-red`, metric: 'tcpDelay' },
      right: { point: `cubic-${env(hetero)}-droptail`, metric: 'tcpDelay' },
      factor: 0.75,
    })),
    ...tcps.map((tcp) => ({
      id: `red-lowers-${tcp}-homo`,
      kind: 'less' as const,
      text: `RED lowers ${tcp}’s delay (homogeneous)`,
      left: { point: `${tcp}-homo-red`, metric: 'tcpDelay' },
      right: { point: `${tcp}-homo-droptail`, metric: 'tcpDelay' },
    })),
    {
      id: 'cubic-worst',
      kind: 'less',
      text: 'Without RED Cubic gives the worst delay (heterogeneous: Reno below Cubic)',
      left: { point: 'reno-hetero-droptail', metric: 'tcpDelay' },
      right: { point: 'cubic-hetero-droptail', metric: 'tcpDelay' },
    },
    ...[false, true].map((hetero) => ({
      id: `tcp-jitter-rises-${env(hetero)}`,
      kind: 'trend' as const,
      text: `The tagged TCP flow’s jitter rises with α (${env(hetero)}, 0.2 → 0.8; Table 4.3 has a dip at 0.5 in the homogeneous case)`,
      metric: 'tcpJitter',
      points: [`cubic-${env(hetero)}-red-a2`, `cubic-${env(hetero)}-red`],
      direction: 'increasing' as const,
    })),
    ...[false, true].map((hetero) => ({
      id: `udp-jitter-below-tcp-${env(hetero)}`,
      kind: 'less' as const,
      text: `The tagged UDP flow’s jitter is well below the tagged TCP flow’s (α 0.8, ${env(hetero)}; thesis 0.18–0.2 s vs 1.4–1.6 s)`,
      left: { point: `cubic-${env(hetero)}-red`, metric: 'udpJitter' },
      right: { point: `cubic-${env(hetero)}-red`, metric: 'tcpJitter' },
      factor: 0.5,
      explanation:
        'Ours: tagged UDP jitter ≈ 137 ms and tagged TCP ≈ 150–155 ms at α = 0.8 — both are set by the RED queue’s swing (50-packet buffer at 1.5 Mb/s: up to ≈ 270 ms of queueing) that every packet crosses. The thesis’s tagged TCP jitter of 1.4–1.6 s includes retransmission delays ("the significant increase … can be attributed to … retransmissions", §4.4.1): it evidently timed a segment from its first transmission to its eventual delivery, whereas our one-way delay times each transmitted packet, so a retransmitted segment’s wait at the sender is not in it. With its "infinite" router buffers the queue could also grow far beyond our 50 packets.',
    })),
  ],
  notes: [
    'Reduced runs: 30 s with 3 seeds (flow starts jittered by up to 1 s) instead of the thesis’s 15 runs of unstated length.',
    'Topology (Table 4.2, Fig. 4.5): LAN 10 Mb/s, bottleneck 1.5 Mb/s with 50 ms, RED there and DropTail on the access links; TCP 1000-byte segments (the text; Table 4.2 says 1460), window up to 1000 packets; UDP 210-byte datagrams at 0.2 Mb/s each (rate ours). Bottleneck buffer 50 packets (ns-2’s default queue limit; the text also says "infinite buffer space"), RED with ns-2’s defaults.',
    'Tagged flows: tcp0 (the first TCP flow) and udp9 (the last flow, UDP whenever α < 1). Heterogeneous: destination i at 1 + 2i ms, so tcp0 has the shortest and udp9 the longest path.',
    'Table 4.3 prints −4.69 s for Cubic’s heterogeneous jitter at α = 1 (a negative peak-to-peak value): not reproduced; α = 1 has no UDP flow.',
    'TCP Compound follows ns-2.35’s Linux compound module (src/transport/cc/Compound.ts), as the thesis’s ns-2 runs would.',
  ],
  preset: 'seed000-ch4-dumbbell',
};
