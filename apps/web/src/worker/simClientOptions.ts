/**
 * What the simulation client (SimClient.ts) is made with and reports: the worker it drives (or a
 * stand-in), its options, the trouble it tells the lab about, and the watchdog's deadlines.
 */
import type { FromWorker, ToWorker } from './protocol';

export interface WorkerLike {
  postMessage(msg: ToWorker): void;
  onmessage: ((ev: MessageEvent<FromWorker>) => void) | null;
  onerror?: ((ev: ErrorEvent) => void) | null;
  onmessageerror?: ((ev: MessageEvent) => void) | null;
  terminate(): void;
}

/** What the lab is told when the run stops for a reason other than reaching its end. */
export interface RunTrouble {
  kind: 'engine-error' | 'worker-restarted' | 'worker-gave-up';
  /** What happened, in words. */
  message: string;
  /** Simulated time when it happened (ns). */
  atNs: number;
}

export interface SimClientOptions {
  /** Runs a callback before the next paint (requestAnimationFrame). */
  schedule?: (cb: () => void) => void;
  /** Wall clock in ms (performance.now). */
  clock?: () => number;
  setInterval?: (cb: () => void, ms: number) => unknown;
  clearInterval?: (h: unknown) => void;
  /** Ping period (ms). */
  pingMs?: number;
  /** A ping unanswered this long (ms) means the worker is lost. */
  deadlineMs?: number;
  report?: (t: RunTrouble) => void;
}

export const PING_MS = 1000;
export const DEADLINE_MS = 10_000;
/**
 * The deadline while the worker said it is busy with one long piece of work (building a large
 * scenario takes tens of seconds at the schema's largest sizes; a step over a long sampling
 * interval can take long too).
 */
export const BUSY_DEADLINE_MS = 120_000;
/** More losses than this within LOSS_WINDOW_MS and the client stops restarting by itself. */
export const MAX_LOSSES = 3;
export const LOSS_WINDOW_MS = 60_000;
