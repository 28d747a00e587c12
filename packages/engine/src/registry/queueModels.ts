import { aredModel } from '../queue/AdaptiveRedQueueDisc.js';
import { codelModel } from '../queue/CoDelQueueDisc.js';
import { droptailModel } from '../queue/DropTailQueueDisc.js';
import { drrModel } from '../queue/DrrQueueDisc.js';
import { fqCodelModel } from '../queue/FqCoDelQueueDisc.js';
import { fqModel } from '../queue/FqQueueDisc.js';
import { pieModel } from '../queue/PieQueueDisc.js';
import { prioModel } from '../queue/PrioQueueDisc.js';
import { rrModel } from '../queue/RoundRobinQueueDisc.js';
import { sfqModel } from '../queue/SfqQueueDisc.js';
import { wfqModel } from '../queue/WfqQueueDisc.js';
import { redModel } from '../queue/RedQueueDisc.js';
import type { QueueModel } from '../queue/QueueModel.js';
import { lblcaModel } from '../router/lblcaModel.js';
import { qlbpModel } from '../router/qlbpModel.js';
import { xcpModel } from '../router/xcpModel.js';

export type { QueueModel, QueueBuildContext, QueueCheckEnv, QueueParamIssue } from '../queue/QueueModel.js';

/**
 * Every queue discipline and scheduler a link egress can use: queue/'s disciplines and router/'s
 * router queues (QLBP, XCP, LbLCA). Each entry lives beside its discipline (one file per
 * algorithm, exporting `<id>Model`); this list only names them, in the order the lab and error
 * messages show them. It is assembled here, above both folders, so a router queue that builds on
 * a discipline (XCP's RED side queue, QLBP's FQ children) imports that discipline's model directly
 * instead of looking it up in a list that contains the router queue itself.
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
