import { parseBitRate, parseBufferLimit, parseDuration, type BufferLimit } from '../core/units.js';
import { findAppModel } from '../app/index.js';
import { findQueueModel, queueModels, type QueueCheckEnv } from '../queue/index.js';
import { resolveParams, type ParamIssue } from '../registry/params.js';
import type { ResolvedParams } from '../registry/types.js';
import { ccModels, findCcModel } from '../transport/cc/index.js';
import { findTransportModel, transportModels } from '../transport/index.js';
import { formatPath, scenarioSchema } from './schema.js';
import type { NodeKind, QueueSpec, ScenarioInput } from './types.js';

export interface ScenarioIssue {
  /** Path of the offending field, e.g. `links[2].rate`. */
  path: string;
  message: string;
}

/** A scenario that cannot be run; `issues` names every problem found. */
export class ScenarioError extends Error {
  constructor(readonly issues: ScenarioIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
    this.name = 'ScenarioError';
  }
}

export interface ResolvedQueue {
  type: string;
  params: ResolvedParams;
  limit: BufferLimit;
  /** A scheduler's sub-queue discipline, or null (limitless FIFOs). */
  child: ResolvedQueue | null;
}

export interface ResolvedDirection {
  from: number;
  to: number;
  queue: ResolvedQueue;
  lossRate: number;
}

export interface ResolvedLink {
  index: number;
  id: string;
  a: number;
  b: number;
  rateBps: number;
  delayNs: number;
  metric: number;
  /** [a→b, b→a] */
  dirs: [ResolvedDirection, ResolvedDirection];
}

export interface ResolvedFlow {
  index: number;
  id: string;
  from: number;
  to: number;
  transport: string;
  transportParams: ResolvedParams;
  cc: string | undefined;
  ccParams: ResolvedParams;
  app: string;
  appParams: ResolvedParams;
  startNs: number;
  stopNs: number;
  path: number[] | null;
  color: string | undefined;
  label: string | undefined;
  class: number;
  weight: number;
}

export interface ResolvedScenario {
  input: ScenarioInput;
  name: string;
  seed: number;
  durationNs: number;
  nodes: { index: number; id: string; kind: NodeKind; label: string | undefined; buffer: BufferLimit | null }[];
  links: ResolvedLink[];
  flows: ResolvedFlow[];
  probes: { intervalNs: number; ports: string[] | null; maxPoints: number };
}

const DEFAULT_BUFFER = '100 packets';

function describeValue(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? s.slice(0, 57) + '...' : s;
}

/**
 * Validates a parsed JSON value as a scenario and resolves it: units parsed, node references
 * turned into indices, registry parameters checked and defaulted. Throws ScenarioError listing
 * every problem with its field path; never a stack trace for bad input.
 */
