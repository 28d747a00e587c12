import { appModels } from '../app/index.js';
import { queueModels } from '../queue/index.js';
import { ccModels } from '../transport/cc/index.js';
import { transportModels } from '../transport/index.js';
import { withRange } from './params.js';
import type { ModelInfo } from './types.js';

export interface Registry {
  readonly cc: readonly ModelInfo[];
  readonly queue: readonly ModelInfo[];
  readonly transport: readonly ModelInfo[];
  readonly app: readonly ModelInfo[];
}

/**
 * Everything pluggable, as plain serialisable descriptions (the lab builds its forms from this).
 * Every numeric parameter carries the range validation enforces: its own, within the physical
 * bounds of its kind (registry/params.ts `paramRange`).
 */
export function getRegistry(): Registry {
  const ranged = (info: ModelInfo): ModelInfo => ({ ...info, params: info.params.map(withRange) });
  return {
    cc: ccModels.map((m) => ranged(m.info)),
    queue: queueModels.map((m) => ranged(m.info)),
    transport: transportModels.map((m) => ({
      ...ranged(m.info),
      transport: { usesCc: m.usesCc, reliable: m.reliable, backlogged: m.backlogged },
    })),
    app: appModels.map((m) => ranged(m.info)),
  };
}
