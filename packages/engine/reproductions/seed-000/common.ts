import type { NamedMetric } from '../../src/experiment/experiment.js';
import { seed000Cross2, seed000Cross3, seed000Linear, type Seed000Mode } from '../../src/scenario/seed000Lblca.js';
import type { ScenarioInput } from '../../src/scenario/types.js';

/**
 * Shared parts of the seed-000 Chapter 6 entries. The thesis runs 100 s and averages 15 runs, and
 * every Ch. 6 table entry runs at that full length (CH6_FULL). CH6_REDUCED (2 s, about 30 LbLCA
 * update periods of one RTT, with 3 seeds) is there for quick runs of one's own: give it to an
 * entry instead of CH6_FULL and its notes say so (ch6Notes). The occupancy entry runs 100 s × 15.
 * The test suite reruns each full-length table shortened (its quickCheck).
 */
export interface Ch6Length {
  duration: string;
  seeds: readonly number[];
}
export const CH6_REDUCED: Ch6Length = { duration: '2s', seeds: [1, 2, 3] };
export const CH6_FULL: Ch6Length = { duration: '100s', seeds: Array.from({ length: 15 }, (_, i) => i + 1) };
/** The duration the Ch. 6 scenario builders give a scenario (an entry at full length overrides it with `atLength`). */
export const CH6_DURATION = CH6_REDUCED.duration;

/** The scenario at the entry's length. */
export const atLength = (sc: ScenarioInput, length: Ch6Length): ScenarioInput => ({ ...sc, duration: length.duration });

/**
 * The LbLCA update period of the entries: 2 ms. The thesis's d = RTT (60 ms here) lets a
 * 400-packet buffer fill from empty in 19 ms at 170 Mb/s between two updates, while eq. 6.5 holds
 * the port at δ as long as its own buffer is below b_l·B: the linear chain then loses most of
 * its packets (Table 6.3's `d = RTT` points show it).
 */
export const CH6_PERIOD = '2ms';

const opts = (mode: Seed000Mode, capacity: number, buffers: number | number[], period = CH6_PERIOD) => ({
  mode,
  lblca: { period },
  capacity: `${capacity}Mbps`,
  buffers,
  duration: CH6_DURATION,
  probeInterval: '20ms',
});

export const linear3 = (
  lambda: number,
  capacity: number,
  buffer: number,
  mode: Seed000Mode,
  period = CH6_PERIOD,
): ScenarioInput => seed000Linear(3, `${lambda}Mbps`, opts(mode, capacity, buffer, period));

export const cross2 = (l1: number, l2: number, capacity: number, buffers: number[], mode: Seed000Mode) =>
  seed000Cross2(`${l1}Mbps`, `${l2}Mbps`, opts(mode, capacity, buffers));

export const cross3 = (l: [number, number, number], capacity: number, buffers: number[], mode: Seed000Mode) =>
  seed000Cross3(`${l[0]}Mbps`, `${l[1]}Mbps`, `${l[2]}Mbps`, opts(mode, capacity, buffers));

/** PDR, delay, jitter, throughput and efficacy of all the flows together (§6.3.1). */
export const CH6_METRICS: NamedMetric[] = [
  { name: 'pdr', label: 'PDR', metric: 'meanPdr' },
  { name: 'delay', label: 'Network delay', metric: 'pooledDelayMs' },
  { name: 'jitter', label: 'Jitter (p-p)', metric: 'pooledPtpJitterMs' },
  { name: 'throughput', label: 'Throughput', metric: 'aggregateGoodputBps' },
  { name: 'efficacy', label: 'Efficacy', metric: 'pooledEfficacyDb' },
];

/** The note on the entry's run length: the thesis's 100 s × 15 runs, with its cost, or the reduced 2 s × 3 seeds. */
const lengthNote = (length: Ch6Length): string =>
  length === CH6_FULL
    ? 'Full runs: 100 s, the thesis’s ns-2 length, with 15 seeds as its 15 repetitions; the mean ± 95 % CI over seeds is shown. Cost: a 100-s run of the linear chain or the 2-input cross is 13–20 M events, ≈ 2.5–4 s of CPU; the 315 runs of Table 6.3 took ≈ 80 minutes and the 300 of Tables 6.4–6.5 ≈ 40, as two processes on a shared 2-core machine (load average ≈ 10). The 3-input cross of Tables 6.6–6.7 is 35–190 M events a run (λ 1530 at capacity 1500: 190 M), 15–100 s of CPU each; its 240 runs took about two hours as two processes on the same shared machine.'
    : 'Reduced runs: 2 s instead of the thesis’s 100 s, and 3 seeds instead of its 15 repetitions; the mean ± 95 % CI over seeds is shown. In 2 s the TCP baseline is still recovering from its opening slow start; over 100 s it delivers far more, with PDR 0.999 and the same short RED queues. The recorded entries run the full length (100 s × 15 seeds; cost in their first note).';

