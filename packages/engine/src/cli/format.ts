import { formatBitRate } from '../core/units.js';
import type { RunSummary } from '../summary.js';

function table(headers: string[], rows: string[][]): string {
  const w = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(w[i]!) : c.padStart(w[i]!))).join('  ');
  return [line(headers), w.map((x) => '-'.repeat(x)).join('  '), ...rows.map(line)].join('\n');
}

const f = (x: number | null, d = 2) => (x === null || !Number.isFinite(x) ? '-' : x.toFixed(d));

/** Human-readable run summary (the --json output carries the same fields). */
export function formatSummary(s: RunSummary): string {
  const out: string[] = [];
  out.push(`${s.scenario} — seed ${s.seed}, ${s.simulatedS.toFixed(3)} s simulated, ${s.events} events`);
  out.push('');
  out.push('Flows');
  out.push(
    table(
      [
        'flow',
        'path',
        'transport',
        'goodput',
        'retx',
        'RTOs',
        'FRs',
        'loss',
        'PDR',
        'delay ms',
        'p95 ms',
        'max ms',
        'jitter ms',
        'p-p ms',
        'done s',
      ],
      s.flows.map((x) => [
        x.id,
        `${x.from}→${x.to}`,
        x.cc ? `${x.transport}/${x.cc}` : x.transport,
        formatBitRate(x.goodputBps),
        String(x.retransmits),
        String(x.timeouts),
        String(x.fastRetransmits),
        (x.lossRatio * 100).toFixed(2) + '%',
        f(x.pdr, 4),
        f(x.meanDelayMs),
        f(x.p95DelayMs),
        f(x.maxDelayMs),
        f(x.jitterMs, 3),
        f(x.ptpJitterMs),
        f(x.completionTimeS, 3),
      ]),
    ),
  );
  out.push(
    `Jain's index (goodput): ${s.jainGoodput.toFixed(4)}   aggregate goodput: ${formatBitRate(s.aggregateGoodputBps)}`,
  );
  out.push('');
  out.push('Ports (egress queues; idle access ports omitted)');
  const busy = s.ports.filter((p) => p.arrivals > 0);
  out.push(
    table(
      ['port', 'queue', 'arrivals', 'departures', 'drops', 'marks', 'mean queue', 'sojourn ms', 'utilisation'],
      busy.map((p) => [
        p.name,
        p.queue,
        String(p.arrivals),
        String(p.departures),
        String(p.drops + p.linkLosses),
        String(p.marks),
        p.meanQueuePackets.toFixed(2),
        p.meanSojournMs === null ? '—' : p.meanSojournMs.toFixed(2),
        (p.utilization * 100).toFixed(1) + '%',
      ]),
    ),
  );
  return out.join('\n');
}
