import { describeValue, quote } from '../core/describeValue.js';
import { FLOW_TIME_RANGE } from '../core/limits.js';
import { findAppModel } from '../app/index.js';
import { resolveParams, type ParamCheckIssue } from '../model/params.js';
import type { ResolvedParams } from '../model/types.js';
import { ccModels, findCcModel } from '../transport/cc/index.js';
import { findTransportModel, transportModels } from '../transport/index.js';
import { colorProblem } from './colors.js';
import { checkedDurationNs } from './quantities.js';
import type { ResolvedFlow } from './resolved.js';
import type { CheckContext, NodeTable } from './resolveNetwork.js';
import type { ScenarioFlow, ScenarioInput } from './types.js';

/** Every flow whose structure is sound enough, checked against the registry and the topology. */
export function resolveFlows(
  s: ScenarioInput,
  cx: CheckContext,
  table: NodeTable,
  adjacency: ReadonlySet<string>,
): ResolvedFlow[] {
  const { issues, structure } = cx;
  const flows: ResolvedFlow[] = [];
  if (structure.brokenAtOrAbove('flows') || !Array.isArray(s.flows)) return flows;
  const flowIds = new Set<string>();
  s.flows.forEach((f, i) => {
    if (structure.brokenAtOrAbove('flows', i)) return;
    const ok = (...k: (string | number)[]) => structure.sound('flows', i, ...k);
    const p = `flows[${i}]`;
    if (ok('id')) {
      if (flowIds.has(f.id)) issues.push({ path: `${p}.id`, message: `duplicate flow id ${quote(f.id)}` });
      flowIds.add(f.id);
    }
    const from = ok('from') ? table.ref(f.from, `${p}.from`) : -1;
    const to = ok('to') ? table.ref(f.to, `${p}.to`) : -1;
    if (from >= 0 && from === to) issues.push({ path: `${p}.to`, message: 'a flow must go to a different node' });
    const models =
      structure.brokenAtOrAbove('flows', i, 'transport') || structure.brokenAtOrAbove('flows', i, 'app')
        ? null
        : resolveModels(f, p, cx, ok);
    const start = ok('start') ? checkedDurationNs(f.start ?? 0, `${p}.start`, FLOW_TIME_RANGE, issues) : null;
    let stopNs = Infinity;
    if (f.stop !== undefined && ok('stop')) {
      const stop = checkedDurationNs(f.stop, `${p}.stop`, FLOW_TIME_RANGE, issues);
      if (stop !== null && start !== null && stop <= start)
        issues.push({ path: `${p}.stop`, message: `${describeValue(f.stop)} is not after the start time` });
      else if (stop !== null) stopNs = stop;
    }
    const path = f.path && ok('path') ? checkPath(f, p, cx, table, adjacency) : null;
    if (f.color !== undefined && ok('color')) {
      const problem = colorProblem(f.color);
      if (problem) issues.push({ path: `${p}.color`, message: problem });
    }
    flows.push({
      index: i,
      id: f.id,
      from,
      to,
      transport: models?.transport ?? '',
      transportParams: models?.transportParams ?? {},
      cc: models?.cc,
      ccParams: models?.ccParams ?? {},
      app: models?.app ?? '',
      appParams: models?.appParams ?? {},
      startNs: start ?? 0,
      stopNs,
      path,
      color: f.color,
      label: f.label,
      class: f.class ?? 0,
      weight: f.weight ?? 1,
    });
  });
  return flows;
}

interface FlowModels {
  transport: string;
  transportParams: ResolvedParams;
  cc: string | undefined;
  ccParams: ResolvedParams;
  app: string;
  appParams: ResolvedParams;
}

