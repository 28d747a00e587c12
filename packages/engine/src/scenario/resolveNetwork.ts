import { quote } from '../core/describeValue.js';
import { LINK_DELAY_RANGE } from '../core/limits.js';
import type { BufferLimit } from '../core/units.js';
import { findQueueModel, queueModels, type QueueCheckEnv } from '../registry/queueModels.js';
import { resolveParams } from '../model/params.js';
import type { ResolvedParams } from '../model/types.js';
import type { StructureMap } from './paths.js';
import type { ImpairmentSpec } from '../net/LinkImpairment.js';
import { checkedBuffer, checkedDurationNs, checkedRateBps } from './quantities.js';
import { resolveImpairments } from './resolveImpairments.js';
import type { ResolvedDirection, ResolvedLink, ResolvedNode, ResolvedQueue } from './resolved.js';
import type { ScenarioIssue } from './ScenarioError.js';
import type { ChannelSpec, QueueSpec, ScenarioInput, ScenarioLink } from './types.js';
import { resolveBaseStation, resolveChannel, type BsDirection, type ResolvedChannel } from './wireless.js';

/** What the semantic checks share: the problems found so far and where the structure is broken. */
export interface CheckContext {
  readonly issues: ScenarioIssue[];
  readonly structure: StructureMap;
}

/** Node ids → indices, and whether references can be checked at all. */
export class NodeTable {
  readonly index = new Map<string, number>();
  /** Node index → its shared buffer (routers that pool one). */
  readonly buffers = new Map<number, BufferLimit>();
  /** False when the `nodes` list itself is unreadable: a reference cannot be judged then. */
  known = true;

  constructor(private readonly issues: ScenarioIssue[]) {}

  /** The index of node `id`, or -1 (recording the problem at `path` when the nodes are known). */
  ref(id: string, path: string): number {
    const i = this.index.get(id);
    if (i !== undefined) return i;
    if (this.known) this.issues.push({ path, message: `${quote(id)} is not a node id` });
    return -1;
  }
}

/** Each node's id registered (duplicates reported); nodes whose structure is broken are skipped. */
export function resolveNodes(s: ScenarioInput, cx: CheckContext): { nodes: ResolvedNode[]; table: NodeTable } {
  const { issues, structure } = cx;
  const table = new NodeTable(issues);
  const nodes: ResolvedNode[] = [];
  if (structure.brokenAtOrAbove('nodes') || !Array.isArray(s.nodes)) {
    table.known = false;
    return { nodes, table };
  }
  s.nodes.forEach((n, i) => {
    if (structure.brokenAtOrAbove('nodes', i)) return;
    // an id of the wrong form is still registered, so references to it are not reported twice
    if (typeof n.id !== 'string') return;
    if (table.index.has(n.id)) issues.push({ path: `nodes[${i}].id`, message: `duplicate node id ${quote(n.id)}` });
    else table.index.set(n.id, i);
    let buffer: BufferLimit | null = null;
    if (n.buffer !== undefined && structure.sound('nodes', i, 'buffer')) {
      const path = `nodes[${i}].buffer`;
      if (n.kind !== 'router') issues.push({ path, message: 'only a router pools a shared buffer' });
      else buffer = checkedBuffer(n.buffer, path, issues);
    }
    if (buffer !== null) table.buffers.set(i, buffer);
    const bs = structure.sound('nodes', i, 'kind') && structure.sound('nodes', i, 'bs') ? n : null;
    nodes.push({
      index: i,
      id: n.id,
      kind: n.kind,
      label: n.label,
      bs: bs ? resolveBaseStation(bs, `nodes[${i}]`, issues) : null,
      buffer,
    });
  });
  return { nodes, table };
}

export interface ResolvedLinks {
  links: ResolvedLink[];
  /** "i,j" (i < j) for every pair of linked node indices. */
  adjacency: Set<string>;
  /** "a->b" and "b->a" of every link. */
  portNames: Set<string>;
  /** False when some link's ends could not be read (portNames is then incomplete). */
  portsKnown: boolean;
}

const DEFAULT_BUFFER: BufferLimit = { packets: 100 };

