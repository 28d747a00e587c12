/**
 * Validation of the scenario's time-varying links and base stations: a link direction's
 * `channel` (registry `channel`), and a base-station node's `bs` (its `tdma-bs` parameters and
 * scheduler). Called by validateScenario; kept apart so the wireless rules read in one place.
 */
import { resolveParams, type ParamIssue } from '../registry/params.js';
import type { ResolvedParams } from '../registry/types.js';
import { checkAmcParams } from '../router/channel/amc.js';
import { channelModels, FADING_KEYS, findChannelModel } from '../router/channel/channelModels.js';
import { baseStationInfo, DEFAULT_BS_SCHEDULER, DEFAULT_UE_MEAN_SNR_DB } from '../router/bs/baseStationModel.js';
import { bsSchedulerModels, findBsSchedulerModel } from '../router/bs/index.js';
import type { ChannelSpec, ScenarioNode } from './types.js';

export interface ResolvedChannel {
  /** Registry id: "fixed", "trace", "rayleigh", ... */
  type: string;
  params: ResolvedParams;
}

export interface ResolvedBaseStation {
  params: ResolvedParams;
  scheduler: { type: string; params: ResolvedParams };
}

const FIXED: ResolvedChannel = { type: 'fixed', params: {} };

/**
 * Resolves one link direction's channel. A base station's downlink to a UE (`bsDownlink`) must
 * be a fading channel; without one it gets `rayleigh` with the thesis's mean SNR for the
 * `downlinkIndex`-th UE (5, 9, 13, 5, 9, 13 dB), and the radio parameters it may not set are the
 * base station's.
 */
export function resolveChannel(
  spec: ChannelSpec | undefined,
  path: string,
  bsDownlink: { index: number; bsPath: string } | null,
  issues: ParamIssue[],
): ResolvedChannel {
  if (spec === undefined) {
    if (bsDownlink === null) return FIXED;
    const rayleigh = findChannelModel('rayleigh')!;
    const params = resolveParams(rayleigh.info.params, {}, `${path}.params`, issues);
    params.meanSnrDb = DEFAULT_UE_MEAN_SNR_DB[bsDownlink.index % DEFAULT_UE_MEAN_SNR_DB.length]!;
    return { type: 'rayleigh', params };
  }
  const model = findChannelModel(spec.type);
  if (!model) {
    issues.push({
      path: `${path}.type`,
      message: `unknown channel ${JSON.stringify(spec.type)} (known: ${channelModels.map((m) => m.info.id).join(', ')})`,
    });
    return FIXED;
  }
  if (bsDownlink !== null && spec.type !== 'rayleigh') {
    issues.push({
      path: `${path}.type`,
      message: `a base station's downlink to a UE is a fading radio channel: use "rayleigh" (or leave the channel out), not ${JSON.stringify(spec.type)}`,
    });
    return FIXED;
  }
  if (bsDownlink !== null && spec.params && typeof spec.params === 'object') {
    for (const key of Object.keys(spec.params)) {
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
  return { type: spec.type, params };
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
