/**
 * Which flows the cwnd, throughput and round-trip-time charts draw before the user picks: all of
 * them up to MAX_CHARTED_FLOWS; of more, the first MAX_CHARTED_FLOWS that have
 * what the chart shows (a window for cwnd, a measured RTT for the RTT chart). A chart of a thousand
 * lines is unreadable and costs a redraw of every one four times a second; its Flows picker shows
 * any others, and its head says how many it shows ("Showing 16 of 1,000 flows"). Pure functions,
 * unit-tested.
 */
import type { FlowTraits } from '../worker/protocol';

/** Flows a flow chart draws at most until the user picks others. */
export const MAX_CHARTED_FLOWS = 16;

export type FlowChartKind = 'cwnd' | 'throughput' | 'rtt';

/** Whether a flow with `traits` has a line in a chart of `kind`. */
function charted(kind: FlowChartKind, traits: FlowTraits | undefined): boolean {
  const t = traits ?? { window: true, rtt: true };
  return kind === 'cwnd' ? t.window : kind === 'rtt' ? t.rtt : true;
}

/**
 * The flows a chart of `kind` draws by default: null (every flow, as before) when the flows it
 * can draw are at most `max`, else the first `max` of them, in flow order.
 */
export function defaultChartedFlows(
  kind: FlowChartKind,
  flowIds: readonly string[],
  traits: readonly FlowTraits[] | undefined,
  max = MAX_CHARTED_FLOWS,
): string[] | null {
  const can = flowIds.filter((_, i) => charted(kind, traits?.[i]));
  return can.length <= max ? null : can.slice(0, max);
}

/** "Showing 16 of 1,000 flows". */
export function showingText(shown: number, of: number): string {
  return `Showing ${shown.toLocaleString('en-US')} of ${of.toLocaleString('en-US')} flows`;
}
