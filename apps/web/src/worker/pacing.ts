/**
 * How the worker paces its own work so that it keeps answering: how many
 * events it runs between two looks at the clock, and how often it makes a summary. Pure, so the
 * rules are unit-tested apart from the engine.
 */

/**
 * Events between two looks at the wall clock: a slice never runs much past SLICE_MS however
 * busy a stretch of simulated time is, so the worker answers messages (and pings) promptly.
 */
export const EVENTS_PER_CLOCK_CHECK = 20_000;
/**
 * The fewest events between two looks at the clock. How long 20,000 events take grows with the
 * network (2,000 nodes and 1,000 flows: about 75 ms, six slices' worth), so the count adapts:
 * halved while a stretch takes longer than CHECK_MS, doubled back (up to EVENTS_PER_CLOCK_CHECK)
 * while it takes less than a quarter of that. The events run are the same either way (the engine
 * stops between events), so results do not change; only how soon the worker answers does.
 */
export const MIN_EVENTS_PER_CLOCK_CHECK = 250;
export const CHECK_MS = 3;

/** The next count of events between two looks, after a stretch that took `took` ms and stopped for `why`. */
export function nextEventsPerCheck(current: number, why: string, took: number): number {
  if (took > CHECK_MS) return Math.max(MIN_EVENTS_PER_CLOCK_CHECK, current >> 1);
  if (why === 'events' && took < CHECK_MS / 4) return Math.min(EVENTS_PER_CLOCK_CHECK, current * 2);
  return current;
}

/** A playing run's summary comes about twice a second… */
export const SUMMARY_MS = 500;
/**
 * …or less often when it is costly to make: at most a tenth of the worker's time goes to
 * summaries (1,000 flows and 4,000 ports: about 60 ms each, so one every 0.6 s or more), so the
 * run and the answers to Pause do not wait on them.
 */
export function summaryEveryMs(lastCostMs: number): number {
  return Math.max(SUMMARY_MS, 10 * lastCostMs);
}
