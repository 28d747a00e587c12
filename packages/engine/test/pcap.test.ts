import { describe, expect, it } from 'vitest';
import { ns2DumbbellScenario } from '../src/scenario/ns2Dumbbell.js';
import { Simulation } from '../src/Simulation.js';
import { attachTraces } from '../src/trace/attachTraces.js';

interface PcapRecord {
  tNs: number;
  capturedBytes: number;
  originalBytes: number;
  data: DataView;
}

/** A small reader of classic pcap files (libpcap pcap-savefile(5)), as a capture tool reads them. */
function readPcap(bytes: Uint8Array): {
  magic: number;
  version: string;
  snaplen: number;
  linktype: number;
  records: PcapRecord[];
} {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = v.getUint32(0, true);
  const records: PcapRecord[] = [];
  for (let at = 24; at < bytes.byteLength;) {
    const captured = v.getUint32(at + 8, true);
    const nsec = magic === 0xa1b23c4d ? v.getUint32(at + 4, true) : v.getUint32(at + 4, true) * 1000;
    records.push({
      tNs: v.getUint32(at, true) * 1e9 + nsec,
      capturedBytes: captured,
      originalBytes: v.getUint32(at + 12, true),
      data: new DataView(bytes.buffer, bytes.byteOffset + at + 16, captured),
    });
    at += 16 + captured;
  }
  return {
    magic,
    version: `${v.getUint16(4, true)}.${v.getUint16(6, true)}`,
    snaplen: v.getUint32(16, true),
    linktype: v.getUint32(20, true),
    records,
  };
}

/** IPv4 + TCP header fields of a LINKTYPE_RAW record. */
function tcpOf(r: PcapRecord) {
  const d = r.data;
  const ihl = (d.getUint8(0) & 15) * 4;
  const doff = (d.getUint8(ihl + 12) >> 4) * 4;
  const options: number[] = [];
  for (let i = ihl + 20; i < ihl + doff; i++) options.push(d.getUint8(i));
  return {
    ipLength: d.getUint16(2),
    protocol: d.getUint8(9),
    src: d.getUint32(12),
    dst: d.getUint32(16),
    sport: d.getUint16(ihl),
    dport: d.getUint16(ihl + 2),
    seq: d.getUint32(ihl + 4),
    ack: d.getUint32(ihl + 8),
    flags: d.getUint8(ihl + 13),
    options,
    optionWord: (i: number) => d.getUint32(ihl + 20 + i),
  };
}

function capture(scenario: unknown, ports: string[]) {
  const sim = new Simulation(scenario);
  const pcap: Uint8Array[] = [];
  const ns2: Uint8Array[] = [];
  const s = attachTraces(sim, { ports, maxBytes: 1e8, pcap: (c) => void pcap.push(c), ns2: (c) => void ns2.push(c) });
  sim.run();
  s.close();
  const trace = Buffer.concat(ns2).toString('latin1').split('\n').filter(Boolean);
  return { sim, file: readPcap(Buffer.concat(pcap)), trace };
}

const SYN = 0x02;
const ACK = 0x10;

describe('the pcap of a port', () => {
  it('is a nanosecond pcap of raw IPv4 with one record per transmission on the port', () => {
    const { sim, file, trace } = capture(ns2DumbbellScenario('n1', { n: '1', T: '4' }), ['r1->r2', 'r2->r1']);
    expect(file.magic).toBe(0xa1b23c4d);
    expect(file.version).toBe('2.4');
    expect(file.snaplen).toBe(65535);
    expect(file.linktype).toBe(101); // LINKTYPE_RAW
    const departures = ['r1->r2', 'r2->r1'].map((n) => sim.network.portByName(n)!.disc.stats.departures);
    expect(file.records.length).toBe(departures[0]! + departures[1]!);
    // RFC 791 header checksum: the 16-bit one's complement sum of a valid header is 0xffff
    for (const r of file.records.slice(0, 50)) {
      let sum = 0;
      for (let i = 0; i < 20; i += 2) sum += r.data.getUint16(i);
      while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
      expect(sum).toBe(0xffff);
    }
    // the same transmissions at the same instants as the ns-2 trace's "-" lines
    const dequeues = trace.filter((l) => l.startsWith('- ')).map((l) => Number(l.split(' ')[1]));
    expect(file.records.map((r) => Math.round(r.tNs / 1000) / 1e6)).toEqual(dequeues);
  });

  it('numbers TCP bytes from the segment numbers: SYN, then 1000-byte segments from 1', () => {
    // ns-2 dumbbell TCP: segment 0 is the 40-byte SYN, segments of 1000 payload bytes after it
    const { file, trace } = capture(ns2DumbbellScenario('n1', { n: '1', T: '4' }), ['r1->r2', 'r2->r1']);
    const tcp = file.records.map(tcpOf);
    const data = tcp.filter((t) => t.sport === 10000 && t.dport === 5001);
    const acks = tcp.filter((t) => t.sport === 5001 && t.dport === 10000);
    expect(data.every((t) => t.protocol === 6 && t.src === 0x0a000003 && t.dst === 0x0a000004)).toBe(true);
    expect(data[0]).toMatchObject({ seq: 0, flags: SYN, ipLength: 40 });
    expect(data[1]).toMatchObject({ seq: 1, flags: ACK, ipLength: 1040 });
    expect(data[2]).toMatchObject({ seq: 1001, ipLength: 1040 });
    expect(acks[0]).toMatchObject({ seq: 0, ack: 1, flags: SYN | ACK });
    // every record's numbers follow the ns-2 trace's segment numbers of the same transmission
    const sent = trace.filter((l) => l.startsWith('- '));
    tcp.forEach((t, i) => {
      const seqno = Number(sent[i]!.split(' ')[10]);
      if (t.sport === 10000) expect(t.seq).toBe(seqno === 0 ? 0 : 1 + (seqno - 1) * 1000);
      else expect(t.ack).toBe(1 + seqno * 1000);
    });
  });

  it('carries SACK blocks as byte ranges in an RFC 2018 option', () => {
    const sc = ns2DumbbellScenario('sack', { n: '2', tcp: 'Sack', qlim: '12', T: '6' });
    const { file } = capture(sc, ['r2->r1']);
    const withSack = file.records.map(tcpOf).filter((t) => t.options.length > 0);
    expect(withSack.length).toBeGreaterThan(0);
    for (const t of withSack) {
      const n = (t.options.length - 4) / 8;
      expect(t.options.slice(0, 4)).toEqual([1, 1, 5, 2 + 8 * n]); // NOP, NOP, SACK, length
      for (let b = 0; b < n; b++) {
        const left = t.optionWord(4 + 8 * b);
        const right = t.optionWord(8 + 8 * b);
        expect(right).toBeGreaterThan(left);
        expect(left).toBeGreaterThan(t.ack); // above the cumulative ACK: a hole lies between
        expect((right - left) % 1000).toBe(0);
        expect((left - 1) % 1000).toBe(0);
      }
    }
  });
});
