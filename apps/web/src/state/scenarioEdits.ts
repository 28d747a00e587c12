/**
 * Pure edits of a scenario (ScenarioInput → ScenarioInput). The store applies them and keeps
 * undo history; nothing here mutates its input.
 */
import type {
  LinkDirectionSpec,
  NodeKind,
  ScenarioFlow,
  ScenarioInput,
  ScenarioLink,
  ScenarioNode,
} from '@cclab/engine';

/** Identity of a link that survives re-indexing (matches the engine's default link id). */
export function linkKey(l: ScenarioLink): string {
  return l.id ?? `${l.a}-${l.b}`;
}

export function emptyScenario(name = 'Untitled network'): ScenarioInput {
  return { version: 1, name, seed: 1, duration: '30s', nodes: [], links: [], flows: [], probes: { interval: '50ms' } };
}

function freshId(taken: Iterable<string>, prefix: string): string {
  const used = new Set(taken);
  for (let i = 1; ; i++) if (!used.has(`${prefix}${i}`)) return `${prefix}${i}`;
}

export function addNode(
  s: ScenarioInput,
  kind: NodeKind,
  x: number,
  y: number,
): { scenario: ScenarioInput; id: string } {
  const id = freshId(
    s.nodes.map((n) => n.id),
    kind === 'host' ? 'h' : kind === 'bs' ? 'bs' : 'r',
  );
  const node: ScenarioNode = {
    id,
    kind,
    x: Math.round(x),
    y: Math.round(y),
    ...(kind === 'bs' ? { bs: { scheduler: { type: 'rr' } } } : {}),
  };
  return { scenario: { ...s, nodes: [...s.nodes, node] }, id };
}

export function moveNodes(s: ScenarioInput, moves: ReadonlyMap<string, { x: number; y: number }>): ScenarioInput {
  return {
    ...s,
    nodes: s.nodes.map((n) => {
      const m = moves.get(n.id);
      return m ? { ...n, x: Math.round(m.x), y: Math.round(m.y) } : n;
    }),
  };
}

export const DEFAULT_LINK = { rate: '10Mbps', delay: '10ms', buffer: '100 packets' } as const;

/** Adds a link between two distinct, not yet linked nodes; returns null when that is impossible. */
export function addLink(s: ScenarioInput, a: string, b: string): ScenarioInput | null {
  if (a === b) return null;
  if (!s.nodes.some((n) => n.id === a) || !s.nodes.some((n) => n.id === b)) return null;
  if (s.links.some((l) => (l.a === a && l.b === b) || (l.a === b && l.b === a))) return null;
  const link: ScenarioLink = { a, b, ...DEFAULT_LINK, queue: { type: 'droptail', params: {} } };
  // A base station's link to a host is a radio downlink: a Rayleigh-fading channel from the BS
  const kind = (id: string) => s.nodes.find((n) => n.id === id)?.kind;
  const radio = { type: 'rayleigh', params: { meanSnrDb: 9 } };
  if (kind(a) === 'bs' && kind(b) === 'host') link.channel = radio;
  else if (kind(b) === 'bs' && kind(a) === 'host') link.reverse = { channel: radio };
  return { ...s, links: [...s.links, link] };
}

export interface ItemSet {
  nodes?: readonly string[];
  links?: readonly string[];
  flows?: readonly string[];
}

/** A flow that a deletion took with it, and why. */
export interface RemovedFlow {
  id: string;
  reason: 'endpoint' | 'path' | 'unreachable';
}

/**
 * Connected components over `links` (each link carries both directions), by union-find: two
 * nodes can reach each other exactly when they have the same root.
 */
function components(links: readonly ScenarioLink[]): (id: string) => string {
  const parent = new Map<string, string>();
  const root = (x: string): string => {
    let r = x;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    // path compression
    for (let y = x; y !== r;) {
      const p = parent.get(y)!;
      parent.set(y, r);
      y = p;
    }
    return r;
  };
  for (const l of links) {
    const a = root(l.a);
    const b = root(l.b);
    parent.set(a, a);
    if (a !== b) parent.set(b, a);
  }
  return root;
}

