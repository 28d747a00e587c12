/**
 * Demos about TCP's own dynamics on a dumbbell (builders.ts): slow start and the sawtooth, RTT
 * unfairness, CUBIC against NewReno on a long fat pipe, BBR against CUBIC in a shallow buffer.
 * Each demo's design constants are the inputs of both its scenario and the reasoning behind its
 * claims' bounds, so a bound never comes from a run's output.
 */
import { dumbbell } from '../scenario/builders.js';
import type { ScenarioInput } from '../scenario/types.js';
import { flatten } from './layout.js';
import { demoSimulation, runWindows } from './measure.js';
import { claim, DEMO_WINDOW_S, type Demo } from './types.js';

/** Packets on the wire are the TCP default: 1000 bytes (header included). */
const PKT_BITS = 8000;
const ns = (s: number) => s * 1e9;

// ─── 1. Slow start and the sawtooth ──────────────────────────────────────────────────────────

/** One NewReno flow: 10 Mb/s, 60 ms base RTT (2 × (5 + 20 + 5) ms), a buffer of one BDP. */
export const SLOW_START = { rateBps: 10e6, rttS: 0.06, bufferPackets: 75, initialWindow: 2 } as const;
const ssBdp = (SLOW_START.rateBps * SLOW_START.rttS) / PKT_BITS; // 75 packets

function slowStartScenario(): ScenarioInput {
  const s = dumbbell({
    name: 'Demo: slow start and the sawtooth',
    description:
      'One NewReno flow on a 10 Mb/s bottleneck with a 60 ms round trip and a buffer of one bandwidth-delay product (75 packets). cwnd doubles every round trip until the first loss, then grows by one segment per round trip and halves at each loss: the sawtooth.',
    flows: [{ transport: { type: 'tcp', cc: 'newreno' } }],
    bottleneckRate: '10Mbps',
    bottleneckDelay: '20ms',
    bottleneckBuffer: `${SLOW_START.bufferPackets} packets`,
    accessRate: '100Mbps',
    accessDelay: '5ms',
    accessBuffer: '1000 packets',
    duration: `${DEMO_WINDOW_S}s`,
    probeInterval: '20ms',
  });
  s.flows[0]!.id = 'newreno';
  return s;
}

export const slowStartDemo: Demo = {
  id: 'slow-start',
  title: 'Slow start and the sawtooth',
  point:
    'cwnd doubles every round trip until the first loss, then climbs one segment per round trip and halves at each loss.',
  note: {
    show: 'The cwnd chart: the steep curve of the first 0.6 s (slow start), the overshoot and its timeout (✕), a second slow start up to ssthresh, then the sawtooth. The queue gauge fills as cwnd passes the pipe (75 packets) and empties after each halving.',
    ask: 'The window starts at 2 packets and the pipe holds 75 plus 75 in the buffer. How many round trips until the first loss — about 7, or about 150?',
    answer:
      'About 7: doubling from 2 passes 150 after 7 round trips (the first loss comes at 0.6 s), where adding one a round trip would take 150 round trips (9 s or more).',
    changes: [
      {
        label: 'Shrink the buffer to 10 packets',
        effect:
          'The halved window (about 42) is now below the pipe (75): the link idles after each loss, the throughput chart dips.',
        edits: [{ link: 'r1-r2', set: { buffer: '10 packets' } }],
      },
      {
        label: 'Halve the bottleneck to 5 Mb/s',
        effect:
          'The pipe halves (37 packets): a loss follows at once, and the teeth now climb from about 65 to 110 — lower and as slow.',
        edits: [{ link: 'r1-r2', set: { rate: '5Mbps' } }],
      },
    ],
  },
  scenario: slowStartScenario,
  verify(s = slowStartScenario()) {
    const sim = demoSimulation(s);
    const f = sim.flows[0]!;
    const cwnd: [number, number][] = [];
    for (let t = 0.001; t <= DEMO_WINDOW_S + 1e-9; t += 0.001) {
      sim.runUntil(ns(t));
      cwnd.push([sim.nowNs, f.sender.congestion()?.cwnd ?? NaN]);
    }
    const events = sim.flowEvents().filter((e) => e.kind === 'fast-retransmit' || e.kind === 'timeout');
    const first = events[0]?.tNs ?? Infinity;
    const before = cwnd.filter(([t]) => t < first);
    const wLoss = before.length ? before[before.length - 1]![1] : NaN;
    // the slow-start episode (overshoot, recovery, maybe a timeout and a second slow start up to
    // ssthresh) is over 2 s after the first loss; from then on, the sawtooth
    const settled = first + ns(2);
    const minAfter = Math.min(...cwnd.filter(([t]) => t > settled).map(([, w]) => w));
    const pipe = ssBdp + SLOW_START.bufferPackets; // 150 packets: the pipe plus the buffer
    // Doubling from the initial window to wLoss takes log2(wLoss / IW) rounds; a round lasts at
    // least the base RTT and at most the base RTT plus a full buffer's delay (60 + 60 ms); the
    // handshake takes one more round. Linear growth would need (wLoss − IW) rounds.
    const rounds = Math.log2(wLoss / SLOW_START.initialWindow) + 1;
    const maxRoundS = SLOW_START.rttS + (SLOW_START.bufferPackets * PKT_BITS) / SLOW_START.rateBps;
    // A tooth climbs from pipe/2 to pipe at one segment per round trip: pipe/2 rounds of at most
    // maxRoundS each (75 × 0.12 s = 9 s), so the rest of the window holds at least ⌊rest / 9 s⌋ teeth.
    const toothS = (pipe / 2) * maxRoundS;
    const later = events.filter((e) => e.tNs > settled);
    return [
      claim(
        'the first loss comes within log2(cwnd at loss / 2) + 1 round trips of at most 120 ms each (doubling per round trip)',
        first / 1e9,
        '<=',
        rounds * maxRoundS,
        's',
      ),
      claim('cwnd at the first loss is at least the pipe plus the buffer (150 packets)', wLoss, '>=', pipe, 'packets'),
      claim(
        'losses of the sawtooth (from 2 s after the first loss), one per tooth of at most 75 round trips of 120 ms',
        later.filter((e) => e.kind === 'fast-retransmit').length,
        '>=',
        Math.floor((ns(DEMO_WINDOW_S) - settled) / ns(toothS)),
        'fast retransmits',
      ),
      claim(
        'timeouts in the sawtooth (one loss per tooth: fast retransmit recovers it)',
        later.filter((e) => e.kind === 'timeout').length,
        '<=',
        0,
        '',
      ),
      claim(
        'cwnd in the sawtooth stays above 0.45 × (pipe + buffer): each loss halves a window of at least pipe + buffer, never resets it to 1',
        minAfter,
        '>=',
        0.45 * pipe,
        'packets',
      ),
    ];
  },
};

