/**
 * The Summary panel's tables from the engine's RunSummary: per flow, per port, and Jain's
 * index, each column with its unit and a one-line explanation (shown on hover), and the same as
 * CSV with units in the headers.
 */
import type { FlowSummary } from '@cclab/engine';
import type { PageSummary, PagePortSummary } from '../worker/pageSummary';
import { csvFigure, jainOf, lossPercent, showFigure, utilisationPercent } from './figures';

export interface SummaryColumn<T> {
  key: string;
  /** Header with its unit. */
  label: string;
  /** One line on what it is (the header's tooltip). */
  help: string;
  value(row: T): number | string | null;
  /** Digits shown (numbers only). */
  digits?: number;
}

const mbps = (bps: number) => bps / 1e6;

export const FLOW_COLUMNS: readonly SummaryColumn<FlowSummary>[] = [
  { key: 'flow', label: 'Flow', help: 'Flow id', value: (f) => f.id },
  {
    key: 'cc',
    label: 'Algorithm',
    help: 'Congestion control running now (or the transport)',
    value: (f) => f.cc ?? f.transport,
  },
  {
    key: 'throughput',
    label: 'Throughput (Mb/s)',
    help: 'Bytes received at the destination (headers, duplicates) per second of the flow’s active time',
    value: (f) => mbps(f.throughputBps),
    digits: 3,
  },
  {
    key: 'goodput',
    label: 'Goodput (Mb/s)',
    help: 'Application data delivered in order per second of the flow’s active time',
    value: (f) => mbps(f.goodputBps),
    digits: 3,
  },
  {
    key: 'delay',
    label: 'Mean delay (ms)',
    help: 'Mean one-way delay of data packets, sender to receiver (— before any arrived)',
    value: (f) => f.meanDelayMs,
    digits: 1,
  },
  {
    key: 'p95',
    label: 'p95 delay (ms)',
    help: '95th percentile of the one-way delay',
    value: (f) => f.p95DelayMs,
    digits: 1,
  },
  {
    key: 'jitter',
    label: 'Jitter (ms)',
    help: 'Mean difference between successive one-way delays',
    value: (f) => f.jitterMs,
    digits: 2,
  },
  {
    key: 'loss',
    label: 'Loss (%)',
    help: 'Data packets dropped on the forward path per packet sent (— before the flow sent any)',
    value: lossPercent,
    digits: 2,
  },
  { key: 'retx', label: 'Retransmits', help: 'Segments sent again', value: (f) => f.retransmits, digits: 0 },
  { key: 'rto', label: 'Timeouts', help: 'Retransmission timeouts', value: (f) => f.timeouts, digits: 0 },
];

const reasons = (r: Record<string, number>) =>
  Object.entries(r)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

export const PORT_COLUMNS: readonly SummaryColumn<PagePortSummary>[] = [
  { key: 'port', label: 'Port', help: 'Egress queue, named from → to', value: (p) => p.name },
  { key: 'queue', label: 'Queue', help: 'Queue discipline running now', value: (p) => p.queue },
  {
    key: 'util',
    label: 'Utilisation (%)',
    help: 'Share of the time the link was transmitting (— for a port that carried nothing)',
    value: utilisationPercent,
    digits: 1,
  },
  {
    key: 'meanQueue',
    label: 'Mean queue (packets)',
    help: 'Time-averaged number of packets waiting',
    value: (p) => p.meanQueuePackets,
    digits: 2,
  },
  {
    key: 'sojourn',
    label: 'Mean sojourn (ms)',
    help: 'Mean time a packet spent queued, enqueue to dequeue',
    value: (p) => p.meanSojournMs,
    digits: 2,
  },
  {
    key: 'drops',
    label: 'Drops',
    help: 'Packets the queue discarded, and random link losses',
    value: (p) => p.drops + p.linkLosses,
    digits: 0,
  },
  {
    key: 'dropReasons',
    label: 'Drops by reason',
    help: 'overflow: buffer full; early/codel/…: the AQM chose to drop',
    value: (p) => reasons({ ...p.dropsByReason, ...(p.linkLosses ? { 'link-loss': p.linkLosses } : {}) }),
  },
  {
    key: 'marks',
    label: 'ECN marks',
    help: 'Packets marked Congestion Experienced instead of dropped',
    value: (p) => p.marks,
    digits: 0,
  },
];

/** Ports worth showing: those that carried traffic. */
export function activePorts(s: PageSummary): PagePortSummary[] {
  return s.ports.filter((p) => p.arrivals > 0);
}

/** A cell as shown: "—" where the figure is undefined (figures.ts). */
export function formatCell<T>(c: SummaryColumn<T>, row: T): string {
  const v = c.value(row);
  return typeof v === 'string' ? v : showFigure(v, c.digits ?? 2);
}

function csvField(v: string): string {
  return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function csvTable<T>(cols: readonly SummaryColumn<T>[], rows: readonly T[]): string[] {
  const raw = (c: SummaryColumn<T>, r: T) => csvFigure(c.value(r));
  return [
    cols.map((c) => csvField(c.label)).join(','),
    ...rows.map((r) => cols.map((c) => csvField(raw(c, r))).join(',')),
  ];
}

/** The summary as CSV: the flows table, a blank line, the ports table, then Jain's index (full precision). */
export function summaryCsv(s: PageSummary): string {
  return (
    [
      ...csvTable(FLOW_COLUMNS, s.flows),
      '',
      ...csvTable(PORT_COLUMNS, activePorts(s)),
      '',
      `Jain's index (goodput),${csvFigure(jainOf(s))}`,
      `Simulated (s),${csvFigure(s.simulatedS)}`,
    ].join('\n') + '\n'
  );
}