/** The notes every Ch. 6 table shares, the first one on its run length. */
export const ch6Notes = (length: Ch6Length): string[] => [
  lengthNote(length),
  'Buffers are Table 6.1’s values read as packets of 1000 bytes (Algorithm 2: "B_i ← buffer size of i-th router in number of packets"); Table 6.1 itself says Mb, Table 6.2 "Mbps" (digest 000 §2 [AMBIGUOUS]; seed-000-table-6-1 shows both readings).',
  'Topology (Table 6.2): LAN access 5 ms, WAN core 10 ms, 1000-byte packets; every router port at the x-axis capacity; λ split over 5 CBR sources per input (randomised intervals). LbLCA: CBR over RTP/UDP, set points b_l 0.1 / b_u 0.9 (Algorithm 2), δ 5 % of capacity, repaired eq. 6.6, and an update period d of 2 ms instead of the thesis’s d = RTT (see the d = RTT point and the period probes of seed-000-table-6-3). Baseline: TCP Reno (CBR-driven, window up to 1000 packets) through RED with the same buffers.',
  'Metrics over all flows together: PDR = packets received / sent (retransmissions count as sent); delay the mean one-way delay of every delivered packet; jitter the largest minus smallest one-way delay (p-p); throughput the aggregate goodput; efficacy 10·log10(PDR / (delay / 100 ms)).',
  'Throughput: the thesis prints about 90 "Mbps" for λ = 170–1530 Mb/s, which cannot be Mb/s; read as a percentage of the offered load λ, ours is compared as aggregate goodput with the thesis value noted beside it.',
];

/** Why our TCP Reno + RED baseline has short queues, from the full-length (100 s × 15 seeds) runs of the linear chain (Table 6.3). */
export const TCP_BASELINE_FULL =
  'Our TCP Reno baseline runs through RED with ns-2.35’s default parameters, and its queues stay short: over 100 s its mean one-way delay is 30.3–31.0 ms, the chain’s 30 ms of propagation plus about a millisecond of queueing, its peak-to-peak jitter 6.8–9.5 ms (the same in every seed: the extremes come from the opening slow start) and its PDR 0.999 — where the thesis reports 350–600 ms of delay, ≈ 1–2 s of jitter and PDR ≈ 0.78–0.80. Such delays need standing queues of thousands of packets (Table 6.1’s buffers read as Mb: 400 Mb = 50 000 packets) with a RED that lets them build; the thesis gives neither its RED parameters nor its TCP settings. LbLCA’s own jitter is tens of ms, as the thesis says; the ratio to TCP’s is what differs.';

/** Why TCP carries less than λ near the load and all of it well above (Table 6.3 at full length). */
export const TCP_THROUGHPUT_FULL =
  'Over 100 s our TCP baseline carries 119, 126, 139, 155 and 170 Mb/s of λ 170 at capacities 170–240, and 260–290 Mb/s of λ 400 (the 2-s runs, still in slow-start recovery: ≈ 27 and 47 Mb/s). It stays below λ while the capacity is close to λ because RED keeps the queue at about a millisecond, far below the path’s bandwidth-delay product (≈ 1300 packets at 170 Mb/s over a 60-ms RTT), so each of Reno’s halvings leaves the bottleneck idle; at capacity 240 the spare 70 Mb/s absorbs the halvings and TCP carries all of λ (169.9 Mb/s) while LbLCA loses 1.7 % at B1 (167.1 Mb/s). At capacity 200 LbLCA is below TCP because of the limit cycle described under lblca-pdr.';

/** What LbLCA does on the linear chain at λ 170, capacity 200, in 100-s runs. */
export const LBLCA_LIMIT_CYCLE =
  'At λ 170 into capacity 200 our LbLCA delivers only 0.74 over 100 s (0.69–0.82 over 15 seeds), where 180 and 220 deliver 1.00 and 0.96 and the 2-s runs gave 0.92. B1’s controller falls into a limit cycle: its port to B2 alternates between the line rate and δ (5 % of capacity, 10 Mb/s), because eq. 6.5’s target rate goes negative (−25 to −33 Mb/s in the samples) whenever B2 reports an occupancy share near 0.19 with a mean sending rate Fb(b) of 105 Mb/s; with the port at δ, B1’s 400 packets fill in 2.4 ms and overflow (seed 1: 617 000 overflow drops at B1 → B2, port utilisation 0.64). The controller is the thesis’s Algorithm 2 with the repaired eq. 6.6 and d = 2 ms (see the notes); the thesis reports no such operating point, and we did not find which of its unstated details (feedback timing, its MAC-layer rate control) avoids it. The update period decides which operating points cycle, and not monotonically: the entry also runs d = 1, 5 and 10 ms at capacities 180, 200 and 220 (points lblca-d…-l170-c…, 15 seeds each). Mean PDR at 180 / 200 / 220: d = 1 ms 0.98 / 0.94 / 0.97; 2 ms 1.00 / 0.74 / 0.96; 5 ms 1.00 / 0.79 (0.61–0.995 by seed) / 0.92; 10 ms 0.93 / 0.89 / 0.86; d = RTT (60 ms) 0.26 at 200. No period gives the thesis’s ≥ 97 % at all three capacities. We keep d = 2 ms, chosen before these runs: picking a period per point to agree with the thesis would be tuning.';