/** Transport, congestion control and application: registry ids, parameters and their pairing. */
function resolveModels(f: ScenarioFlow, p: string, cx: CheckContext, ok: (...k: string[]) => boolean): FlowModels {
  const { issues } = cx;
  // a part whose structure is broken was reported already: check the rest without it
  const given = (part: 'transport' | 'app', key: string): unknown =>
    ok(part, key) ? (f[part] as unknown as Record<string, unknown>)[key] : undefined;
  const cross = (path: string, list: ParamCheckIssue[]) => {
    for (const x of list) issues.push({ path: `${path}.${x.key}`, message: x.message });
  };
  const tm = ok('transport', 'type') ? findTransportModel(f.transport.type) : undefined;
  let transportParams: ResolvedParams = {};
  let ccParams: ResolvedParams = {};
  let cc: string | undefined;
  if (!tm && ok('transport', 'type')) {
    issues.push({
      path: `${p}.transport.type`,
      message: `unknown transport ${quote(f.transport.type)} (known: ${transportModels.map((m) => m.info.id).join(', ')})`,
    });
  } else if (tm) {
    const before = issues.length;
    transportParams = resolveParams(tm.info.params, given('transport', 'params'), `${p}.transport.params`, issues);
    if (issues.length === before && tm.check) cross(`${p}.transport.params`, tm.check(transportParams));
    if (tm.usesCc) {
      cc = (given('transport', 'cc') as string | undefined) ?? 'newreno';
      const cm = findCcModel(cc);
      if (!cm)
        issues.push({
          path: `${p}.transport.cc`,
          message: `unknown congestion control ${quote(cc)} (known: ${ccModels.map((m) => m.info.id).join(', ')})`,
        });
      else ccParams = resolveParams(cm.info.params, given('transport', 'ccParams'), `${p}.transport.ccParams`, issues);
    } else {
      // cc and its parameters mean nothing to a transport without congestion control: refused,
      // never ignored (ignored, `ccParams` let any key and any number through, Infinity included)
      for (const key of ['cc', 'ccParams'] as const)
        if (given('transport', key) !== undefined)
          issues.push({
            path: `${p}.transport.${key}`,
            message: `transport ${f.transport.type} has no congestion control`,
          });
    }
  }
  const am = ok('app', 'type') ? findAppModel(f.app.type) : undefined;
  let appParams: ResolvedParams = {};
  if (!am && ok('app', 'type'))
    issues.push({
      path: `${p}.app.type`,
      message: `unknown application ${quote(f.app.type)}`,
    });
  else if (am) {
    const before = issues.length;
    appParams = resolveParams(am.info.params, given('app', 'params'), `${p}.app.params`, issues);
    if (issues.length === before && am.check) cross(`${p}.app.params`, am.check(appParams));
    const need = am.requires(appParams);
    if (tm && need === 'reliable' && !tm.reliable) {
      issues.push({
        path: `${p}.app.params.bytes`,
        message: `a finite transfer needs a reliable transport; ${f.transport.type} does not retransmit (use bytes: 0 for an unlimited source)`,
      });
    } else if (tm && need === 'backlogged' && !tm.backlogged) {
      issues.push({
        path: `${p}.app.type`,
        message: `${f.app.type} cannot drive ${f.transport.type}, which sends each message at once (use cbr, onoff or vbr)`,
      });
    }
  }
  return { transport: f.transport.type, transportParams, cc, ccParams, app: f.app.type, appParams };
}

/** An explicit path: node ids that exist, from the source to the destination along links. */
function checkPath(
  f: ScenarioFlow,
  p: string,
  cx: CheckContext,
  table: NodeTable,
  adjacency: ReadonlySet<string>,
): number[] {
  const { issues } = cx;
  const nodes = f.path!;
  const path = nodes.map((n, j) => table.ref(n, `${p}.path[${j}]`));
  // (a missing or malformed source or destination is reported by the schema)
  if (typeof f.from === 'string' && nodes[0] !== f.from)
    issues.push({ path: `${p}.path[0]`, message: `the path must start at the flow's source ${quote(f.from)}` });
  if (typeof f.to === 'string' && nodes[nodes.length - 1] !== f.to)
    issues.push({
      path: `${p}.path[${nodes.length - 1}]`,
      message: `the path must end at the flow's destination ${quote(f.to)}`,
    });
  for (let j = 0; j + 1 < path.length; j++) {
    const x = path[j]!;
    const y = path[j + 1]!;
    if (x >= 0 && y >= 0 && !adjacency.has(x < y ? `${x},${y}` : `${y},${x}`))
      issues.push({ path: `${p}.path[${j + 1}]`, message: `no link between ${nodes[j]} and ${nodes[j + 1]}` });
  }
  return path;
}
