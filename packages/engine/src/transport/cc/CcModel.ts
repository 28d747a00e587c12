import type { ModelInfo, ResolvedParams } from '../../model/types.js';
import type { CongestionControl } from './CongestionControl.js';

/**
 * Loss-recovery algorithm of a TCP sender, independent of the window law (the strategies in
 * transport/recovery/).
 */
export type LossRecovery = 'tahoe' | 'reno' | 'newreno' | 'sack' | 'vegas' | 'linux';

/**
 * A congestion-control model: registry info (name, description, citation, parameter schema),
 * the loss recovery it implies, and a factory. Each algorithm's file exports its model; index.ts
 * lists them.
 */
export interface CcModel {
  readonly info: ModelInfo;
  /** Loss recovery used unless the transport's `lossRecovery` parameter overrides it. */
  readonly defaultRecovery: LossRecovery;
  /**
   * ECN the algorithm needs: 'dctcp' turns ECN on at the sender whatever the transport's `ecn`
   * parameter says and selects the receiver's DCTCP echo (RFC 8257 §3.2) unless `ecnEcho` says
   * otherwise.
   */
  readonly ecn?: 'dctcp';
  create(params: ResolvedParams): CongestionControl;
}