/** Whether every hop of an explicit node path runs over one of `links`. */
function pathIntact(path: readonly string[], links: readonly ScenarioLink[]): boolean {
  const linked = new Set(links.flatMap((l) => [`${l.a}\u0000${l.b}`, `${l.b}\u0000${l.a}`]));
  for (let i = 0; i + 1 < path.length; i++) if (!linked.has(`${path[i]}\u0000${path[i + 1]}`)) return false;
  return true;
}

/**
 * Deletes nodes (with their links), links and flows; prunes probes that no longer exist. Flows
 * go too when they depend on what was deleted: a deleted source or destination, an explicit path
 * over a deleted node or link, or (routed by shortest path) no route left from source to
 * destination although there was one. A flow that can take another route stays. The flows taken
 * along are listed, so the editor can say which.
 */
export function deleteItemsReport(
  s: ScenarioInput,
  items: ItemSet,
): { scenario: ScenarioInput; removedFlows: RemovedFlow[] } {
  const nodes = new Set(items.nodes ?? []);
  const links = new Set(items.links ?? []);
  const flows = new Set(items.flows ?? []);
  const keptLinks = s.links.filter((l) => !links.has(linkKey(l)) && !nodes.has(l.a) && !nodes.has(l.b));
  const ports = new Set(keptLinks.flatMap((l) => [`${l.a}->${l.b}`, `${l.b}->${l.a}`]));
  const removedFlows: RemovedFlow[] = [];
  const networkChanged = keptLinks.length !== s.links.length || nodes.size > 0;
  const before = components(s.links);
  const after = components(keptLinks);
  const keptFlows = s.flows.filter((f) => {
    if (flows.has(f.id)) return false;
    if (!networkChanged) return true;
    let reason: RemovedFlow['reason'] | null = null;
    if (nodes.has(f.from) || nodes.has(f.to)) reason = 'endpoint';
    else if (f.path && f.path.length > 0) {
      if (f.path.some((p) => nodes.has(p)) || (pathIntact(f.path, s.links) && !pathIntact(f.path, keptLinks)))
        reason = 'path';
    } else if (before(f.from) === before(f.to) && after(f.from) !== after(f.to)) reason = 'unreachable';
    if (reason) removedFlows.push({ id: f.id, reason });
    return reason === null;
  });
  const out: ScenarioInput = {
    ...s,
    nodes: s.nodes.filter((n) => !nodes.has(n.id)),
    links: keptLinks,
    flows: keptFlows,
  };
  if (s.probes?.ports) out.probes = { ...s.probes, ports: s.probes.ports.filter((p) => ports.has(p)) };
  return { scenario: out, removedFlows };
}

export function deleteItems(s: ScenarioInput, items: ItemSet): ScenarioInput {
  return deleteItemsReport(s, items).scenario;
}

export function updateLink(s: ScenarioInput, key: string, patch: Partial<ScenarioLink>): ScenarioInput {
  return { ...s, links: s.links.map((l) => (linkKey(l) === key ? dropUndefined({ ...l, ...patch }) : l)) };
}

/**
 * Separate directions: the b→a direction gets its own buffer, queue, loss and impairments (`reverse`), starting
 * as a copy of a→b's so nothing changes until one is edited. Shared: `reverse` is removed and
 * both directions follow a→b again. Unchanged (the same object) when already so.
 */
export function setLinkDirectionsSeparate(s: ScenarioInput, key: string, separate: boolean): ScenarioInput {
  const link = s.links.find((l) => linkKey(l) === key);
  if (!link || hasSeparateDirections(link) === separate) return s;
  // b→a's channel is its own either way (a channel is never shared: radio links are asymmetric)
  const channel = link.reverse?.channel;
  const reverse = separate
    ? dropUndefined<LinkDirectionSpec>({
        channel,
        buffer: link.buffer,
        queue: link.queue,
        lossRate: link.lossRate,
        impairments: link.impairments,
      })
    : channel
      ? { channel }
      : undefined;
  return updateLink(s, key, { reverse });
}

