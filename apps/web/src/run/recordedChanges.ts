/**
 * The recorded changes of a scenario (its timed `events`) as the lab offers them to the user: what
 * each one changes, in words; turning one into the scenario's own value from time zero; removing
 * one. All pure: each returns the new scenario, which the caller applies as an ordinary (undoable)
 * edit.
 */
import type { ScenarioEvent, ScenarioInput, ScenarioLink } from '@cclab/engine';
import { linkKey, simulationKey } from '../state/scenarioEdits';
import { effectiveScenario, seconds } from './liveChanges';

/** The fields an event can change, as the lab names them. */
const FIELD_NAMES: Record<string, string> = {
  rate: 'rate',
  delay: 'delay',
  buffer: 'buffer',
  queue: 'queue discipline',
  lossRate: 'random loss',
  cc: 'congestion control',
  action: 'flow',
};
const LINK_FIELDS = ['rate', 'delay', 'buffer', 'queue', 'lossRate'] as const;

/** Simulated time of an event in ns (unreadable: Infinity). */
export function changeTimeNs(e: ScenarioEvent): number {
  const s = seconds(e.at);
  return Number.isFinite(s) ? Math.round(s * 1e9) : Infinity;
}

/** What an event sets, in words: "rate 5Mbps", "queue discipline CoDel", "congestion control cubic". */
export function describeChange(e: ScenarioEvent): string {
  const parts: string[] = [];
  for (const k of LINK_FIELDS) {
    const v = e[k];
    if (v === undefined) continue;
    parts.push(`${FIELD_NAMES[k]} ${k === 'queue' ? queueName(v) : String(v)}`);
  }
  if (e.cc !== undefined) parts.push(`${FIELD_NAMES.cc} ${e.cc}`);
  if (e.action !== undefined) parts.push(e.action === 'stop' ? 'stops' : 'starts');
  return parts.join(', ');
}

/** What an event acts on: "link r1-r2", "link r1-r2, r1→r2 only", "flow f0". */
export function changeTarget(e: ScenarioEvent): string {
  if (e.link !== undefined) return `link ${e.link}${e.direction ? `, ${e.direction.replace('->', '→')} only` : ''}`;
  return `flow ${e.flow ?? '?'}`;
}

function queueName(q: unknown): string {
  return typeof q === 'object' && q !== null && 'type' in q ? String((q as { type: unknown }).type) : String(q);
}

/** Indices (into `events`) of the recorded changes of one link or one flow, in time order. */
export function changesOf(
  events: readonly ScenarioEvent[] | undefined,
  target: { link?: string; flow?: string },
): number[] {
  return (events ?? [])
    .map((e, i) => [e, i] as const)
    .filter(([e]) => (target.link !== undefined ? e.link === target.link : e.flow === target.flow))
    .sort((a, b) => changeTimeNs(a[0]) - changeTimeNs(b[0]) || a[1] - b[1])
    .map(([, i]) => i);
}

/** Whether an event is a settings change that can hold from time zero (not a flow start/stop). */
export function canApplyFromStart(e: ScenarioEvent): boolean {
  return e.action === undefined && (e.link !== undefined || e.cc !== undefined);
}

/** `s` without event `index`. */
export function removeChange(s: ScenarioInput, index: number): ScenarioInput {
  const events = s.events ?? [];
  if (index < 0 || index >= events.length) return s;
  return { ...s, events: events.filter((_, i) => i !== index) };
}

/**
 * The change `index` made the scenario's own value from time zero: its values written into the link
 * or flow (a change of one direction of a link set the same both ways splits the link: the other
 * direction keeps what it had), the event removed, and the earlier changes of the same settings
 * dropped (they would otherwise put the old value back between their time and the change's). Later
 * changes of those settings stay: they still apply at their times.
 */
