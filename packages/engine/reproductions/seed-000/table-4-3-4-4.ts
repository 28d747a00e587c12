import type { ReproductionSpec } from '../../src/reproduction/types.js';
import { seed000Ch4Dumbbell, type Seed000Tcp } from '../../src/scenario/seed000Ch45.js';

/** The builder's default length; the thesis does not state Ch. 4's (its Ch. 5 and Ch. 6 ns-2 runs last 50–100 s). */
const DURATION = '100s';
const SEEDS = Array.from({ length: 15 }, (_, i) => i + 1);
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
  // α = 1: no UDP flow; the heterogeneous TCP value is printed −4.69 s (a negative peak-to-peak): not compared
  [1, [1.513, null, null, null]],
];
// §4.4.1 observation 3: the tagged TCP flow's mean delay with 100 % TCP, s
const tcpDelayA1 = { homo: 0.408, hetero: 0.82 };
const env = (h: boolean) => (h ? 'hetero' : 'homo');
const alphaId = (alpha: number, hetero: boolean, weibull = false) =>
  `cubic-${env(hetero)}-red${weibull ? '-weibull' : ''}${alpha === 0.8 ? '' : `-a${alpha * 10}`}`;
const ALPHAS = t43.map(([a]) => a);
// the points that have a UDP flow (α < 1), for the tagged-UDP metrics
const withUdp = (ids: string[]) => ids.filter((id) => !id.endsWith('-a10'));

/** Why the tagged UDP flow’s jitter is flat in α with Weibull sources (udp-jitter-rises-*-weibull). */
const weibullJitterFlat =
  'Ours is flat: 145.1 → 146.2 → 145.8 ms homogeneous, 144.9 → 145.9 → 146.2 ms heterogeneous (± 0.8–1.1 ms over 15 seeds), so the heterogeneous claim "agrees" only by steps within that spread. With Table 3.1’s Weibull sources the tagged flow’s own datagrams are 40–1500 B and come in bursts (gap shape 0.62), and at every α the bottleneck queue both empties and reaches RED’s hard limit (25 000 B waiting) within the 100 s: in every run the tagged flow’s smallest delay is its path’s propagation plus a small datagram’s transmission (52.3 ms homogeneous, 70.3 ms heterogeneous) and its largest is 141–149 ms more (a large datagram behind a full queue). Its peak-to-peak jitter sits at that ceiling whatever α; α changes how often the extremes come, which a peak-to-peak value cannot show. With CBR sources it rises (83 → 126 → 137 ms homogeneous) because at α 0.2 the eight CBR flows hold the queue at its 50-packet limit of 210-B datagrams (≈ 8.5 kB on average, far below 25 000 B), and the tagged flow’s range varies from run to run (46–117 ms).';

const POINTS: ReproductionSpec['points'] = [
  ...tcps.flatMap((tcp) =>
    [false, true].flatMap((hetero) =>
      [true, false].map((red) => ({
        id: `${tcp}-${env(hetero)}-${red ? 'red' : 'droptail'}`,
        label: `${tcp}, ${hetero ? 'heterogeneous' : 'homogeneous'}, ${red ? 'RED' : 'without RED'}, α 0.8`,
        scenario: () => seed000Ch4Dumbbell({ alpha: 0.8, tcp, heterogeneous: hetero, red, duration: DURATION }),
      })),
    ),
  ),
  ...ALPHAS.filter((a) => a !== 0.8).flatMap((alpha) =>
    [false, true].map((hetero) => ({
      id: alphaId(alpha, hetero),
      label: `cubic, ${hetero ? 'heterogeneous' : 'homogeneous'}, RED, α ${alpha}`,
      scenario: () => seed000Ch4Dumbbell({ alpha, heterogeneous: hetero, duration: DURATION }),
    })),
  ),
  ...ALPHAS.filter((a) => a < 1).flatMap((alpha) =>
    [false, true].map((hetero) => ({
      id: alphaId(alpha, hetero, true),
      label: `cubic, ${hetero ? 'heterogeneous' : 'homogeneous'}, RED, α ${alpha}, Weibull UDP sources (Table 3.1)`,
      scenario: () => seed000Ch4Dumbbell({ alpha, heterogeneous: hetero, udpSource: 'weibull', duration: DURATION }),
    })),
  ),
];