/** Whether b→a has its own buffer, queue or loss (its own channel alone does not count). */
export function hasSeparateDirections(link: ScenarioLink): boolean {
  return link.reverse !== undefined && Object.keys(link.reverse).some((k) => k !== 'channel');
}

/** Sets the channel of a→b (`forward`) or b→a; "fixed" removes it. */
export function setLinkChannel(
  s: ScenarioInput,
  key: string,
  forward: boolean,
  channel: ScenarioLink['channel'],
): ScenarioInput {
  const ch = channel && channel.type !== 'fixed' ? channel : undefined;
  if (forward) return updateLink(s, key, { channel: ch });
  const link = s.links.find((l) => linkKey(l) === key);
  if (!link) return s;
  const reverse = dropUndefined<LinkDirectionSpec>({ ...(link.reverse ?? {}), channel: ch });
  return updateLink(s, key, { reverse: Object.keys(reverse).length > 0 ? reverse : undefined });
}

/** Edits the b→a overrides of a link (an undefined value removes that override: b→a follows a→b). */
export function updateLinkReverse(s: ScenarioInput, key: string, patch: Partial<LinkDirectionSpec>): ScenarioInput {
  return {
    ...s,
    links: s.links.map((l) =>
      linkKey(l) === key ? { ...l, reverse: dropUndefined({ ...(l.reverse ?? {}), ...patch }) } : l,
    ),
  };
}

export function updateNode(s: ScenarioInput, id: string, patch: Partial<ScenarioNode>): ScenarioInput {
  return { ...s, nodes: s.nodes.map((n) => (n.id === id ? dropUndefined({ ...n, ...patch }) : n)) };
}

/** Renames a node and every reference to it (links, flows, paths, probes). Null if the id is taken or empty. */
export function renameNode(s: ScenarioInput, from: string, to: string): ScenarioInput | null {
  const id = to.trim();
  if (id === '' || id === from) return id === from ? s : null;
  if (s.nodes.some((n) => n.id === id)) return null;
  const r = (x: string) => (x === from ? id : x);
  const rp = (p: string) => p.split('->').map(r).join('->');
  return {
    ...s,
    nodes: s.nodes.map((n) => (n.id === from ? { ...n, id } : n)),
    links: s.links.map((l) => (l.a === from || l.b === from ? { ...l, a: r(l.a), b: r(l.b) } : l)),
    flows: s.flows.map((f) => ({ ...f, from: r(f.from), to: r(f.to), ...(f.path ? { path: f.path.map(r) } : {}) })),
    ...(s.probes ? { probes: { ...s.probes, ...(s.probes.ports ? { ports: s.probes.ports.map(rp) } : {}) } } : {}),
  };
}

export function addFlow(s: ScenarioInput, from: string, to: string): { scenario: ScenarioInput; id: string } {
  const id = freshId(
    s.flows.map((f) => f.id),
    'f',
  );
  const flow: ScenarioFlow = {
    id,
    from,
    to,
    transport: { type: 'tcp', cc: 'newreno', ccParams: {}, params: {} },
    app: { type: 'bulk', params: {} },
    start: '0s',
  };
  return { scenario: { ...s, flows: [...s.flows, flow] }, id };
}

export function updateFlow(s: ScenarioInput, id: string, patch: Partial<ScenarioFlow>): ScenarioInput {
  return { ...s, flows: s.flows.map((f) => (f.id === id ? dropUndefined({ ...f, ...patch }) : f)) };
}

/** Removes keys whose value is undefined (so "clear this optional field" leaves no trace in JSON). */
function dropUndefined<T extends object>(o: T): T {
  const out = { ...o } as Record<string, unknown>;
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out as T;
}

/**
 * The part of a scenario the simulation depends on, as a string: layout, labels, colours and
 * view state are left out, so dragging a node does not restart a run.
 */
export function simulationKey(s: ScenarioInput): string {
  return JSON.stringify({
    ...s,
    name: undefined,
    description: undefined,
    view: undefined,
    nodes: s.nodes.map((n) => ({ id: n.id, kind: n.kind })),
    flows: s.flows.map((f) => ({ ...f, color: undefined, label: undefined })),
  });
}
