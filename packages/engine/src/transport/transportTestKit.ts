// For unit tests that drive one transport endpoint by hand (a sender or a receiver without a
// network): the flow context the endpoint is built with.
import { Simulator } from '../core/Simulator.js';
import { FlowStats } from '../metrics/FlowStats.js';
import { PacketPool } from '../net/Packet.js';
import type { ResolvedParams } from '../model/types.js';
import type { FlowContext, FlowEventKind } from './Transport.js';

/**
 * A FlowContext of its own simulator (seed 1), packet pool and statistics for flow `flowIndex`
 * (id `f<index>`), transport parameters `params` (none by default), no congestion control named, and every flow event it reports
 * collected in `events`.
 */
export function flowContextForTests(
  flowIndex = 0,
  params: ResolvedParams = {},
): {
  ctx: FlowContext;
  sim: Simulator;
  pool: PacketPool;
  stats: FlowStats;
  events: FlowEventKind[];
} {
  const sim = new Simulator(1);
  const pool = new PacketPool();
  const stats = new FlowStats();
  const events: FlowEventKind[] = [];
  const ctx: FlowContext = {
    sim,
    pool,
    flowIndex,
    flowId: `f${flowIndex}`,
    stats,
    params,
    ccId: undefined,
    ccParams: {},
    event: (e) => events.push(e),
  };
  return { ctx, sim, pool, stats, events };
}