/** LbLCA's peak-to-peak jitter at λ 400 over 100 s. */
export const LBLCA_JITTER_FULL =
  'LbLCA’s peak-to-peak jitter at λ 400 over 100 s is 20.8, 32.9, 13.1, 47.9 and 50.8 ms for capacities 400–450 (at 450: 46.9–52.1 over 15 seeds), at 450 just over the 50 ms we take as “tens of ms”. It is the spread between the fastest and the slowest of all packets in 100 s, set by the rare moments when both controlled routers hold most of their 900 packets (16 ms each at 450 Mb/s); the thesis’s 6–8 ms is below what even one such buffer can hold, like its delays (see the delay notes of Tables 6.4–6.7).';

/** Why our TCP baseline has short queues on the 2-input cross, from the full-length runs (Tables 6.4–6.5). */
export const TCP_BASELINE_CROSS_FULL =
  'Our TCP Reno baseline runs through RED with ns-2.35’s default parameters, and its queues stay short: over 100 s on the 2-input cross its mean one-way delay is 20.0–21.9 ms, the 20 ms of propagation plus at most two milliseconds of queueing, its peak-to-peak jitter 6.2–16.8 ms (the same in every seed: the extremes come from the opening slow start) and its PDR 0.999 — where the thesis reports 380–410 ms of delay, 1.3–1.4 s of jitter and PDR 0.79–0.81. Such delays need standing queues of thousands of packets (Table 6.1’s buffers read as Mb) with a RED that lets them build; the thesis gives neither its RED parameters nor its TCP settings. With both our TCP and our LbLCA queueing only milliseconds, the tenfold ratios the thesis reports do not appear.';

/** Throughput on the 2-input cross over 100 s: a tie once the capacity exceeds the load. */
export const CROSS_THROUGHPUT_FULL =
  'Over 100 s, at capacities 400 and 500 both deliver all of λ1 + λ2 = 250 Mb/s (249.94 Mb/s each, every seed), so neither is below the other; at 200, below the load, and at 300 TCP delivers less (163 and 244 Mb/s against LbLCA’s 169 and 250). The 2-s runs, with TCP still recovering from its opening slow start (104–131 Mb/s), showed TCP below LbLCA at every capacity.';

/** LbLCA's PDR on the 2-input cross over 100 s. */
export const CROSS_PDR_FULL =
  'Over 100 s our LbLCA delivers 99.98 % at capacities 380–440, in every seed — more than the thesis’s 98.2–98.5 %: with the capacity above λ1 + λ2 = 350 Mb/s only 0.02 % of the packets are lost. At 340 (below the load) and 360 it delivers 0.87 and 0.92 (the overload note).';

/** Efficacy on the 2-input cross over 100 s: set by the delay once both deliver everything. */
export const CROSS_EFFICACY_FULL =
  'Efficacy is 10·log10(PDR / (delay / 100 ms)). Over 100 s both deliver 99.9 % or more at capacities 380–440, so the delay decides it: our TCP’s 20.1–21.4 ms (RED keeps its queue at about a millisecond) against LbLCA’s 22.3–22.8 ms (it keeps the first router’s buffer around b_l·B) gives TCP 6.7–7.0 dB and LbLCA 6.4–6.5 dB; at 340 and 360 LbLCA also loses 13 % and 8 % (2.8 and 3.4 dB). The thesis’s −7 dB for TCP follows from its 400-ms delays and 80 % PDR.';

/** Why LbLCA loses packets when the outgoing capacity is at or below the offered load. */
export const CBR_OVERLOAD =
  'LbLCA throttles router ports, not the CBR sources (the thesis switches end-host congestion control off): whatever the network cannot carry is lost at the first routers. Over 100 s, when the capacity is below the offered load (2-input λ 250 into 200 Mb/s; Table 6.5’s 350 into 340; 3-input 1530 into 1000 and 1500, 390 into 350) the best possible PDR is capacity/λ (0.80; 0.97; 0.65 and 0.98; 0.90) and ours is below it (0.68; 0.87; 0.63 and 0.93; 0.84). Near the load the first routers also lose packets whenever eq. 6.5 holds a port at δ (its own buffer at or below b_l·B, or its neighbour’s at or above b_u·B) while the sources keep sending: linear λ 170 into 170, 180, 200, 220, 240: 0.96, 1.00, 0.74, 0.96, 0.98; λ 400 into 400–450: 0.95–1.00; 2-input 350 into 360: 0.92; 3-input 390 into 400 and 450: 0.93 and 0.99. Well above the load (2-input 250 into 300–500 and 350 into 380–440, 3-input 390 into 500 and 1530 into 2000–2500) ours is 0.9996–0.9998, above the thesis’s 97–99 %. The thesis’s 97–98 % at capacities below the load cannot come from unthrottled CBR over these links; its MAC-layer ns-2 code (not available) may have pushed back on the sources.';