// ─── 2. RTT unfairness ───────────────────────────────────────────────────────────────────────

/** Two NewReno flows on one 10 Mb/s bottleneck; base RTTs 40 ms and 160 ms; 50-packet buffer. */
export const RTT_UNFAIR = { rateBps: 10e6, shortRttS: 0.04, longRttS: 0.16, bufferPackets: 50 } as const;

function rttUnfairScenario(): ScenarioInput {
  const s = dumbbell({
    name: 'Demo: RTT unfairness',
    description:
      'Two NewReno flows share a 10 Mb/s bottleneck: one with a 40 ms round trip, one with 160 ms. Both grow one segment per round trip, so the short one grows four times as fast and takes most of the link.',
    flows: [{ transport: { type: 'tcp', cc: 'newreno' } }, { transport: { type: 'tcp', cc: 'newreno' } }],
    bottleneckRate: '10Mbps',
    bottleneckDelay: '10ms',
    bottleneckBuffer: `${RTT_UNFAIR.bufferPackets} packets`,
    accessRate: '100Mbps',
    accessDelay: '5ms',
    accessDelays: ['5ms', '65ms'],
    duration: `${DEMO_WINDOW_S}s`,
    probeInterval: '50ms',
  });
  s.flows[0]!.id = 'rtt-40ms';
  s.flows[1]!.id = 'rtt-160ms';
  s.nodes.find((n) => n.id === 's0')!.label = 'near (40 ms)';
  s.nodes.find((n) => n.id === 's1')!.label = 'far (160 ms)';
  return flatten(s, 30);
}

