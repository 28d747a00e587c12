import { aredModel } from './AdaptiveRedQueueDisc.js';
import { codelModel } from './CoDelQueueDisc.js';
import { droptailModel } from './DropTailQueueDisc.js';
import { drrModel } from './DrrQueueDisc.js';
import { fqCodelModel } from './FqCoDelQueueDisc.js';
import { fqModel } from './FqQueueDisc.js';
import { pieModel } from './PieQueueDisc.js';
import { prioModel } from './PrioQueueDisc.js';
import { rrModel } from './RoundRobinQueueDisc.js';
import { sfqModel } from './SfqQueueDisc.js';
import { wfqModel } from './WfqQueueDisc.js';
import { qlbpModel } from '../router/qlbpModel.js';
import { redModel } from './RedQueueDisc.js';
import { xcpModel } from '../router/xcpModel.js';
import { lblcaModel } from '../router/lblcaModel.js';
import type { QueueModel } from './QueueModel.js';

export type { QueueModel, QueueBuildContext, QueueCheckEnv, QueueParamIssue } from './QueueModel.js';

/**
 * Every queue discipline and scheduler a link egress can use. Each entry lives beside its
 * discipline (one file per algorithm, exporting `<id>Model`); this list only names them.
 */
export const queueModels: QueueModel[] = [
  droptailModel,
  redModel,
  aredModel,
  codelModel,
  pieModel,
  fqCodelModel,
  qlbpModel,
  prioModel,
  rrModel,
  drrModel,
  sfqModel,
  fqModel,
  wfqModel,
  xcpModel,
  lblcaModel,
];

export function findQueueModel(id: string): QueueModel | undefined {
  return queueModels.find((m) => m.info.id === id);
}
