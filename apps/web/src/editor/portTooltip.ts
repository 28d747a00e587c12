/**
 * The text of a queue gauge's tooltip: the port, its discipline (and sub-queues), what is queued
 * by flow, and its drops and marks so far counted by reason.
 */
import { getRegistry } from '@cclab/engine';
import type { ReasonCounts } from '../worker/LiveView';
import type { PortMeta } from '../worker/protocol';

function queueName(id: string): string {
  return getRegistry().queue.find((q) => q.id === id)?.name ?? id;
}

/** "9 early, 3 overflow": most frequent reason first. */
function counts(rec: Record<string, number>): string {
  const parts = Object.entries(rec)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${n} ${reason}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

export function portTooltip(
  port: PortMeta,
  packets: number,
  backlog: ReadonlyMap<number, number>,
  reasons: ReasonCounts | undefined,
  flowIds: readonly string[],
): string {
  const limit = Number.isFinite(port.limitPackets) ? `${port.limitPackets} packets` : `${port.limitBytes} bytes`;
  const disc = port.child ? `${queueName(port.queue)} over ${queueName(port.child)}` : queueName(port.queue);
  const byFlow = [...backlog]
    .filter(([, n]) => n > 0)
    .map(([f, n]) => `${flowIds[f] ?? `flow ${f}`} ${n}`)
    .join(', ');
  const lines = [
    `Egress queue ${port.name}: ${disc}, limit ${limit}`,
    `Queued: ${packets} packets${byFlow ? ` (${byFlow})` : ''}`,
    `Drops: ${counts(reasons?.drops ?? {})}`,
    `ECN marks: ${counts(reasons?.marks ?? {})}`,
  ];
  return lines.join('\n');
}
