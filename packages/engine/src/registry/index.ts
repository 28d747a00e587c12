import { appModels } from '../app/index.js';
import { queueModels } from './queueModels.js';
import { ccModels } from '../transport/cc/index.js';
import { transportModels } from '../transport/index.js';
import { channelModels } from '../router/channel/channelModels.js';
import { baseStationInfo } from '../router/bs/baseStationModel.js';
import { bsSchedulerModels } from '../router/bs/index.js';
import { withRange } from '../model/params.js';
import type { ModelInfo } from '../model/types.js';

export interface Registry {
  readonly cc: readonly ModelInfo[];
  readonly queue: readonly ModelInfo[];
  readonly transport: readonly ModelInfo[];
  readonly app: readonly ModelInfo[];
  /** How a link direction's rate varies: fixed, a delivery trace, fading. */
  readonly channel: readonly ModelInfo[];
  /** A base-station node's parameters (`nodes[i].bs.params`). */
  readonly bs: ModelInfo;
  /** A base station's slot schedulers (`nodes[i].bs.scheduler`). */
  readonly bsScheduler: readonly ModelInfo[];
}

/**
 * Everything pluggable, as plain serialisable descriptions (the lab builds its forms from this).
 * Every numeric parameter carries the range validation enforces: its own, within the physical
 * bounds of its kind (model/params.ts `paramRange`).
 */
export function getRegistry(): Registry {
  const ranged = (info: ModelInfo): ModelInfo => ({ ...info, params: info.params.map(withRange) });
  return {
    cc: ccModels.map((m) => ranged(m.info)),
    queue: queueModels.map((m) => ranged(m.info)),
    transport: transportModels.map((m) => ({
      ...ranged(m.info),
      transport: {
        usesCc: m.usesCc,
        reliable: m.reliable,
        backlogged: m.backlogged,
        window: m.window,
        measuresRtt: m.measuresRtt,
      },
    })),
    app: appModels.map((m) => ranged(m.info)),
    channel: channelModels.map((m) => ranged(m.info)),
    bs: ranged(baseStationInfo),
    bsScheduler: bsSchedulerModels.map((m) => ranged(m.info)),
  };
}
