import type { AppModel } from './Application.js';
import { bulkAppModel } from './BulkApp.js';
import { cbrAppModel } from './CbrApp.js';
import { onOffAppModel } from './OnOffApp.js';
import { vbrAppModel } from './VbrApp.js';
import { hyperexpAppModel, poissonAppModel, weibullAppModel } from './RandomArrivalApp.js';

/** Every traffic source, in menu order; each model is defined beside its class. */
export const appModels: AppModel[] = [
  bulkAppModel,
  cbrAppModel,
  onOffAppModel,
  vbrAppModel,
  poissonAppModel,
  hyperexpAppModel,
  weibullAppModel,
];

export function findAppModel(id: string): AppModel | undefined {
  return appModels.find((m) => m.info.id === id);
}
