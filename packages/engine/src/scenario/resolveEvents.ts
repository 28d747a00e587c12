import { describeValue, quote } from '../core/describeValue.js';
import { DURATION_RANGE, formatQuantity, LINK_DELAY_RANGE } from '../core/limits.js';
import { resolveParams } from '../model/params.js';
import type { ResolvedParams } from '../model/types.js';
import { ccModels, findCcModel } from '../transport/cc/index.js';
import { findTransportModel } from '../transport/index.js';
import { checkedBuffer, checkedDurationNs, checkedRateBps } from './quantities.js';
import type { ResolvedEvent, ResolvedFlow, ResolvedLink, ResolvedNode } from './resolved.js';
import { resolveQueue, type CheckContext } from './resolveNetwork.js';
import type { ScenarioEvent, ScenarioInput } from './types.js';

const LINK_FIELDS = ['rate', 'delay', 'buffer', 'queue', 'lossRate'] as const;
const FLOW_FIELDS = ['cc', 'ccParams', 'action'] as const;

/**
 * The scenario's timed changes (`events`), each checked against the run and its target: the
 * time within the run, the link or flow named exists, each value valid for that target (a rate
 * in range, a queue discipline with valid parameters, a congestion control the flow's transport
 * has). Returned in time order; events at the same time keep their order in the file.
 */
export function resolveEvents(
  s: ScenarioInput,
  cx: CheckContext,
  durationNs: number | null,
  nodes: readonly ResolvedNode[],
  links: readonly ResolvedLink[],
  flows: readonly ResolvedFlow[],
): ResolvedEvent[] {
  const { structure } = cx;
  if (s.events === undefined || structure.brokenAtOrAbove('events') || !Array.isArray(s.events)) return [];
  const out: ResolvedEvent[] = [];
  s.events.forEach((e, i) => {
    if (structure.brokenAtOrAbove('events', i)) return;
    const ok = (k: string) => structure.sound('events', i, k);
    const r = resolveEvent(e, `events[${i}]`, i, ok, cx, durationNs, nodes, links, flows);
    if (r) out.push(r);
  });
  out.sort((a, b) => a.atNs - b.atNs || a.index - b.index);
  checkFlowActions(out, flows, cx);
  return out;
}