export const rttUnfairnessDemo: Demo = {
  id: 'rtt-unfairness',
  title: 'RTT unfairness',
  point: 'Two NewReno flows on one link: the 40 ms flow takes several times the 160 ms flow’s throughput.',
  note: {
    show: 'The throughput chart: the near flow (40 ms) sits far above the far one (160 ms); the cwnd chart shows the near flow’s teeth four times as steep.',
    ask: 'Same link, same algorithm, same start. Do they share 50/50?',
    answer:
      'No: each grows one segment per round trip, so the near flow grows 4× as fast and, with the same losses, holds a window worth several times the far flow’s rate (throughput ∝ 1/RTT, or faster).',
    changes: [
      {
        label: 'Switch the far flow to CUBIC',
        effect: 'CUBIC grows with time since the last loss, not per round trip: the far flow’s share grows.',
        edits: [{ flow: 'rtt-160ms', cc: 'cubic' }],
      },
      {
        label: 'Switch the bottleneck to FQ-CoDel',
        effect: 'Fair queueing serves the two flows in turn: their throughputs meet whatever their round trips.',
        edits: [{ link: 'r1-r2', set: { queue: { type: 'fq-codel' } } }],
      },
    ],
  },
  scenario: rttUnfairScenario,
  verify(s = rttUnfairScenario()) {
    const { snaps } = runWindows(s, ['r1->r2'], []);
    const gp = snaps[0]!.goodputBytes;
    // Throughput ∝ 1/RTT^a with a between 1 and 2 (Lakshman & Madhow 1997; a = 1 for Mathis et
    // al. 1997's W ∝ 1/√p at equal loss rates). Queueing delay q adds to both RTTs and narrows the
    // ratio; the most it adds is a full buffer, 50 × 0.8 ms = 40 ms: (160 + 40) / (40 + 40) = 2.5.
    const qS = (RTT_UNFAIR.bufferPackets * PKT_BITS) / RTT_UNFAIR.rateBps;
    const bound = (RTT_UNFAIR.longRttS + qS) / (RTT_UNFAIR.shortRttS + qS);
    return [
      claim(
        'goodput of the 40 ms flow over the 160 ms flow’s; bound (160 + 40) / (40 + 40): throughput ∝ 1/RTT, a full buffer’s 40 ms added to both',
        gp[0]! / gp[1]!,
        '>=',
        bound,
        '×',
      ),
    ];
  },
};

// ─── 4. CUBIC vs NewReno ─────────────────────────────────────────────────────────────────────

/** A long fat pipe: 100 Mb/s, 50 ms base RTT (BDP 625 packets), 400-packet buffer. */
export const CUBIC_RENO = { rateBps: 100e6, rttS: 0.05, bufferPackets: 400, cubicBeta: 0.7, renoBeta: 0.5 } as const;

function cubicRenoScenario(): ScenarioInput {
  const s = dumbbell({
    name: 'Demo: CUBIC vs NewReno on a long fat pipe',
    description:
      'A CUBIC flow and a NewReno flow share a 100 Mb/s bottleneck with a 50 ms round trip (625 packets in flight). After a loss CUBIC keeps 70 % of its window and regrows it in a few seconds; NewReno keeps half and adds one segment per round trip.',
    flows: [{ transport: { type: 'tcp', cc: 'cubic' } }, { transport: { type: 'tcp', cc: 'newreno' } }],
    bottleneckRate: '100Mbps',
    bottleneckDelay: '15ms',
    bottleneckBuffer: `${CUBIC_RENO.bufferPackets} packets`,
    accessRate: '1Gbps',
    accessDelay: '5ms',
    duration: `${DEMO_WINDOW_S}s`,
    probeInterval: '50ms',
  });
  s.flows[0]!.id = 'cubic';
  s.flows[1]!.id = 'newreno';
  return flatten(s, 30);
}

export const cubicVsNewRenoDemo: Demo = {
  id: 'cubic-vs-newreno',
  title: 'CUBIC vs NewReno on a long fat pipe',
  point:
    'On a 100 Mb/s, 50 ms path CUBIC takes well over its half: it regrows its window in seconds, NewReno in tens of seconds.',
  note: {
    show: 'The cwnd chart: CUBIC’s concave-then-convex curve back to its old maximum after each loss, NewReno’s slow straight line; the throughput chart: CUBIC on top.',
    ask: 'NewReno needs one round trip per segment to regrow. After halving from 600 segments, how long until it is back — 15 s or 15 ms?',
    answer:
      '300 round trips of 50 ms: 15 s. CUBIC is back at its old maximum in about 9 s whatever the round trip, and probes beyond it.',
    changes: [
      {
        label: 'Switch the NewReno flow to CUBIC',
        effect:
          'From then on both regrow the same way after a loss; the newcomer’s share grows, but two CUBIC flows converge slowly on a pipe this long (tens of seconds).',
        edits: [{ flow: 'newreno', cc: 'cubic' }],
      },
    ],
  },
  scenario: cubicRenoScenario,
  verify(s = cubicRenoScenario()) {
    const { snaps } = runWindows(s, ['r1->r2'], []);
    const gp = snaps[0]!.goodputBytes;
    // From equal windows at a common loss, CUBIC keeps β = 0.7 of its window (RFC 8312 §4.5) and
    // NewReno ½ (RFC 5681): 0.7 / 0.5 = 1.4. NewReno's additive increase regains one segment per
    // 50 ms round trip, 400 in 20 s — less than the ~500 it lost (half of pipe + buffer,
    // ½·(625 + 400)) — while CUBIC regains its maximum within K = ∛(W·0.3/0.4) ≈ 9 s: the ratio
    // only widens from 1.4.
    const bound = CUBIC_RENO.cubicBeta / CUBIC_RENO.renoBeta;
    return [
      claim(
        'goodput of CUBIC over NewReno’s; bound 0.7 / 0.5, the windows they keep at a loss',
        gp[0]! / gp[1]!,
        '>=',
        bound,
        '×',
      ),
    ];
  },
};

