// The vocabulary of result metrics: what a metric is (its catalogue entry), what a query of one
// names, and the error a bad query raises. Each scope's metrics live in their own file with their
// evaluation (flowMetrics.ts, flowSetMetrics.ts, portMetrics.ts); resultMetrics.ts lists them.
export type MetricScope = 'flow' | 'flows' | 'port' | 'run';

export interface ResultMetricSpec {
  readonly id: string;
  readonly label: string;
  readonly unit: string;
  readonly scope: MetricScope;
  readonly description: string;
}

/** Which metric, of what, over which window. */
export interface MetricQuery {
  metric: string;
  /** Flow id, for flow metrics. */
  flow?: string;
  /** Flow ids (default: every flow), for flow-set metrics. */
  flows?: readonly string[];
  /**
   * Flow-set metrics: only the flows whose data path crosses a time-varying link (a base station's
   * radio downlink, a trace or fading link) — `wireless` — or none — `wired` (seed 004 §5 reports
   * both). Applied to `flows` when both are given.
   */
  subset?: 'wired' | 'wireless';
  /** Reference flow ids for the friendliness ratio. */
  versus?: readonly string[];
  /** Port name "a->b", for port metrics. */
  port?: string;
  /** Seconds: start of the measurement window (series-based metrics), default 0. */
  from?: number;
  /** Seconds: the instant for `cumulativeBits`, default the end of the run. */
  at?: number;
  /** Utility weight p_s (default 1) or efficacy's d_opt in ms (default 100). */
  p?: number;
  dOptMs?: number;
  /** Probe key of the port's queue discipline, for `queueProbe`. */
  key?: string;
  /** Bits to deliver, for `timeToBitsS`. */
  bits?: number;
  /** Time to maximum throughput: the fraction of the maximum to reach (default 0.9). */
  fraction?: number;
  /** flowsUtilization: the fraction of the port's capacity it is relative to (default 1). */
  share?: number;
  /** Throughput CoV: start the window when the flow first reaches `fraction` of its maximum. */
  afterConvergence?: boolean;
  /**
   * queueProbe: the value at the end of the run (`last`, default) or the minimum, maximum or mean
   * of the port's probe series from `from` on (the port must be probed).
   */
  stat?: 'last' | 'min' | 'max' | 'mean';
}

/** A problem with a query, naming the field (the caller adds its own path). */
export class MetricQueryError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'MetricQueryError';
  }
}
