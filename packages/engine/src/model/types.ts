/**
 * Every pluggable model (congestion control, queue discipline, transport, application, channel,
 * base station) describes itself with these types: a parameter schema. They sit below every model
 * folder so each model can declare its parameters without importing the list it is assembled
 * into (registry/). The scenario validator, the CLI and the web lab's forms are all generated
 * from the schemas, so a new model appears everywhere without UI work.
 */

export type ParamKind = 'number' | 'integer' | 'boolean' | 'enum' | 'duration' | 'rate' | 'size' | 'list';

export interface ParamSpec {
  /** Key in the scenario's params object. */
  readonly key: string;
  readonly label: string;
  readonly kind: ParamKind;
  /**
   * Default in canonical units: seconds for durations, bit/s for rates, bytes for sizes. A `list`
   * is a sequence of non-negative numbers (an array, or a comma/space-separated string in files).
   */
  readonly default: number | boolean | string | readonly number[];
  readonly min?: number;
  readonly max?: number;
  /** Display unit for plain numbers ("packets", "s", "×"). */
  readonly unit?: string;
  readonly options?: readonly string[];
  readonly description: string;
}

export type ModelCategory = 'cc' | 'queue' | 'transport' | 'app' | 'channel' | 'bs' | 'bs-scheduler';

export interface ModelInfo {
  readonly id: string;
  readonly category: ModelCategory;
  readonly name: string;
  /** One line. */
  readonly description: string;
  /** RFC / paper / seed file and equation. */
  readonly citation: string;
  readonly params: readonly ParamSpec[];
  /** Transports only: what the transport offers (the lab shows or hides menus from these). */
  readonly transport?: {
    /** Takes a congestion control from the `cc` registry. */
    readonly usesCc: boolean;
    /** Reliable stream: a finite bulk transfer completes over it. */
    readonly reliable: boolean;
    /** Can serve an always-backlogged (unlimited bulk) source. */
    readonly backlogged: boolean;
    /** Has a congestion window (cwnd, ssthresh): TCP, DCCP CCID 2; not UDP, TFRC, CCID 3. */
    readonly window: boolean;
    /** Measures a round-trip time: every transport but UDP. */
    readonly measuresRtt: boolean;
  };
  /**
   * Queue disciplines only: a scheduler whose sub-queues are child disciplines (the scenario's
   * `queue.child`; a plain FIFO when absent).
   */
  readonly classful?: boolean;
  /**
   * Queue disciplines only: internal state a probe records per port (chartable in the lab).
   * `cumulative` marks a count since the start of the run (drops so far), which the lab charts
   * with the drop and mark counts rather than beside the queue.
   */
  readonly probes?: readonly { key: string; label: string; unit: string; description: string; cumulative?: boolean }[];
  /** Preset parameter sets, e.g. the binomial family's AIMD / SQRT / IIAD. */
  readonly presets?: Readonly<Record<string, Readonly<Record<string, number | boolean | string | readonly number[]>>>>;
}

/** Parameters after validation, in canonical units (seconds, bit/s, bytes). */
export type ResolvedParams = Record<string, number | boolean | string | readonly number[]>;
