import type { BufferLimit } from '../core/units.js';
import type { ModelInfo, ResolvedParams } from '../model/types.js';
import type { ChildFactory } from './ClassfulQueueDisc.js';
import type { NodeView, QueueDisc } from '../net/QueueDisc.js';

/** What a queue model needs to build a discipline for one port (before the port exists). */
export interface QueueBuildContext {
  /** Builds the scenario's child discipline (`queue.child`), or a limitless FIFO when none. */
  readonly makeChild: ChildFactory;
  readonly portName: string;
  readonly rateBps: number;
  readonly delayNs: number;
  readonly node: NodeView;
}

/** The link the discipline is validated for (automatic thresholds depend on it). */
export interface QueueCheckEnv {
  readonly limit: BufferLimit;
  readonly rateBps: number;
  readonly delayNs: number;
  /** Number of flow classes used by the scenario (largest `flows[i].class` + 1). */
  readonly classes: number;
}

/** One problem with a discipline's parameters taken together, naming the offending key. */
export interface QueueParamIssue {
  readonly key: string;
  readonly message: string;
}

/** A registry entry for a queue discipline or scheduler. */
export interface QueueModel {
  readonly info: ModelInfo;
  create(params: ResolvedParams, limit: BufferLimit, build: QueueBuildContext): QueueDisc;
  /**
   * Problems no single parameter's range can catch (RED minThresh ≥ maxThresh, more bands than
   * the scheduler allows). Empty when the combination is runnable.
   */
  check?(params: ResolvedParams, env: QueueCheckEnv): QueueParamIssue[];
  /**
   * Problems across the ports of one node that use this discipline (as roots), in link order:
   * router-wide parameters that must agree (LbLCA's update period). `index` is into `ports`.
   */
  checkRouter?(ports: readonly ResolvedParams[]): (QueueParamIssue & { index: number })[];
}