/** Why our one-way delay is not a few ms. */
export const DELAY_FLOOR =
  'Our one-way delay includes propagation: two 5 ms access links and the 10 ms core links (Table 6.2’s maxima) give 30 ms on the linear chain, 20 ms on the 2-input cross and 20–30 ms on the 3-input cross before any queueing, and LbLCA keeps the first router’s buffer around b_l·B or more (40+ packets, ≈ 2 ms per router). The thesis’s 5–7 ms is below the propagation delay of its own Table 6.2, so it cannot be the same quantity (queueing delay only, or shorter links); its TCP delays (≈ 400–580 ms) are compared with that caveat too.';

/** Why our TCP baseline has short queues on the 3-input cross, from the full-length runs (Tables 6.6–6.7). */
export const TCP_BASELINE_CROSS3_FULL =
  'Our TCP Reno baseline runs through RED with ns-2.35’s default parameters, and its queues stay short: over 100 s on the 3-input cross its mean one-way delay is 25.8–27.1 ms, the flows’ 20–30 ms of propagation (25.9 ms weighted by λ) plus about a millisecond of queueing, its peak-to-peak jitter 19–32 ms (the same in every seed: the extremes come from the opening slow start) and its PDR 0.999 — where the thesis reports 517–583 ms of delay, 1.1–2.2 s of jitter and PDR 77–79 %. Such delays need standing queues of thousands of packets (Table 6.1’s buffers read as Mb) with a RED that lets them build; the thesis gives neither its RED parameters nor its TCP settings.';

/** LbLCA's delay and jitter on the 3-input cross over 100 s: half-full buffers, large ones. */
export const CROSS3_LBLCA_QUEUES =
  'On the 3-input cross our LbLCA’s delay and jitter are far above the thesis’s, and above our TCP’s: eq. 6.5 steers each downstream buffer between b_l·B and b_u·B, and Table 6.1’s 3-input buffers are large. At λ 390 (180/70/140) into 400 Mb/s the merge router B5 holds 624 of its 1250 packets on average (12.5 ms at 400 Mb/s) and B1 and B2 about half of theirs (seed 1), so a packet from s1 waits ≈ 45 ms in three queues: mean delay 61 ms and peak-to-peak jitter 117 ms at capacity 400, against 32 and 33 ms at 500. At λ 1530 the mean delay is 118 ms at capacity 1000 and 67 at 1500, where the load exceeds the capacity and the routers’ buffers fill (full, B1, B2 and B5 hold 97 ms of λ1’s traffic at 1 Gb/s), and 32 and 31 ms at 2000 and 2500 (25.9 ms of propagation weighted by λ plus a few ms of queueing), with jitter 201, 118, 29 and 27 ms. The thesis’s 6–7 ms of delay is below the propagation delay of its own Table 6.2, so it cannot be the same quantity (queueing only, or shorter links), and its ≈ 20 ms of jitter is less than one of these buffers half full; with our TCP’s queues at about a millisecond under RED, the thesis’s tenfold advantage of LbLCA turns into a disadvantage here.';

/** Throughput on the 3-input cross over 100 s. */
export const CROSS3_THROUGHPUT_FULL =
  'Over 100 s at λ 390 our TCP carries 276, 331 and 375 Mb/s at capacities 350, 400 and 450 against LbLCA’s 326, 362 and 385; at 500 both carry all of λ (389.9 and 389.9 Mb/s), so neither is below the other. At λ 1530 LbLCA carries 960, 1418 and 1530 Mb/s at 1000, 1500 and 2000–2500, TCP 761, 1140 and 1467: above the load TCP stays ≈ 4 % short of λ because of λ1’s flows: each needs ≈ 900 packets in flight (120 Mb/s over a 60-ms RTT), and the four of seed 1 that lost a packet in their opening slow start (one timeout each) climb back linearly in congestion avoidance and average ≈ 104 of 120 Mb/s over the 100 s, while the λ2 and λ3 flows that lost one (62 and 124 Mb/s, 465 and 620 packets in flight) recover fully; RED’s queues hold under 5 packets and drop 0.03 % of the packets (seed 1). The thesis prints its throughput as about 79 and 92 in a Mbps column, read as % of λ.';