// ─── 5. BBR vs CUBIC ─────────────────────────────────────────────────────────────────────────

/** 10 Mb/s, 60 ms base RTT (BDP 75 packets), a shallow 20-packet buffer. */
export const BBR_CUBIC = { rateBps: 10e6, rttS: 0.06, bufferPackets: 20, cwndGain: 2 } as const;

function bbrCubicScenario(): ScenarioInput {
  const s = dumbbell({
    name: 'Demo: BBR vs CUBIC in a shallow buffer',
    description:
      'A BBR flow and a CUBIC flow share a 10 Mb/s bottleneck (60 ms round trip, 75 packets in flight) with a shallow 20-packet buffer. BBR paces at its bandwidth estimate and does not back off on loss; CUBIC halves… and BBR takes most of the link. Deepen the buffer and the tables turn.',
    flows: [{ transport: { type: 'tcp', cc: 'bbr' } }, { transport: { type: 'tcp', cc: 'cubic' } }],
    bottleneckRate: '10Mbps',
    bottleneckDelay: '20ms',
    bottleneckBuffer: `${BBR_CUBIC.bufferPackets} packets`,
    accessRate: '100Mbps',
    accessDelay: '5ms',
    duration: `${DEMO_WINDOW_S}s`,
    probeInterval: '50ms',
  });
  s.flows[0]!.id = 'bbr';
  s.flows[1]!.id = 'cubic';
  return flatten(s, 30);
}

export const bbrVsCubicDemo: Demo = {
  id: 'bbr-vs-cubic',
  title: 'BBR vs CUBIC: who wins depends on the buffer',
  point: 'In a shallow buffer BBR, which ignores loss, takes most of the link from CUBIC; in a deep one CUBIC wins.',
  note: {
    show: 'The throughput chart: BBR on top, CUBIC starved; the drop markers on CUBIC’s cwnd; the queue gauge full.',
    ask: 'The buffer is 20 packets, a quarter of the pipe. Which flow suffers the losses?',
    answer:
      'Both see them, but only CUBIC reacts: BBR keeps up to 2 × BDP in flight (150 packets, more than the 95 the pipe and buffer hold), so the buffer stays full and CUBIC keeps halving.',
    changes: [
      {
        label: 'Deepen the buffer to 400 packets',
        effect:
          'Five BDPs of buffer: CUBIC fills it and BBR’s 2 × BDP cap is a small share of what is in flight — CUBIC catches up within seconds (from the start, Reset then Play, it takes most of the link).',
        edits: [{ link: 'r1-r2', set: { buffer: '400 packets' } }],
      },
    ],
  },
  scenario: bbrCubicScenario,
  verify(s = bbrCubicScenario()) {
    const { snaps } = runWindows(s, ['r1->r2'], []);
    const gp = snaps[0]!.goodputBytes;
    // BBR v1 caps in-flight data at cwnd_gain × BDP = 2 × 75 = 150 packets (Cardwell et al., ACM
    // Queue 2016) and does not reduce on loss; the pipe and buffer hold 75 + 20 = 95. BBR alone
    // keeps the buffer full, so CUBIC's share tends to nothing; we claim BBR at least twice CUBIC,
    // a wide margin below that limit (ProbeRTT gives CUBIC a window every 10 s).
    const bdp = (BBR_CUBIC.rateBps * BBR_CUBIC.rttS) / PKT_BITS;
    const capExceeds = BBR_CUBIC.cwndGain * bdp > bdp + BBR_CUBIC.bufferPackets;
    return [
      claim(
        'goodput of BBR over CUBIC’s (2 × BDP > BDP + buffer: BBR alone fills the buffer)',
        gp[0]! / gp[1]!,
        '>=',
        capExceeds ? 2 : Infinity,
        '×',
      ),
    ];
  },
};