export function validateScenario(input: unknown): ResolvedScenario {
  const parsed = scenarioSchema.safeParse(input);
  if (!parsed.success) {
    throw new ScenarioError(
      parsed.error.issues.map((i) => {
        let msg = i.message;
        if (i.code === 'invalid_type') {
          const got = valueAt(input, i.path);
          msg =
            got === undefined
              ? 'is required'
              : `${describeValue(got)} is not ${i.expected === 'string' ? 'a string' : `a ${i.expected}`}`;
        } else if (i.code === 'unrecognized_keys') {
          msg = `unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => JSON.stringify(k)).join(', ')}`;
        } else if (i.code === 'invalid_union') {
          const got = valueAt(input, i.path);
          msg = got === undefined ? 'is required' : `${describeValue(got)} is not a number or a string with a unit`;
        }
        return { path: formatPath(i.path), message: msg };
      }),
    );
  }
  const s = parsed.data as ScenarioInput;
  const issues: ScenarioIssue[] = [];
  const pIssues: ParamIssue[] = issues;

  const duration = parseDuration(s.duration);
  if (!duration.ok) issues.push({ path: 'duration', message: duration.error });
  else if (duration.value <= 0)
    issues.push({ path: 'duration', message: `${describeValue(s.duration)} must be longer than zero` });

  const nodeIndex = new Map<string, number>();
  const nodeBuffers: (BufferLimit | null)[] = [];
  s.nodes.forEach((n, i) => {
    if (nodeIndex.has(n.id))
      issues.push({ path: `nodes[${i}].id`, message: `duplicate node id ${JSON.stringify(n.id)}` });
    else nodeIndex.set(n.id, i);
    let buffer: BufferLimit | null = null;
    if (n.buffer !== undefined) {
      const lim = parseBufferLimit(n.buffer);
      if (!lim.ok) issues.push({ path: `nodes[${i}].buffer`, message: lim.error });
      else if (n.kind !== 'router')
        issues.push({ path: `nodes[${i}].buffer`, message: 'only a router pools a shared buffer' });
      else buffer = lim.value;
    }
    nodeBuffers.push(buffer);
  });
  const ref = (id: string, path: string): number => {
    const i = nodeIndex.get(id);
    if (i === undefined) {
      issues.push({ path, message: `${JSON.stringify(id)} is not a node id` });
      return -1;
    }
    return i;
  };

  let classes = 1;
  for (const f of s.flows) if (f.class !== undefined) classes = Math.max(classes, f.class + 1);

  const links: ResolvedLink[] = [];
  const adjacency = new Set<string>();
  const linkIds = new Set<string>();
  s.links.forEach((l, i) => {
    const p = `links[${i}]`;
    const a = ref(l.a, `${p}.a`);
    const b = ref(l.b, `${p}.b`);
    if (a >= 0 && a === b) issues.push({ path: `${p}.b`, message: 'a link must join two different nodes' });
    const rate = parseBitRate(l.rate);
    if (!rate.ok) issues.push({ path: `${p}.rate`, message: rate.error });
    const delay = parseDuration(l.delay);
    if (!delay.ok) issues.push({ path: `${p}.delay`, message: delay.error });
    const id = l.id ?? `${l.a}-${l.b}`;
    if (linkIds.has(id)) issues.push({ path: `${p}.id`, message: `duplicate link ${JSON.stringify(id)}` });
    linkIds.add(id);
    const key = a < b ? `${a},${b}` : `${b},${a}`;
    if (a >= 0 && b >= 0 && adjacency.has(key))
      issues.push({ path: p, message: `nodes ${l.a} and ${l.b} are already linked` });
    adjacency.add(key);
    const dir = (
      from: number,
      to: number,
      buffer: unknown,
      queue: ScenarioInput['links'][number]['queue'],
      loss: number | undefined,
      dp: string,
    ): ResolvedDirection => {
      const pooled = buffer === undefined ? nodeBuffers[from] : null;
      const lim = pooled ? { ok: true as const, value: pooled } : parseBufferLimit(buffer ?? DEFAULT_BUFFER);
      if (!lim.ok) issues.push({ path: `${dp}.buffer`, message: lim.error });
      const limit = lim.ok ? lim.value : { packets: 100 };
      const env = { limit, rateBps: rate.ok ? rate.value : 1, delayNs: delay.ok ? delay.value : 0, classes };
      return {
        from,
        to,
        queue: resolveQueue(queue, `${dp}.queue`, env, pIssues),
        lossRate: loss ?? 0,
      };
    };
    const fwd = dir(a, b, l.buffer, l.queue, l.lossRate, p);
    const rev = dir(
      b,
      a,
      l.reverse?.buffer ?? l.buffer,
      l.reverse?.queue ?? l.queue,
      l.reverse?.lossRate ?? l.lossRate,
      l.reverse ? `${p}.reverse` : p,
    );
    links.push({
      index: i,
      id,
      a,
      b,
      rateBps: rate.ok ? rate.value : 1,
      delayNs: delay.ok ? delay.value : 0,
      metric: l.metric ?? 1,
      dirs: [fwd, rev],
    });
  });

  checkRouterWide(links, s, issues);

  const flows: ResolvedFlow[] = [];
  const flowIds = new Set<string>();
  s.flows.forEach((f, i) => {
    const p = `flows[${i}]`;
    if (flowIds.has(f.id)) issues.push({ path: `${p}.id`, message: `duplicate flow id ${JSON.stringify(f.id)}` });
    flowIds.add(f.id);
    const from = ref(f.from, `${p}.from`);
    const to = ref(f.to, `${p}.to`);
    if (from >= 0 && from === to) issues.push({ path: `${p}.to`, message: 'a flow must go to a different node' });
    const tm = findTransportModel(f.transport.type);
    let transportParams: ResolvedParams = {};
    let ccParams: ResolvedParams = {};
    let cc: string | undefined;
    if (!tm) {
      issues.push({
        path: `${p}.transport.type`,
        message: `unknown transport ${JSON.stringify(f.transport.type)} (known: ${transportModels.map((m) => m.info.id).join(', ')})`,
      });
    } else {
      transportParams = resolveParams(tm.info.params, f.transport.params, `${p}.transport.params`, pIssues);
      if (tm.usesCc) {
        cc = f.transport.cc ?? 'newreno';
        const cm = findCcModel(cc);
        if (!cm)
          issues.push({
            path: `${p}.transport.cc`,
            message: `unknown congestion control ${JSON.stringify(cc)} (known: ${ccModels.map((m) => m.info.id).join(', ')})`,
          });
        else ccParams = resolveParams(cm.info.params, f.transport.ccParams, `${p}.transport.ccParams`, pIssues);
      } else if (f.transport.cc !== undefined) {
        issues.push({ path: `${p}.transport.cc`, message: `transport ${f.transport.type} has no congestion control` });
      }
    }
    const am = findAppModel(f.app.type);
    let appParams: ResolvedParams = {};
    if (!am) issues.push({ path: `${p}.app.type`, message: `unknown application ${JSON.stringify(f.app.type)}` });
    else {
      appParams = resolveParams(am.info.params, f.app.params, `${p}.app.params`, pIssues);
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
    const start = parseDuration(f.start ?? 0);
    if (!start.ok) issues.push({ path: `${p}.start`, message: start.error });
    let stopNs = Infinity;
    if (f.stop !== undefined) {
      const stop = parseDuration(f.stop);
      if (!stop.ok) issues.push({ path: `${p}.stop`, message: stop.error });
      else if (start.ok && stop.value <= start.value)
        issues.push({ path: `${p}.stop`, message: `${describeValue(f.stop)} is not after the start time` });
      else stopNs = stop.value;
    }
    let path: number[] | null = null;
    if (f.path) {
      path = f.path.map((n, j) => ref(n, `${p}.path[${j}]`));
      if (f.path[0] !== f.from)
        issues.push({
          path: `${p}.path[0]`,
          message: `the path must start at the flow's source ${JSON.stringify(f.from)}`,
        });
      if (f.path[f.path.length - 1] !== f.to)
        issues.push({
          path: `${p}.path[${f.path.length - 1}]`,
          message: `the path must end at the flow's destination ${JSON.stringify(f.to)}`,
        });
      for (let j = 0; j + 1 < path.length; j++) {
        const x = path[j]!;
        const y = path[j + 1]!;
        if (x >= 0 && y >= 0 && !adjacency.has(x < y ? `${x},${y}` : `${y},${x}`)) {
          issues.push({ path: `${p}.path[${j + 1}]`, message: `no link between ${f.path[j]} and ${f.path[j + 1]}` });
        }
      }
    }
    flows.push({
      index: i,
      id: f.id,
      from,
      to,
      transport: f.transport.type,
      transportParams,
      cc,
      ccParams,
      app: f.app.type,
      appParams,
      startNs: start.ok ? start.value : 0,
      stopNs,
      path,
      color: f.color,
      label: f.label,
      class: f.class ?? 0,
      weight: f.weight ?? 1,
    });
  });

  let intervalNs = 100_000_000;
  if (s.probes?.interval !== undefined) {
    const iv = parseDuration(s.probes.interval);
    if (!iv.ok) issues.push({ path: 'probes.interval', message: iv.error });
    else if (iv.value < 1000)
      issues.push({ path: 'probes.interval', message: `${describeValue(s.probes.interval)} is shorter than 1 µs` });
    else intervalNs = iv.value;
  }
  const portNames = new Set<string>();
  for (const l of s.links) {
    portNames.add(`${l.a}->${l.b}`);
    portNames.add(`${l.b}->${l.a}`);
  }
  s.probes?.ports?.forEach((name, i) => {
    if (!portNames.has(name))
      issues.push({
        path: `probes.ports[${i}]`,
        message: `${JSON.stringify(name)} is not a link direction ("a->b" with a link between a and b)`,
      });
  });

  if (issues.length > 0) throw new ScenarioError(issues);
  return {
    input: s,
    name: s.name ?? 'Untitled scenario',
    seed: s.seed ?? 1,
    durationNs: duration.ok ? duration.value : 0,
    nodes: s.nodes.map((n, i) => ({ index: i, id: n.id, kind: n.kind, label: n.label, buffer: nodeBuffers[i]! })),
    links,
    flows,
    probes: { intervalNs, ports: s.probes?.ports ?? null, maxPoints: s.probes?.maxPoints ?? 2000 },
  };
}

/**
 * Resolves a queue spec (and its scheduler's `child`, recursively): registry lookup, parameters,
 * and the model's cross-parameter checks against the link it serves.
 */
function resolveQueue(
  queue: QueueSpec | undefined,
  path: string,
  env: QueueCheckEnv,
  issues: ParamIssue[],
): ResolvedQueue {
  const qtype = queue?.type ?? 'droptail';
  const qm = findQueueModel(qtype);
  let params: ResolvedParams = {};
  let child: ResolvedQueue | null = null;
  if (!qm) {
    issues.push({
      path: `${path}.type`,
      message: `unknown queue discipline ${JSON.stringify(qtype)} (known: ${queueModels.map((m) => m.info.id).join(', ')})`,
    });
  } else {
    const before = issues.length;
    params = resolveParams(qm.info.params, queue?.params, `${path}.params`, issues);
    if (issues.length === before && qm.check)
      for (const i of qm.check(params, env)) issues.push({ path: `${path}.params.${i.key}`, message: i.message });
    if (queue?.child !== undefined) {
      if (!qm.info.classful)
        issues.push({
          path: `${path}.child`,
          message: `${qtype} has no sub-queues; only a scheduler (${queueModels
            .filter((m) => m.info.classful)
            .map((m) => m.info.id)
            .join(', ')}) takes a child discipline`,
        });
      else child = resolveQueue(queue.child, `${path}.child`, env, issues);
    }
  }
  return { type: qtype, params, limit: env.limit, child };
}

/** Each discipline's router-wide checks over the egress ports of every node that use it. */
function checkRouterWide(links: readonly ResolvedLink[], s: ScenarioInput, issues: ScenarioIssue[]): void {
  for (const m of queueModels) {
    if (!m.checkRouter) continue;
    const byNode = new Map<number, { params: ResolvedParams; path: string }[]>();
    for (const l of links)
      l.dirs.forEach((d, i) => {
        if (d.queue.type !== m.info.id) return;
        const path = `links[${l.index}]${i === 1 && s.links[l.index]?.reverse?.queue ? '.reverse' : ''}.queue.params`;
        const list = byNode.get(d.from) ?? [];
        list.push({ params: d.queue.params, path });
        byNode.set(d.from, list);
      });
    for (const ports of byNode.values())
      for (const x of m.checkRouter(ports.map((p) => p.params)))
        issues.push({ path: `${ports[x.index]!.path}.${x.key}`, message: x.message });
  }
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** Parses JSON text and validates it; JSON syntax errors become a ScenarioError too. */
export function parseScenarioText(text: string): ResolvedScenario {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ScenarioError([{ path: '(file)', message: `not valid JSON: ${(e as Error).message}` }]);
  }
  return validateScenario(json);
}