function resolveEvent(
  e: ScenarioEvent,
  p: string,
  index: number,
  ok: (k: string) => boolean,
  cx: CheckContext,
  durationNs: number | null,
  nodes: readonly ResolvedNode[],
  links: readonly ResolvedLink[],
  flows: readonly ResolvedFlow[],
): ResolvedEvent | null {
  const { issues } = cx;
  const before = issues.length;
  let atNs: number | null = null;
  if (ok('at')) {
    atNs = checkedDurationNs(e.at, `${p}.at`, DURATION_RANGE, issues);
    if (atNs !== null && durationNs !== null && atNs > durationNs)
      issues.push({
        path: `${p}.at`,
        message: `${describeValue(e.at)} is after the end of the run (duration ${formatQuantity('duration', durationNs / 1e9)})`,
      });
  }
  const has = (k: keyof ScenarioEvent) => e[k] !== undefined;
  const label = ok('label') ? e.label : undefined;
  if (has('link') === has('flow')) {
    issues.push({
      path: p,
      message: has('link')
        ? 'names both a link and a flow; an event changes one of them'
        : 'needs a "link" or a "flow" to change',
    });
    return null;
  }
  if (has('link')) {
    for (const k of FLOW_FIELDS)
      if (has(k)) issues.push({ path: `${p}.${k}`, message: `a link event cannot set ${k} (that belongs to a flow)` });
    if (!LINK_FIELDS.some((k) => has(k)))
      issues.push({ path: p, message: `changes nothing: give rate, delay, buffer, queue or lossRate` });
    if (!ok('link')) return null;
    const link = links.find((l) => l.id === e.link);
    if (!link) {
      issues.push({
        path: `${p}.link`,
        message: `${quote(e.link!)} is not a link id (known: ${links
          .slice(0, 20)
          .map((l) => l.id)
          .join(', ')}${links.length > 20 ? ', …' : ''})`,
      });
      return null;
    }
    const ends = [nodes[link.a]?.id ?? '?', nodes[link.b]?.id ?? '?'];
    let dirs: (0 | 1)[] = [0, 1];
    if (has('direction') && ok('direction')) {
      if (e.direction === `${ends[0]}->${ends[1]}`) dirs = [0];
      else if (e.direction === `${ends[1]}->${ends[0]}`) dirs = [1];
      else {
        issues.push({
          path: `${p}.direction`,
          message: `${describeValue(e.direction)} is not a direction of link ${link.id} ("${ends[0]}->${ends[1]}" or "${ends[1]}->${ends[0]}")`,
        });
      }
      if (has('rate') || has('delay'))
        issues.push({
          path: `${p}.direction`,
          message: 'rate and delay belong to the whole link; a direction applies to buffer, queue and lossRate only',
        });
    }
    const rateBps = has('rate') && ok('rate') ? checkedRateBps(e.rate, `${p}.rate`, issues) : null;
    const delayNs =
      has('delay') && ok('delay') ? checkedDurationNs(e.delay, `${p}.delay`, LINK_DELAY_RANGE, issues) : null;
    const buffer = has('buffer') && ok('buffer') ? checkedBuffer(e.buffer, `${p}.buffer`, issues) : null;
    const queue =
      has('queue') && ok('queue')
        ? resolveQueue(
            e.queue,
            `${p}.queue`,
            {
              rateBps: rateBps ?? link.rateBps,
              delayNs: delayNs ?? link.delayNs,
              classes: Math.max(1, ...flows.map((f) => f.class + 1)),
              limit: buffer ?? link.dirs[dirs[0]!]!.queue.limit,
            },
            issues,
          )
        : null;
    if (issues.length > before || atNs === null) return null;
    return {
      kind: 'link',
      index,
      atNs,
      label,
      link: link.index,
      dirs,
      ...(rateBps !== null ? { rateBps } : {}),
      ...(delayNs !== null ? { delayNs } : {}),
      ...(has('lossRate') && ok('lossRate') ? { lossRate: e.lossRate! } : {}),
      ...(buffer !== null ? { buffer } : {}),
      ...(queue !== null ? { queue } : {}),
    };
  }
  for (const k of [...LINK_FIELDS, 'direction'] as const)
    if (has(k)) issues.push({ path: `${p}.${k}`, message: `a flow event cannot set ${k} (that belongs to a link)` });
  if (has('cc') === has('action'))
    issues.push({
      path: p,
      message: has('cc') ? 'sets both cc and action; one change per event' : 'changes nothing: give cc or action',
    });
  if (has('ccParams') && !has('cc')) issues.push({ path: `${p}.ccParams`, message: 'needs cc beside it' });
  if (!ok('flow')) return null;
  const flow = flows.find((f) => f.id === e.flow);
  if (!flow) {
    issues.push({ path: `${p}.flow`, message: `${quote(e.flow!)} is not a flow id` });
    return null;
  }
  let cc: { id: string; params: ResolvedParams } | undefined;
  if (has('cc') && ok('cc')) {
    const tm = findTransportModel(flow.transport);
    const cm = findCcModel(e.cc!);
    if (tm && !tm.usesCc)
      issues.push({
        path: `${p}.cc`,
        message: `flow ${flow.id} uses ${flow.transport}, which has no congestion control`,
      });
    else if (!cm)
      issues.push({
        path: `${p}.cc`,
        message: `unknown congestion control ${quote(e.cc!)} (known: ${ccModels.map((m) => m.info.id).join(', ')})`,
      });
    else
      cc = {
        id: e.cc!,
        params: resolveParams(cm.info.params, ok('ccParams') ? e.ccParams : undefined, `${p}.ccParams`, issues),
      };
  }
  if (issues.length > before || atNs === null) return null;
  return {
    kind: 'flow',
    index,
    atNs,
    label,
    flow: flow.index,
    ...(cc ? { cc } : {}),
    ...(has('action') && ok('action') ? { action: e.action! } : {}),
  };
}

/** A flow that was stopped cannot start again: its transport has closed (TCP delivers what it had sent). */
function checkFlowActions(events: readonly ResolvedEvent[], flows: readonly ResolvedFlow[], cx: CheckContext): void {
  const stoppedAt = new Map<number, number>();
  for (const f of flows) if (f.stopNs !== Infinity) stoppedAt.set(f.index, f.stopNs);
  const ordered = events
    .filter((e) => e.kind === 'flow' && e.action !== undefined)
    .map((e) => e as Extract<ResolvedEvent, { kind: 'flow' }>);
  for (const e of ordered)
    if (e.action === 'stop' && !(stoppedAt.get(e.flow)! <= e.atNs)) stoppedAt.set(e.flow, e.atNs);
  for (const e of ordered) {
    const stop = stoppedAt.get(e.flow);
    if (e.action === 'start' && stop !== undefined && stop <= e.atNs)
      cx.issues.push({
        path: `events[${e.index}].action`,
        message: `flow ${flows[e.flow]!.id} stops at ${formatQuantity('duration', stop / 1e9)}, before this start; a stopped flow cannot start again`,
      });
  }
}
