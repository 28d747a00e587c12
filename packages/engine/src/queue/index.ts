import { codelModel } from './CoDelQueueDisc.js';
import { droptailModel } from './DropTailQueueDisc.js';
import { fqCodelModel } from './FqCoDelQueueDisc.js';
import { pieModel } from './PieQueueDisc.js';
import { qlbpModel } from '../router/qlbpModel.js';
import type { QueueModel } from './QueueModel.js';

export type { QueueModel, QueueBuildContext, QueueCheckEnv, QueueParamIssue } from './QueueModel.js';

/**
 * Every queue discipline and scheduler a link egress can use. Each entry lives beside its
 * discipline (one file per algorithm, exporting `<id>Model`); this list only names them.
 */
export const queueModels: QueueModel[] = [droptailModel, qlbpModel, codelModel, pieModel, fqCodelModel];

export function findQueueModel(id: string): QueueModel | undefined {
  return queueModels.find((m) => m.info.id === id);
}
