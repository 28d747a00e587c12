import type { Simulator } from '../core/Simulator.js';
import type { Random } from '../core/Random.js';
import type { FlowSender } from '../transport/Transport.js';
import type { ParamCheckIssue } from '../model/params.js';
import type { ModelInfo, ResolvedParams } from '../model/types.js';

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
  /**
   * What the app needs from its transport, given its parameters: 'reliable' (a finite transfer
   * that completes), 'backlogged' (an unlimited source kept busy) or nothing.
   */
  requires(params: ResolvedParams): 'reliable' | 'backlogged' | null;
  /** Problems no single parameter's range can catch (a packet rate no source can keep). */
  check?(params: ResolvedParams): ParamCheckIssue[];
  create(ctx: AppContext): Application;
}
