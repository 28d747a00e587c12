import type { ModelInfo, ResolvedParams } from '../../registry/types.js';
import type { LossRecovery } from '../TcpSender.js';
import type { CongestionControl } from './CongestionControl.js';

/**
 * A congestion-control model: registry info (name, description, citation, parameter schema),
 * the loss recovery it implies, and a factory. Each algorithm's file exports its model; index.ts
 * lists them.
 */
export interface CcModel {
  readonly info: ModelInfo;
  /** Loss recovery used unless the transport's `lossRecovery` parameter overrides it. */
  readonly defaultRecovery: LossRecovery;
  create(params: ResolvedParams): CongestionControl;
}