export function resolveLinks(s: ScenarioInput, cx: CheckContext, table: NodeTable, classes: number): ResolvedLinks {
  const { issues, structure } = cx;
  const out: ResolvedLinks = { links: [], adjacency: new Set(), portNames: new Set(), portsKnown: true };
  if (structure.brokenAtOrAbove('links') || !Array.isArray(s.links)) return { ...out, portsKnown: false };
  const linkIds = new Set<string>();
  /** Radio downlinks seen so far per base station (a UE's default mean SNR goes by this order). */
  const downlinks = new Map<number, number>();
  const fromBs = (from: number): BsDirection | null =>
    from >= 0 && Array.isArray(s.nodes) && s.nodes[from]?.kind === 'bs'
      ? {
          bsPath: `nodes[${from}]`,
          nextDownlink: () => {
            const k = downlinks.get(from) ?? 0;
            downlinks.set(from, k + 1);
            return k;
          },
        }
      : null;
  s.links.forEach((l, i) => {
    if (structure.brokenAtOrAbove('links', i)) {
      out.portsKnown = false;
      return;
    }
    const ok = (...k: (string | number)[]) => structure.sound('links', i, ...k);
    const p = `links[${i}]`;
    const a = ok('a') ? table.ref(l.a, `${p}.a`) : -1;
    const b = ok('b') ? table.ref(l.b, `${p}.b`) : -1;
    if (a >= 0 && a === b) issues.push({ path: `${p}.b`, message: 'a link must join two different nodes' });
    if (ok('a') && ok('b')) {
      out.portNames.add(`${l.a}->${l.b}`);
      out.portNames.add(`${l.b}->${l.a}`);
    } else out.portsKnown = false;
    const rate = ok('rate') ? checkedRateBps(l.rate, `${p}.rate`, issues) : null;
    const delay = ok('delay') ? checkedDurationNs(l.delay, `${p}.delay`, LINK_DELAY_RANGE, issues) : null;
    // (an end that is not a string is reported by table.ref; String() of an object without a
    // prototype would throw, so such an end stands in as its position)
    const end = (v: unknown, k: string) => (typeof v === 'string' ? v : `${p}.${k}`);
    const id = ok('id') && l.id !== undefined ? l.id : `${end(l.a, 'a')}-${end(l.b, 'b')}`;
    if (linkIds.has(id)) issues.push({ path: `${p}.id`, message: `duplicate link ${quote(id)}` });
    linkIds.add(id);
    const key = a < b ? `${a},${b}` : `${b},${a}`;
    if (a >= 0 && b >= 0 && out.adjacency.has(key))
      issues.push({ path: p, message: `nodes ${l.a} and ${l.b} are already linked` });
    if (a >= 0 && b >= 0) out.adjacency.add(key);
    const env = { rateBps: rate ?? 1, delayNs: delay ?? 0, classes };
    const own = <K extends 'buffer' | 'queue' | 'lossRate' | 'impairments'>(k: K): ScenarioLink[K] =>
      ok(k) ? l[k] : undefined;
    const rev = ok('reverse') ? (l.reverse ?? {}) : {};
    const pooled = (n: number): BufferLimit | null => (n >= 0 ? (table.buffers.get(n) ?? null) : null);
    const ownImpairments = resolveImpairments(own('impairments'), `${p}.impairments`, issues);
    const fwdDir = resolveDirection(cx, a, b, env, pooled(a), {
      channel: resolveChannel(ok('channel') ? l.channel : undefined, `${p}.channel`, fromBs(a), issues),
      buffer: own('buffer'),
      bufferPath: `${p}.buffer`,
      queue: own('queue'),
      queuePath: `${p}.queue`,
      lossRate: own('lossRate'),
      impairments: ownImpairments,
    });
    // b→a: the reverse overrides, else the link's own settings (a problem in those is reported
    // once: identical issues are merged by validateScenario)
    const revDir = resolveDirection(cx, b, a, env, pooled(b), {
      // a channel is never copied from a→b: radio and trace links are asymmetric
      channel: resolveChannel((rev as { channel?: ChannelSpec }).channel, `${p}.reverse.channel`, fromBs(b), issues),
      buffer: rev.buffer ?? own('buffer'),
      bufferPath: rev.buffer !== undefined ? `${p}.reverse.buffer` : `${p}.buffer`,
      queue: rev.queue ?? own('queue'),
      queuePath: rev.queue !== undefined ? `${p}.reverse.queue` : `${p}.queue`,
      lossRate: rev.lossRate ?? own('lossRate'),
      impairments:
        rev.impairments !== undefined
          ? resolveImpairments(rev.impairments, `${p}.reverse.impairments`, issues)
          : ownImpairments,
    });
    out.links.push({
      index: i,
      id,
      a,
      b,
      rateBps: rate ?? 1,
      delayNs: delay ?? 0,
      metric: ok('metric') ? (l.metric ?? 1) : 1,
      framingBytes: ok('framingBytes') ? (l.framingBytes ?? 0) : 0,
      deviceQueuePackets: ok('deviceQueuePackets') ? (l.deviceQueuePackets ?? 0) : 0,
      dirs: [fwdDir, revDir],
    });
  });
  return out;
}

interface DirectionSpec {
  channel: ResolvedChannel;
  buffer: unknown;
  bufferPath: string;
  queue: QueueSpec | undefined;
  queuePath: string;
  lossRate: number | undefined;
  impairments: ImpairmentSpec | null;
}

/** One direction of a link: its buffer, queue discipline (checked against that buffer) and loss. */
function resolveDirection(
  cx: CheckContext,
  from: number,
  to: number,
  env: Omit<QueueCheckEnv, 'limit'>,
  pooled: BufferLimit | null,
  d: DirectionSpec,
): ResolvedDirection {
  // a port of a router with a shared buffer and no buffer of its own is limited by the pool
  const limit =
    d.buffer === undefined
      ? (pooled ?? DEFAULT_BUFFER)
      : (checkedBuffer(d.buffer, d.bufferPath, cx.issues) ?? DEFAULT_BUFFER);
  const queue = resolveQueue(d.queue, d.queuePath, { ...env, limit }, cx.issues);
  return { from, to, queue, lossRate: d.lossRate ?? 0, impairments: d.impairments, channel: d.channel };
}

/**
 * Resolves a queue spec (and its scheduler's `child`, recursively): registry lookup, parameters,
 * and the model's cross-parameter checks against the link it serves.
 */
export function resolveQueue(
  queue: QueueSpec | undefined,
  path: string,
  env: QueueCheckEnv,
  issues: ScenarioIssue[],
): ResolvedQueue {
  const qtype = queue?.type ?? 'droptail';
  const qm = findQueueModel(qtype);
  let params: ResolvedParams = {};
  let child: ResolvedQueue | null = null;
  if (!qm) {
    issues.push({
      path: `${path}.type`,
      message: `unknown queue discipline ${quote(qtype)} (known: ${queueModels.map((m) => m.info.id).join(', ')})`,
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
export function checkRouterWide(links: readonly ResolvedLink[], s: ScenarioInput, issues: ScenarioIssue[]): void {
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
