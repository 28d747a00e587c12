/**
 * Changes made while a run is going, as timed events. The instructor edits a link's rate or a
 * flow's congestion control mid-run; instead of restarting, the edit becomes an event of the
 * scenario at the current simulated time (`events: [{ at, … }]`), the running simulation takes
 * it there, and the scenario stays reproducible: run again from zero, it does the same.
 *
 * The scenario's own fields keep the values the run started with; `effectiveScenario` shows each
 * setting as it is after the events (what the inspector displays).
 */
import type { LinkDirectionSpec, ScenarioEvent, ScenarioInput, ScenarioLink } from '@cclab/engine';
import { linkKey, simulationKey } from '../state/scenarioEdits';

type DirField = 'buffer' | 'queue' | 'lossRate';
const DIR_FIELDS: readonly DirField[] = ['buffer', 'queue', 'lossRate'];
/** The value a direction falls back to when a field is cleared (the engine's defaults). */
const DIR_DEFAULTS: Record<DirField, unknown> = { buffer: '100 packets', queue: { type: 'droptail' }, lossRate: 0 };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Simulated time as a duration string, exact to the nanosecond ("7.25s", "12.000000001s"). */
export function formatEventTime(tNs: number): string {
  const whole = Math.floor(tNs / 1e9);
  const frac = String(Math.round(tNs - whole * 1e9))
    .padStart(9, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}s` : `${whole}s`;
}

/**
 * An edit made at simulated time `atNs` of a running simulation (the store's `liveEdit` hook). The
 * edit is applied to the scenario as it stands at that moment (`effectiveScenario`, what the
 * inspector shows), and what it changes of the settings a running simulation can change (a link's
 * rate, delay, buffer, queue, loss; a flow's congestion control) becomes timed events at `atNs`
 * appended to `cur`, whose own values stay those the run started with. Returns `cur` itself when
 * the edit changes nothing at that moment (a value committed again), and null when it changes
 * something the simulation cannot change while running (nodes, links or flows added or removed,
 * endpoints, transport, application, start/stop times, channels): that edit is made to the scenario
 * and restarts the run. With `replaceFuture` (the run was rewound to `atNs`) the recorded events
 * after `atNs` are dropped: the change starts a new branch of the run from that moment.
 */
export function liveEdit(
  cur: ScenarioInput,
  edit: (s: ScenarioInput) => ScenarioInput | null,
  atNs: number,
  replaceFuture = false,
): ScenarioInput | null {
  const before = effectiveScenario(cur, atNs);
  const after = edit(before);
  if (after === null || after === before) return cur;
  const events = liveEvents(before, after, atNs);
  if (events === null) return null;
  // the edit's other parts (a node moved, a link renamed…) go into the scenario as usual
  const edited = edit(cur) ?? cur;
  const base = withLiveSettingsOf(edited, cur);
  if (events.length === 0) return JSON.stringify(base) === JSON.stringify(cur) ? cur : base;
  const kept = (base.events ?? []).filter((e) => !replaceFuture || Math.round(seconds(e.at) * 1e9) <= atNs);
  return { ...base, version: 2, events: [...kept, ...events] };
}

/**
 * The timed events at `atNs` that take a running simulation from `prev` to `next` (settings it can
 * change while running), or null when `next` differs in anything else the simulation sees.
 */
export function liveEvents(prev: ScenarioInput, next: ScenarioInput, atNs: number): ScenarioEvent[] | null {
  if (prev.links.length !== next.links.length || prev.flows.length !== next.flows.length) return null;
  const at = formatEventTime(atNs);
  const events: ScenarioEvent[] = [];
  next.links.forEach((l, i) => {
    const p = prev.links[i]!;
    if (linkKey(l) !== linkKey(p)) return;
    const link = linkKey(p);
    const change: ScenarioEvent = { at, link };
    if (!same(l.rate, p.rate)) change.rate = l.rate;
    if (!same(l.delay, p.delay)) change.delay = l.delay;
    if (change.rate !== undefined || change.delay !== undefined) events.push(change);
    const changed = directionChanges(p, l);
    for (const [dir, field] of changed) {
      const value = dir === 0 ? l[field] : (l.reverse?.[field] ?? l[field]);
      // both directions to the same value, and b→a has no value of its own: one event for the
      // whole link, so a link set "same both ways" stays so (the engine applies a change without
      // a direction to both)
      const both = changed.some(([d, f]) => d !== dir && f === field) && l.reverse?.[field] === undefined;
      if (both && dir === 1) continue;
      events.push({
        at,
        link,
        ...(both ? {} : { direction: dir === 0 ? `${l.a}->${l.b}` : `${l.b}->${l.a}` }),
        [field]: value ?? DIR_DEFAULTS[field],
      });
    }
  });
  next.flows.forEach((f, i) => {
    const p = prev.flows[i]!;
    if (f.id !== p.id || f.transport.type !== p.transport.type) return;
    if (same(f.transport.cc, p.transport.cc) && same(f.transport.ccParams, p.transport.ccParams)) return;
    events.push({
      at,
      flow: f.id,
      cc: f.transport.cc ?? 'newreno',
      ...(f.transport.ccParams && Object.keys(f.transport.ccParams).length > 0
        ? { ccParams: f.transport.ccParams }
        : {}),
    });
  });
  const noEvents = (s: ScenarioInput) => simulationKey({ ...s, events: undefined });
  return noEvents(withLiveSettingsOf(next, prev)) === noEvents(prev) ? events : null;
}

/**
 * `next` with every link's and flow's live-changeable settings (rate, delay, buffer, queue, loss,
 * congestion control) taken from `prev` where they are the same link or flow; whether a link has
 * a `reverse` follows `next`.
 */
function withLiveSettingsOf(next: ScenarioInput, prev: ScenarioInput): ScenarioInput {
  const links = next.links.map((l, i) => {
    const p = prev.links[i];
    return p && linkKey(l) === linkKey(p) ? restoreLink(l, p) : l;
  });
  const flows = next.flows.map((f, i) => {
    const p = prev.flows[i];
    if (!p || f.id !== p.id || f.transport.type !== p.transport.type) return f;
    const { cc: _cc, ccParams: _ccParams, ...transport } = f.transport;
    return {
      ...f,
      transport: {
        ...transport,
        ...(p.transport.cc !== undefined ? { cc: p.transport.cc } : {}),
        ...(p.transport.ccParams !== undefined ? { ccParams: p.transport.ccParams } : {}),
      },
    };
  });
  return { ...next, links, flows };
}

/** The (direction, field) pairs whose effective value differs between two versions of a link. */
function directionChanges(p: ScenarioLink, l: ScenarioLink): [0 | 1, DirField][] {
  const out: [0 | 1, DirField][] = [];
  for (const k of DIR_FIELDS) {
    if (!same(l[k], p[k])) out.push([0, k]);
    if (!same(l.reverse?.[k] ?? l[k], p.reverse?.[k] ?? p[k])) out.push([1, k]);
  }
  return out;
}

/** `l` with the fields a running simulation changes taken from `p` (whether `reverse` is kept follows `l`). */
function restoreLink(l: ScenarioLink, p: ScenarioLink): ScenarioLink {
  const out: ScenarioLink = { ...l, rate: p.rate, delay: p.delay };
  for (const k of DIR_FIELDS) setOrDelete(out, k, p[k]);
  if (l.reverse !== undefined) {
    const rev: LinkDirectionSpec = { ...l.reverse };
    for (const k of DIR_FIELDS) setOrDelete(rev, k, p.reverse?.[k]);
    out.reverse = rev;
  }
  return out;
}

function setOrDelete<T extends object, K extends keyof T>(o: T, k: K, v: T[K] | undefined): void {
  if (v === undefined) delete o[k];
  else o[k] = v;
}

/**
 * The scenario as it is at simulated time `atNs` (by default after all its events): each link and
 * flow with the settings the events up to then gave it, in time order. What the inspector, the
 * flows list and the link captions show at the playhead, so all of them read the same state.
 */
export function effectiveScenario(s: ScenarioInput, atNs = Infinity): ScenarioInput {
  if (!s.events || s.events.length === 0) return s;
  const ordered = [...s.events]
    .sort((a, b) => seconds(a.at) - seconds(b.at))
    .filter((e) => Math.round(seconds(e.at) * 1e9) <= atNs);
  if (ordered.length === 0) return s;
  const links = s.links.map((l) => ({ ...l, ...(l.reverse ? { reverse: { ...l.reverse } } : {}) }));
  const flows = s.flows.map((f) => ({ ...f, transport: { ...f.transport } }));
  for (const e of ordered) {
    if (e.link !== undefined) {
      const l = links.find((x) => linkKey(x) === e.link);
      if (!l) continue;
      if (e.rate !== undefined) l.rate = e.rate;
      if (e.delay !== undefined) l.delay = e.delay;
      const back = e.direction === `${l.b}->${l.a}`;
      const fwd = e.direction === undefined || e.direction === `${l.a}->${l.b}`;
      for (const k of DIR_FIELDS) {
        const v = e[k];
        if (v === undefined) continue;
        if (fwd) setOrDelete(l, k, v as never);
        if (back || (e.direction === undefined && l.reverse?.[k] !== undefined))
          l.reverse = { ...(l.reverse ?? {}), [k]: v };
      }
    } else if (e.flow !== undefined && e.cc !== undefined) {
      const f = flows.find((x) => x.id === e.flow);
      if (!f) continue;
      f.transport.cc = e.cc;
      if (e.ccParams !== undefined) f.transport.ccParams = e.ccParams;
      else delete f.transport.ccParams;
    }
  }
  return { ...s, links, flows };
}

/** Seconds of an event time (a number, or a duration string); unreadable times sort last. */
export function seconds(at: string | number): number {
  if (typeof at === 'number') return at;
  const m = /^\s*([0-9.eE+-]+)\s*(ns|us|µs|ms|s|min|h)?\s*$/.exec(at);
  if (!m) return Infinity;
  const scale: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, min: 60, h: 3600 };
  return Number(m[1]) * scale[m[2] ?? 's']!;
}
