/**
 * Demos about what a router's queue does to traffic: bufferbloat (a voice flow beside a bulk
 * download, FIFO against CoDel, with FQ-CoDel as the live change) and incast (many synchronized
 * senders into one shallow buffer). Design constants feed both the scenario and the bounds.
 */
import { parallelBottlenecks } from '../scenario/queuePresets.js';
import type { ScenarioInput } from '../scenario/types.js';
import { flatten } from './layout.js';
import { runWindows } from './measure.js';
import { claim, DEMO_WINDOW_S, type Demo } from './types.js';

// ─── 3. Bufferbloat: FIFO vs CoDel (FQ-CoDel live) ───────────────────────────────────────────

/**
 * Two lanes, each a 10 Mb/s bottleneck with a deep 250-packet buffer (0.2 s at 10 Mb/s) carrying
 * a CUBIC download and a 64 kb/s voice flow (G.711: 160-byte samples every 20 ms in 200-byte
 * RTP/UDP/IP packets); one-way propagation 5 + 10 + 5 = 20 ms.
 */
export const BUFFERBLOAT = {
  rateBps: 10e6,
  bufferPackets: 250,
  packetBits: 8000,
  oneWayS: 0.02,
  codelTargetS: 0.005,
} as const;

function bufferbloatScenario(): ScenarioInput {
  const voice = {
    transport: { type: 'udp', params: { headerSize: 40 } },
    app: { type: 'cbr', params: { rate: '64kbps', packetSize: '160B' } },
    start: '1s',
  };
  const s = parallelBottlenecks({
    name: 'Demo: bufferbloat — FIFO vs CoDel',
    description:
      'Two identical 10 Mb/s bottlenecks with a deep 250-packet buffer (0.2 s), each carrying a CUBIC download and a 64 kb/s voice call: one a FIFO, one CoDel. CUBIC fills the FIFO, and every voice packet waits behind it; CoDel keeps its queue near 5 ms and the link just as busy.',
    lanes: [
      {
        label: 'FIFO',
        queue: { type: 'droptail' },
        flows: [
          { id: 'fifo-download', transport: { type: 'tcp', cc: 'cubic' } },
          { id: 'fifo-voice', ...voice },
        ],
      },
      {
        label: 'CoDel',
        queue: { type: 'codel' },
        flows: [
          { id: 'codel-download', transport: { type: 'tcp', cc: 'cubic' } },
          { id: 'codel-voice', ...voice },
        ],
      },
    ],
    bottleneckRate: '10Mbps',
    bottleneckDelay: '10ms',
    buffer: `${BUFFERBLOAT.bufferPackets} packets`,
    accessRate: '100Mbps',
    accessDelay: '5ms',
    duration: `${DEMO_WINDOW_S}s`,
    probeInterval: '50ms',
  });
  return flatten(s, 45);
}

export const bufferbloatDemo: Demo = {
  id: 'bufferbloat',
  title: 'Bufferbloat: FIFO vs CoDel (FQ-CoDel live)',
  point:
    'A download fills a deep FIFO and a voice call beside it waits up to 0.2 s; CoDel keeps the same link busy with a 5 ms queue.',
  note: {
    show: 'The two gauges and the queue chart (All ports): the FIFO lane full, CoDel’s nearly empty; the RTT chart: the FIFO download over 200 ms, CoDel’s near 45 ms; the throughput chart: both downloads fill their link. The Summary (sidebar, out of presentation mode) gives each voice flow’s mean one-way delay.',
    ask: 'Both links are equally busy. How long does a voice packet wait in each?',
    answer:
      'Behind the FIFO, up to the full buffer: 250 packets × 0.8 ms = 0.2 s on top of the 20 ms path. Behind CoDel, about its 5 ms target: same throughput, a tenth of the delay.',
    changes: [
      {
        label: 'Switch the CoDel lane to FQ-CoDel',
        effect:
          'The voice flow gets its own queue and is served first when it has a packet: its delay falls to the path’s 20 ms.',
        edits: [{ link: 'a2-b2', set: { queue: { type: 'fq-codel' } } }],
      },
      {
        label: 'Switch the FIFO lane to CoDel',
        effect: 'The standing queue drains within a second or two and the FIFO lane’s RTT falls to CoDel’s.',
        edits: [{ link: 'a1-b1', set: { queue: { type: 'codel' } } }],
      },
    ],
  },
  scenario: bufferbloatScenario,
  verify(s = bufferbloatScenario()) {
    const { snaps } = runWindows(s, ['a1->b1', 'a2->b2'], []);
    const snap = snaps[0]!;
    const idx = (id: string) => s.flows.findIndex((f) => f.id === id);
    const delay = (id: string) => snap.delaySumNs[idx(id)]! / snap.delayCount[idx(id)]! / 1e6;
    const fifo = delay('fifo-voice');
    const codel = delay('codel-voice');
    const B = BUFFERBLOAT;
    // A full FIFO adds buffer / rate = 250 × 8000 / 10⁷ = 0.2 s. CUBIC (β = 0.7, RFC 8312) never
    // lets it drain below 0.7 × (BDP + B) − BDP = 160 packets once it has filled, so we claim at
    // least half of it on average over the window (slow start's first second included).
    const fullS = (B.bufferPackets * B.packetBits) / B.rateBps;
    const fifoBoundMs = (B.oneWayS + fullS / 2) * 1000; // 120 ms
    // CoDel drops until the standing queue is below its 5 ms target (RFC 8289); transients above
    // it last at most an interval. We allow four targets of queueing on average.
    const codelBoundMs = (B.oneWayS + 4 * B.codelTargetS) * 1000; // 40 ms
    const busy = snap.busyNs[1]! / (DEMO_WINDOW_S * 1e9);
    return [
      claim(
        'voice one-way delay behind the FIFO ≥ path + half a full buffer (20 + 100 ms)',
        fifo,
        '>=',
        fifoBoundMs,
        'ms',
      ),
      claim('voice one-way delay behind CoDel ≤ path + 4 × CoDel’s 5 ms target', codel, '<=', codelBoundMs, 'ms'),
      claim(
        'FIFO delay over CoDel delay ≥ k = (20 + 100) / (20 + 20)',
        fifo / codel,
        '>=',
        fifoBoundMs / codelBoundMs,
        '×',
      ),
      // CoDel keeps the link busy: a drop comes only while a standing queue exists, and the CUBIC
      // window it leaves still covers the 40 ms pipe; slow start's first 0.3 s excepted.
      claim('CoDel bottleneck busy ≥ 90 % of the 20 s (AQM costs no throughput)', busy, '>=', 0.9, ''),
    ];
  },
};

