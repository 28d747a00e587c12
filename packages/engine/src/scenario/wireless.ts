/**
 * Validation of the scenario's time-varying links and base stations: a link direction's
 * `channel` (registry `channel`), and a base-station node's `bs` (its `tdma-bs` parameters and
 * scheduler). Called by validateScenario; kept apart so the wireless rules read in one place.
 */
import { resolveParams, type ParamIssue } from '../model/params.js';
import type { ResolvedParams } from '../model/types.js';
import { checkAmcParams } from '../router/channel/amc.js';
import { channelModels, FADING_KEYS, findChannelModel } from '../router/channel/channelModels.js';
import { baseStationInfo, DEFAULT_BS_SCHEDULER, DEFAULT_UE_MEAN_SNR_DB } from '../router/bs/baseStationModel.js';
import { bsSchedulerModels, findBsSchedulerModel } from '../router/bs/index.js';
import type { ChannelSpec, ScenarioNode } from './types.js';

export interface ResolvedChannel {
  /** Registry id: "fixed", "trace", "rayleigh", ... */
  type: string;
  params: ResolvedParams;
  /** A base station's radio downlink to a UE: a `rayleigh` channel leaving a `bs` node. */
  bsDownlink: boolean;
}

export interface ResolvedBaseStation {
  params: ResolvedParams;
  scheduler: { type: string; params: ResolvedParams };
}

const FIXED: ResolvedChannel = { type: 'fixed', params: {}, bsDownlink: false };

/** The base station a direction leaves, if any: where its settings live and its next UE number. */
export interface BsDirection {
  readonly bsPath: string;
  /** Numbers the BS's downlinks in link order (a UE's default mean SNR goes by it). */
  nextDownlink(): number;
}

/**
 * Resolves one link direction's channel (none: fixed). A `rayleigh` channel leaving a base
 * station is one of its radio downlinks (a UE): without a `meanSnrDb` it takes the thesis's for
 * the k-th UE (5, 9, 13, 5, 9, 13 dB), and the radio parameters — bandwidth, AMC, block — are the
 * base station's, not the UE's.
 */
export function resolveChannel(
  spec: ChannelSpec | undefined,
  path: string,
  fromBs: BsDirection | null,
  issues: ParamIssue[],
): ResolvedChannel {
  if (spec === undefined) return FIXED;
  const model = findChannelModel(spec.type);
  if (!model) {
    issues.push({
      path: `${path}.type`,
      message: `unknown channel ${JSON.stringify(spec.type)} (known: ${channelModels.map((m) => m.info.id).join(', ')})`,
    });
    return FIXED;
  }
  const bsDownlink = fromBs !== null && spec.type === 'rayleigh' ? fromBs : null;
  const given: Record<string, unknown> = spec.params && typeof spec.params === 'object' ? spec.params : {};
  if (bsDownlink !== null) {
    for (const key of Object.keys(given)) {
      if (!(FADING_KEYS as readonly string[]).includes(key) && model.info.params.some((p) => p.key === key))
        issues.push({
          path: `${path}.params.${key}`,
          message: `is the base station's on its downlinks: set it in ${bsDownlink.bsPath}.bs.params (a UE's channel takes ${FADING_KEYS.join(', ')})`,
        });
    }
  }
  const before = issues.length;
  const params = resolveParams(model.info.params, spec.params, `${path}.params`, issues);
  if (issues.length === before && model.check)
    for (const i of model.check(params, bsDownlink !== null))
      issues.push({ path: `${path}.params.${i.key}`, message: i.message });
  if (bsDownlink !== null) {
    const k = bsDownlink.nextDownlink();
    if (!('meanSnrDb' in given)) params.meanSnrDb = DEFAULT_UE_MEAN_SNR_DB[k % DEFAULT_UE_MEAN_SNR_DB.length]!;
  }
  return { type: spec.type, params, bsDownlink: bsDownlink !== null };
}

/** Resolves a node's `bs`: only a base station takes one; every base station gets one. */
export function resolveBaseStation(node: ScenarioNode, path: string, issues: ParamIssue[]): ResolvedBaseStation | null {
  if (node.kind !== 'bs') {
    if (node.bs !== undefined)
      issues.push({
        path: `${path}.bs`,
        message: `only a base station (kind "bs") takes base-station settings; this node is a ${node.kind}`,
      });
    return null;
  }
  const before = issues.length;
  const params = resolveParams(baseStationInfo.params, node.bs?.params, `${path}.bs.params`, issues);
  if (issues.length === before)
    for (const i of checkAmcParams(params)) issues.push({ path: `${path}.bs.params.${i.key}`, message: i.message });
  const type = node.bs?.scheduler?.type ?? DEFAULT_BS_SCHEDULER;
  const model = findBsSchedulerModel(type);
  if (!model) {
    issues.push({
      path: `${path}.bs.scheduler.type`,
      message: `unknown base-station scheduler ${JSON.stringify(type)} (known: ${bsSchedulerModels.map((m) => m.info.id).join(', ')})`,
    });
    return { params, scheduler: { type, params: {} } };
  }
  const sp = resolveParams(model.info.params, node.bs?.scheduler?.params, `${path}.bs.scheduler.params`, issues);
  return { params, scheduler: { type, params: sp } };
}
