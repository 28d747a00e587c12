import type { Simulator } from '../core/Simulator.js';
import type { Random } from '../core/Random.js';
import type { FlowSender } from '../transport/Transport.js';
import type { ModelInfo, ResolvedParams } from '../registry/types.js';

export interface AppContext {
  readonly sim: Simulator;
  readonly sender: FlowSender;
  readonly params: ResolvedParams;
  readonly random: Random;
}

/** Traffic source driving a flow's sender between its start and stop times. */
export interface Application {
  start(): void;
  stop(): void;
}

export interface AppModel {
  readonly info: ModelInfo;
  /** Needs a reliable byte-stream transport (bulk transfer). */
  readonly needsReliable: boolean;
  create(ctx: AppContext): Application;
}
