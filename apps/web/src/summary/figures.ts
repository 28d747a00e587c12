/**
 * Figures that can be undefined, and how the lab shows them: "—" on screen, an empty CSV cell.
 * Never "NaN", "Infinity" or "undefined". What is undefined (docs/lab.md, Summary):
 * - Jain's index with fewer than two flows (with one flow (x)²/(1·x²) = 1 whatever the flow
 *   gets: it says nothing about fairness), or when no flow has delivered anything (0/0);
 * - a flow's mean, p95 and maximum delay and its jitter before any of its packets arrived;
 * - a flow's loss before it sent anything (0 of 0);
 * - the utilisation of a port that carried nothing (no packet arrived at it);
 * - a port's mean sojourn before any packet left it;
 * - any figure the engine gives as NaN or ±Infinity.
 */
import type { FlowSummary } from '@cclab/engine';
import type { PageSummary, PagePortSummary } from '../worker/pageSummary';

/** What an undefined figure reads on screen. */
export const UNDEFINED_FIGURE = '—';

/** A number to show with `digits` decimals, or "—" when it is null, NaN or infinite. */
export function showFigure(v: number | null | undefined, digits: number): string {
  return v === null || v === undefined || !Number.isFinite(v) ? UNDEFINED_FIGURE : v.toFixed(digits);
}

/** A CSV cell: the number at full precision, or empty when undefined. */
export function csvFigure(v: number | string | null | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' && !Number.isFinite(v)) return '';
  return String(v);
}

/** Jain's index of the goodputs, or null where it is undefined (fewer than two flows, nothing delivered). */
export function jainOf(s: PageSummary): number | null {
  if (s.flows.length < 2) return null;
  if (!s.flows.some((f) => f.goodputBps > 0)) return null;
  return Number.isFinite(s.jainGoodput) ? s.jainGoodput : null;
}

/** Why Jain's index reads "—" (the tooltip), or null when it has a value. */
export function jainUndefinedReason(s: PageSummary): string | null {
  if (s.flows.length === 0) return 'undefined: no flows';
  if (s.flows.length === 1) return 'undefined with one flow (it would read 1 whatever the flow gets)';
  if (jainOf(s) === null) return 'undefined until a flow delivers something (0/0)';
  return null;
}

/** A flow's loss (%), or null before it sent anything. */
export function lossPercent(f: FlowSummary): number | null {
  return f.packetsSent > 0 && Number.isFinite(f.lossRatio) ? 100 * f.lossRatio : null;
}

/** A port's utilisation (%), or null when it carried nothing. */
export function utilisationPercent(p: PagePortSummary): number | null {
  return p.arrivals > 0 && Number.isFinite(p.utilization) ? 100 * p.utilization : null;
}
