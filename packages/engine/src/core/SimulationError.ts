/**
 * Errors a run can stop with once it has started (a scenario's own problems are ScenarioErrors,
 * found before the run). Each message says what happened, when, and what to change; the CLI
 * prints it and exits non-zero, the lab's worker shows it. `code` tells them apart without
 * `instanceof` (e.g. after the error crossed a postMessage boundary as name + message).
 */
export type SimulationErrorCode = 'no-progress' | 'packet-limit';

export class SimulationError extends Error {
  constructor(
    readonly code: SimulationErrorCode,
    message: string,
    /** Simulated time at which the run stopped, ns. */
    readonly tNs: number,
  ) {
    super(message);
    this.name = 'SimulationError';
  }
}

/** Simulated time stood still for MAX_EVENTS_PER_INSTANT events: the run would spin forever. */
export class NoProgressError extends SimulationError {
  constructor(
    message: string,
    tNs: number,
    /** The handler of the next event at the stuck instant (the Simulation names its flow). */
    readonly culprit: unknown,
  ) {
    super('no-progress', message, tNs);
    this.name = 'NoProgressError';
  }
}

/** More than MAX_LIVE_PACKETS packets are alive at once: the run would exhaust the memory. */
export class PacketLimitError extends SimulationError {
  constructor(message: string, tNs: number) {
    super('packet-limit', message, tNs);
    this.name = 'PacketLimitError';
  }
}

/** Seconds with nanosecond precision, for messages: 0 → "0 s", 12.3456789 → "12.345678900 s". */
export function formatSimTime(tNs: number): string {
  return tNs === 0 ? '0 s' : `${(tNs / 1e9).toFixed(9)} s`;
}