// ─── 6. Incast ───────────────────────────────────────────────────────────────────────────────

/**
 * One synchronized query: 8 servers answer at once with 125 kB each (1 MB in all) through one
 * switch port of 100 Mb/s to the client. Round trip ≈ 0.2 ms, so the port's 6-packet buffer is
 * about 2.4 bandwidth-delay products — the ratio of a 32 KB port buffer at 1 Gb/s and 100 µs
 * (Vasudevan et al., "Safe and effective fine-grained TCP retransmissions for datacenter
 * communication", SIGCOMM 2009, whose setup also gives TCP's minimum RTO of 200 ms). The
 * connections are persistent, as a datacenter's are: no handshake, and an RTO already at its
 * 200 ms floor (initialRto 200 ms) rather than a new connection's 3 s.
 */
export const INCAST = { senders: 8, totalBytes: 1_000_000, rateBps: 100e6, bufferPackets: 6, minRtoS: 0.2 } as const;

function incastScenario(): ScenarioInput {
  const per = INCAST.totalBytes / INCAST.senders;
  const servers = Array.from({ length: INCAST.senders }, (_, i) => `server${i + 1}`);
  return {
    version: 1,
    name: 'Demo: incast',
    description:
      'Eight servers answer one query at the same instant, 125 kB each, through one 100 Mb/s switch port with a 6-packet buffer. Their windows overflow the buffer together; a server that loses the last packets of its window has no duplicate ACKs to tell it, and waits for its 200 ms retransmission timeout — a thousand round trips — while the link idles.',
    seed: 1,
    duration: '1s',
    nodes: [
      ...servers.map((id, i) => ({ id, kind: 'host' as const, x: 100 + i * 100, y: 200 })),
      { id: 'switch', kind: 'router', x: 450, y: 300 },
      { id: 'client', kind: 'host', x: 850, y: 300 },
    ],
    links: [
      ...servers.map((a) => ({ a, b: 'switch', rate: '1Gbps', delay: '20us', buffer: '1000 packets' })),
      { a: 'switch', b: 'client', rate: '100Mbps', delay: '20us', buffer: `${INCAST.bufferPackets} packets` },
    ],
    flows: servers.map((from) => ({
      id: from,
      from,
      to: 'client',
      transport: { type: 'tcp', cc: 'newreno', params: { handshake: false, initialRto: '200ms' } },
      app: { type: 'bulk', params: { bytes: per } },
    })),
    probes: { interval: '2ms', ports: ['switch->client'] },
  };
}

export const incastDemo: Demo = {
  id: 'incast',
  title: 'Incast: many synchronized senders, one shallow buffer',
  point:
    '8 servers answer at once into a 6-packet buffer: losses, 200 ms timeouts, and the 1 MB answer takes several times the 80 ms the link needs.',
  note: {
    show: 'Play at 0.1× or slower. The queue chart: the buffer overflows at once; the cwnd chart: ✕ timeout markers; the throughput chart: a burst, then silence until the 200 ms timeouts fire.',
    ask: 'The link could carry the 1 MB answer in 80 ms. How long does it take?',
    answer:
      'More than 200 ms, and often far more: the senders that lost the tail of their window have no duplicate ACKs and wait for a 200 ms timeout — a thousand round trips — while the link idles.',
    changes: [
      {
        label: 'Deepen the buffer to 32 packets',
        effect: 'Press Reset, then Play: the windows fit, no timeouts, the answer is in after about 85 ms.',
        edits: [{ link: 'switch-client', set: { buffer: '32 packets' } }],
      },
    ],
  },
  scenario: incastScenario,
  verify(s = incastScenario()) {
    const { sim } = runWindows(s, ['switch->client'], [], 1);
    const timeouts = sim.flows.reduce((a, f) => a + f.stats.timeouts, 0);
    const done = sim.flows.map((f) => (f.stats.completionNs >= 0 ? f.stats.completionNs : Infinity));
    const lastS = Math.max(...done) / 1e9;
    const goodputBps = (sim.flows.reduce((a, f) => a + f.stats.goodputBytes, 0) * 8) / lastS;
    // A flow that times out cannot finish before its timer, at least minRTO = 200 ms after the
    // start: the query's goodput is then at most 8 Mb / 0.2 s = 40 Mb/s, 40 % of the link.
    return [
      claim('retransmission timeouts', timeouts, '>=', 1, ''),
      claim(
        'time until the last byte of the answer is acknowledged ≥ the minimum RTO',
        lastS,
        '>=',
        INCAST.minRtoS,
        's',
      ),
      claim(
        'the query’s goodput ≤ 1 MB / minRTO (40 % of the 100 Mb/s link)',
        goodputBps / 1e6,
        '<=',
        (INCAST.totalBytes * 8) / INCAST.minRtoS / 1e6,
        'Mb/s',
      ),
    ];
  },
};
