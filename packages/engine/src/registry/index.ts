import { appModels } from '../app/index.js';
import { queueModels } from '../queue/index.js';
import { ccModels } from '../transport/cc/index.js';
import { transportModels } from '../transport/index.js';
import type { ModelInfo } from './types.js';

export interface Registry {
  readonly cc: readonly ModelInfo[];
  readonly queue: readonly ModelInfo[];
  readonly transport: readonly ModelInfo[];
  readonly app: readonly ModelInfo[];
}

/** Everything pluggable, as plain serialisable descriptions (the lab builds its forms from this). */
export function getRegistry(): Registry {
  return {
    cc: ccModels.map((m) => m.info),
    queue: queueModels.map((m) => m.info),
    transport: transportModels.map((m) => ({
      ...m.info,
      transport: { usesCc: m.usesCc, reliable: m.reliable, backlogged: m.backlogged },
    })),
    app: appModels.map((m) => m.info),
  };
}