export function applyFromStart(s: ScenarioInput, index: number): ScenarioInput {
  const events = s.events ?? [];
  const e = events[index];
  if (!e || !canApplyFromStart(e)) return s;
  const rest = events.filter((_, i) => i !== index);
  // the event's effect from time zero is what effectiveScenario makes of it alone at 0 s
  let base = effectiveScenario({ ...s, events: [{ ...e, at: 0 }] });
  if (e.link !== undefined && e.direction !== undefined) base = keepOtherDirection(s, base, e);
  const t = changeTimeNs(e);
  const kept: ScenarioEvent[] = [];
  for (const other of rest) {
    if (changeTimeNs(other) >= t || !sameTarget(other, e)) {
      kept.push(other);
      continue;
    }
    const trimmed: ScenarioEvent = { ...other };
    if (e.cc !== undefined) {
      delete trimmed.cc;
      delete trimmed.ccParams;
    }
    for (const k of LINK_FIELDS) if (e[k] !== undefined) delete trimmed[k];
    if (changesSomething(trimmed)) kept.push(trimmed);
  }
  return { ...base, events: kept };
}

/** Both act on the same link direction(s) or the same flow's congestion control. */
function sameTarget(a: ScenarioEvent, b: ScenarioEvent): boolean {
  if (b.link !== undefined) return a.link === b.link && (a.direction ?? '') === (b.direction ?? '');
  return a.flow === b.flow && a.cc !== undefined && b.cc !== undefined;
}

function changesSomething(e: ScenarioEvent): boolean {
  return LINK_FIELDS.some((k) => e[k] !== undefined) || e.cc !== undefined || e.action !== undefined;
}

/**
 * A change of one direction written into a link that had both directions alike: the link's own
 * fields are a→b's, `reverse` b→a's. The direction the change does not name keeps its value.
 */
function keepOtherDirection(before: ScenarioInput, after: ScenarioInput, e: ScenarioEvent): ScenarioInput {
  const i = before.links.findIndex((l) => linkKey(l) === e.link);
  const old = before.links[i];
  const now = after.links[i];
  if (!old || !now) return after;
  const forward = e.direction === `${old.a}->${old.b}`;
  if (!forward) return after; // a b→a change is written into `reverse` alone already
  const reverse: NonNullable<ScenarioLink['reverse']> = { ...(now.reverse ?? {}) };
  for (const k of ['buffer', 'queue', 'lossRate'] as const) {
    if (e[k] === undefined || old.reverse?.[k] !== undefined) continue;
    // b→a followed a→b: it keeps the value it had (the engine's default when a→b had none)
    if (old[k] !== undefined) (reverse as Record<string, unknown>)[k] = old[k];
    else (reverse as Record<string, unknown>)[k] = DIRECTION_DEFAULTS[k];
  }
  const links = after.links.map((l, j) => (j === i ? { ...l, reverse } : l));
  return { ...after, links };
}

const DIRECTION_DEFAULTS = { buffer: '100 packets', queue: { type: 'droptail' }, lossRate: 0 } as const;

/**
 * Whether `next` differs from `prev` only in settings a run can re-simulate to the time it is at
 * rather than start again (link rates, delays, buffers, queues, loss; flows' congestion control;
 * the recorded changes): a change turned into a value from time zero, a removed change, their
 * undo. Nodes, links and flows added or removed, endpoints, transports, applications, start and
 * stop times, channels: the run starts again.
 */
export function sameStructure(prev: ScenarioInput | null, next: ScenarioInput): boolean {
  if (!prev) return false;
  return structureKey(prev) === structureKey(next);
}

function structureKey(s: ScenarioInput): string {
  const links = s.links.map((l) => {
    const { rate: _r, delay: _d, buffer: _b, queue: _q, lossRate: _l, reverse, ...rest } = l;
    return { ...rest, channelBack: reverse?.channel };
  });
  const flows = s.flows.map((f) => {
    const { cc: _cc, ccParams: _p, ...transport } = f.transport;
    return { ...f, transport };
  });
  return JSON.stringify([simulationKey({ ...s, version: 2, events: undefined, links: [], flows }), links]);
}