/** Seed 000 Tables 4.3 and 4.4: TCP and UDP tagged flows on the Ch. 4 dumbbell. */
export const seed000Table4344: ReproductionSpec = {
  id: 'seed-000-table-4-3-4-4',
  study: '000',
  figure: 'Tables 4.3–4.4',
  title: 'Ch. 4 dumbbell: tagged-flow jitter against the TCP share α, and delay with and without RED per TCP flavour',
  source:
    'Seed 000 (PhD thesis, IIT Guwahati 2020) §4.4, Tables 4.2–4.4, Figs 4.5–4.13; digest shared/spec/000-lblca.md §2A, §3',
  summary:
    'Ten flows share a 1.5 Mb/s, 50 ms bottleneck; α·10 are TCP (infinite FTP; α 0.2, 0.5, 0.8 and 1.0), the rest CBR over UDP (and, in the -weibull points, Weibull sources with Table 3.1’s UDP parameters). Table 4.3: peak-to-peak jitter of a tagged TCP and a tagged UDP flow rises with α (TCP Cubic); Figs 4.6–4.7: the tagged TCP flow’s delay rises to 408 / 820 ms at α = 1. Table 4.4: at α = 0.8, the tagged TCP flow’s mean delay with and without RED for Cubic, Compound and Reno, homogeneous and heterogeneous access delays; RED cuts Cubic’s delay by about 40 %.',
  base: () => seed000Ch4Dumbbell({ alpha: 0.8, duration: DURATION }),
  points: POINTS,
  seeds: SEEDS,
  startJitter: 1,
  metrics: [
    { name: 'tcpDelay', label: 'Tagged TCP mean delay', metric: 'meanDelayMs', flow: 'tcp0' },
    { name: 'tcpJitter', label: 'Tagged TCP jitter (p-p)', metric: 'ptpJitterMs', flow: 'tcp0' },
    ...(['udpJitter', 'udpDelay'] as const).map((name) => ({
      name,
      label: name === 'udpJitter' ? 'Tagged UDP jitter (p-p)' : 'Tagged UDP mean delay',
      metric: name === 'udpJitter' ? 'ptpJitterMs' : 'meanDelayMs',
      flow: 'udp9',
      // α = 1 has no UDP flow
      onlyPoints: withUdp(POINTS.map((p) => p.id)),
    })),
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
      [false, true].flatMap((hetero) =>
        [
          { metric: 'tcpJitter', value: v[hetero ? 1 : 0] },
          { metric: 'udpJitter', value: v[hetero ? 3 : 2] },
        ]
          .filter((x) => x.value != null)
          .map((x) => ({
            point: alphaId(alpha, hetero),
            metric: x.metric,
            numbers: [{ value: x.value! * 1000, where: 'Table 4.3 (s, shown in ms)' }],
          })),
      ),
    ),
    ...[false, true].map((hetero) => ({
      point: alphaId(1, hetero),
      metric: 'tcpDelay',
      numbers: [{ value: tcpDelayA1[env(hetero)] * 1000, where: '§4.4.1 observation 3 (100 % TCP; ms)' }],
    })),
    ...[false, true].map((hetero) => ({
      point: alphaId(0.8, hetero),
      metric: 'udpDelay',
      numbers: [{ value: hetero ? 200 : 120, where: '§4.4.1 observation 4 (ms)' }],
      note: '"a typical UDP flow with maximum background TCP traffic"; α = 0.8 is our largest α with a UDP flow',
    })),
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
      text: hetero
        ? 'The tagged TCP flow’s jitter rises with α (heterogeneous, 0.2 → 0.8; Table 4.3’s α = 1 value is negative)'
        : 'The tagged TCP flow’s jitter rises with α (homogeneous, 0.2 → 0.8 → 1.0: thesis 0.509 → 1.447 → 1.513 s; Table 4.3 has a dip at 0.5)',
      metric: 'tcpJitter',
      points: hetero ? [alphaId(0.2, true), alphaId(0.8, true)] : [0.2, 0.8, 1].map((a) => alphaId(a, false)),
      direction: 'increasing' as const,
      explanation:
        'Ours rises from α 0.2 to 0.8 (89 → 124 ms homogeneous) and then stays level: 120 ± 18 ms at α 1 against 124 ± 13 at 0.8, within the spread of 15 seeds. Peak-to-peak jitter is a run’s largest one-way delay minus its smallest, and the largest is capped by the bottleneck’s RED queue: ns-2’s RED counts its 50-packet limit in bytes (50 × mean_pktsize 500 B: arrivals are refused once 25 000 B wait), ≈ 133 ms at 1.5 Mb/s plus the segment on the wire, so no seed exceeds 146 ms at α 0.8 or 1. The seeds well below the cap (66–108 ms) are runs in which tcp0’s segments never met the queue near its limit; adding the last two TCP flows cannot raise the cap. At α 0.2 the eight CBR flows overload the bottleneck (1.6 Mb/s) and tcp0 sends only 60–270 segments in 100 s through a queue held at its 50-packet limit of mostly 210-B datagrams, so it meets a narrower range of delays. The thesis’s small further rise (1.447 → 1.513 s) is in seconds, far beyond any 25 000-B queue — see udp-jitter-below-tcp for why its TCP jitter is so much larger.',
    })),
    ...[false, true].map((hetero) => ({
      id: `tcp-delay-rises-${env(hetero)}`,
      kind: 'trend' as const,
      text: `The tagged TCP flow’s mean delay rises with α, 0.2 → 0.5 → 0.8 → 1.0 (${env(hetero)}; Figs 4.6–4.7: up by ${hetero ? '400' : '200'} % to ${tcpDelayA1[env(hetero)] * 1000} ms at 100 % TCP)`,
      metric: 'tcpDelay',
      points: ALPHAS.map((a) => alphaId(a, hetero)),
      direction: 'increasing' as const,
      explanation:
        'Ours does not rise: 91–110 ms at every α, highest at α 0.2 (homogeneous 109 → 94 → 91 → 94 ms, heterogeneous 110 → 96 → 94 → 95 ms). It is ≈ 59 ms of propagation (52 ms) and transmission plus the bottleneck’s queue, and the bottleneck is saturated at every α (eight CBR flows of 0.2 Mb/s already offer 1.6 Mb/s at α 0.2). At α 0.2 those CBR flows do not answer RED’s drops and hold the queue at its 50-packet limit (46 packets, ≈ 8.5 kB on average); from α 0.5 on the TCP flows back off and RED holds the average queue between its thresholds (5 and 15 × 500 B) — 5.8–6.5 kB at α 0.5, 0.8 and 1 (seeds 1–3), whatever the mix. The thesis’s delay grows 200–400 % to 408 / 820 ms at α 1: it times segments including retransmissions (§4.4.1, eq. 4.27: A_d = Σ(1 + p)(X + Y + Z)) through "infinite" router buffers, so more TCP flows mean more retransmitted segments and a longer standing queue; with RED’s 25 000-B limit and one-way delay per transmitted packet neither grows.',
    })),
    ...[false, true].flatMap((hetero) =>
      [false, true].map((weibull) => ({
        id: `udp-jitter-rises-${env(hetero)}${weibull ? '-weibull' : ''}`,
        kind: 'trend' as const,
        text: `The tagged UDP flow’s jitter rises with α, 0.2 → 0.5 → 0.8 (${env(hetero)}, ${weibull ? 'Weibull UDP sources' : 'CBR'}; Table 4.3: ${hetero ? '105 → 118 → 200' : '120 → 150 → 180'} ms)`,
        metric: 'udpJitter',
        points: [0.2, 0.5, 0.8].map((a) => alphaId(a, hetero, weibull)),
        direction: 'increasing' as const,
        ...(weibull ? { explanation: weibullJitterFlat } : {}),
      })),
    ),
    ...[false, true].map((hetero) => ({
      id: `udp-jitter-below-tcp-${env(hetero)}`,
      kind: 'less' as const,
      text: `The tagged UDP flow’s jitter is well below the tagged TCP flow’s (α 0.8, ${env(hetero)}; thesis 0.18–0.2 s vs 1.4–1.6 s)`,
      left: { point: `cubic-${env(hetero)}-red`, metric: 'udpJitter' },
      right: { point: `cubic-${env(hetero)}-red`, metric: 'tcpJitter' },
      factor: 0.5,
      explanation:
        'Ours: tagged UDP jitter 137 ms, tagged TCP 124 ± 13 ms (homogeneous) and 135 ± 9 ms (heterogeneous) at α = 0.8 (15 seeds of 100 s) — both are bounded by the same queue, which every packet crosses and which swings from empty to RED’s hard limit (25 000 B waiting: ≈ 133 ms at 1.5 Mb/s). The UDP flow sends 137 datagrams a second and meets both extremes in every run (135–139 ms over the seeds); the TCP flow sends about 19 segments a second and misses the full queue in some runs (67–147 ms), so its mean comes out slightly below the UDP flow’s rather than far above it. The thesis’s tagged TCP jitter of 1.4–1.6 s includes retransmission delays ("the significant increase … can be attributed to … retransmissions", §4.4.1): it evidently timed a segment from its first transmission to its eventual delivery, whereas our one-way delay times each transmitted packet, so a retransmitted segment’s wait at the sender is not in it. With its "infinite" router buffers the queue could also grow far beyond our 25 000 B.',
    })),
  ],
  notes: [
    'Full runs: 100 s (the thesis gives no length for Ch. 4; its Ch. 5 and Ch. 6 ns-2 runs last 50–100 s) with 15 seeds, as its 15 iterations (flow starts jittered by up to 1 s). The whole entry, 24 points × 15 seeds, takes ≈ 20 s of CPU on one core (≈ 0.05 s a run; 30 s of wall time on a shared two-core machine).',
    'Topology (Table 4.2, Fig. 4.5): LAN 10 Mb/s, bottleneck 1.5 Mb/s with 50 ms, RED there and DropTail on the access links; TCP 1000-byte segments (the text; Table 4.2 says 1460), window up to 1000 packets; UDP 210-byte datagrams at 0.2 Mb/s each (rate ours). Bottleneck buffer 50 packets (ns-2’s default queue limit; the text also says "infinite buffer space"), RED with ns-2’s defaults, which measure the queue in bytes (queue_in_bytes_, mean_pktsize_ 500 B): thresholds 5 and 15 × 500 B, and the limit also refuses arrivals once 50 × 500 = 25 000 B wait (red.cc: qlim × mean_pktsize) — at most 25 TCP segments, ≈ 133 ms at 1.5 Mb/s. That byte limit caps every tagged flow’s peak-to-peak jitter near 140–150 ms; the 50-packet limit binds first only when most waiting packets are 210-B datagrams (α 0.2).',
    'Tagged flows: tcp0 (the first TCP flow) and udp9 (the last flow, UDP whenever α < 1). Heterogeneous: destination i at 1 + 2i ms, so tcp0 has the shortest and udp9 the longest path.',
    'α = 1 (all ten flows TCP): Table 4.3 gives the homogeneous TCP jitter (1.513 s) and prints −4.69 s for the heterogeneous one (a negative peak-to-peak value; not compared); the tagged TCP delays 408 / 820 ms are §4.4.1’s observation 3. α = 1 has no UDP flow, so the tagged-UDP metrics are not measured there. §4.4.1’s UDP delays "with maximum background TCP" (120 / 200 ms) are set beside α = 0.8, our largest α with a UDP flow.',
    'Weibull points (-weibull): the UDP flows draw gaps and sizes from Table 3.1’s "UDP only" Weibull laws (gaps β 0.61658, η 0.00941 read in s: mean 13.6 ms; sizes β 1.10141, η 826.505 B, cut to 40–1500 B: mean ≈ 800 B), ≈ 0.47 Mb/s each instead of 0.2 Mb/s CBR. The thesis’s Ch. 4 ns-2 runs send CBR (§4.4.1) and bring Table 3.1’s Weibull laws in through a DelayBox (§4.2, parameters not given per flow); the Weibull sources show how the measured burstiness changes the tagged flows. Hyperexponential arrivals appear only in the Ch. 6 fluid model (§6.2.1; seed-000-table-6-1), not in Ch. 4.',
    'TCP Compound follows ns-2.35’s Linux compound module (src/transport/cc/Compound.ts), as the thesis’s ns-2 runs would.',
  ],
  preset: 'seed000-ch4-dumbbell',
};
