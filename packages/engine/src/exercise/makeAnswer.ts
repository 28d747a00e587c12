/**
 * A make-it-happen answer read from the student's scenario as they left it: the editable fields'
 * values from time 0 and, when the task allows it (`live: true`), the changes of those fields the
 * lab recorded while the run played (timed `events`, docs/scenario-format.md) — only the parts of
 * those events that touch an editable field. A task without `live` asks for the change from the
 * start: a recorded live change of an editable field is then refused with a message saying so,
 * before any simulation (it is not an attempt).
 */
import { parseDuration } from '../core/units.js';
import { getPath, ScenarioPathError } from '../experiment/scenarioPath.js';
import type { ScenarioEvent, ScenarioInput } from '../scenario/types.js';
import type { MakeTask } from './exerciseSchema.js';
import type { TaskAnswer } from './checkAnswer.js';

type DirField = 'buffer' | 'queue' | 'lossRate';

/** A field a running simulation can change (scenario/resolveEvents.ts), as an editable path names it. */
type LiveTarget =
  | { kind: 'link'; key: string; a: string; b: string; field: 'rate' | 'delay' }
  | { kind: 'dir'; key: string; a: string; b: string; field: DirField; forward: boolean; backward: boolean }
  | { kind: 'cc'; flow: string };

interface Link {
  id?: string;
  a: string;
  b: string;
  reverse?: Record<string, unknown>;
  [k: string]: unknown;
}

function elements(sc: ScenarioInput, head: string): unknown[] {
  try {
    return getPath(sc, head);
  } catch (e) {
    if (e instanceof ScenarioPathError) return [];
    throw e;
  }
}

/**
 * The live targets an editable path stands for, or null when a running simulation cannot change
 * it. `links[L].queue` also covers the b→a direction while that direction has no queue of its own
 * (it follows the link's); `links[L].reverse.queue` only b→a.
 */
export function liveTargets(sc: ScenarioInput, path: string): LiveTarget[] | null {
  const link = /^(links\[[^\]]+\])\.(reverse\.)?(rate|delay|buffer|queue|lossRate)$/.exec(path);
  if (link) {
    const reverse = link[2] !== undefined;
    const field = link[3] as 'rate' | 'delay' | DirField;
    if (reverse && (field === 'rate' || field === 'delay')) return null;
    return elements(sc, link[1]!).map((x) => {
      const l = x as Link;
      const key = l.id ?? `${l.a}-${l.b}`;
      if (field === 'rate' || field === 'delay') return { kind: 'link', key, a: l.a, b: l.b, field };
      const follows = l.reverse?.[field] === undefined;
      return { kind: 'dir', key, a: l.a, b: l.b, field, forward: !reverse, backward: reverse || follows };
    });
  }
  const cc = /^(flows\[[^\]]+\])\.transport\.cc$/.exec(path);
  if (cc) return elements(sc, cc[1]!).map((f) => ({ kind: 'cc', flow: (f as { id: string }).id }));
  return null;
}

/** The part of event `e` that changes `t`, or null. */
function touch(t: LiveTarget, e: ScenarioEvent): ScenarioEvent | null {
  if (t.kind === 'cc') return e.flow === t.flow && e.cc !== undefined ? { at: e.at, flow: t.flow, cc: e.cc } : null;
  if (e.link !== t.key) return null;
  if (t.kind === 'link') return e[t.field] !== undefined ? { at: e.at, link: t.key, [t.field]: e[t.field] } : null;
  if (e[t.field] === undefined) return null;
  const fwd = `${t.a}->${t.b}`;
  const back = `${t.b}->${t.a}`;
  const hitsForward = t.forward && (e.direction === undefined || e.direction === fwd);
  const hitsBackward = t.backward && (e.direction === undefined || e.direction === back);
  if (!hitsForward && !hitsBackward) return null;
  const direction = hitsForward && hitsBackward ? e.direction : hitsForward ? fwd : back;
  return { at: e.at, link: t.key, ...(direction !== undefined ? { direction } : {}), [t.field]: e[t.field] };
}

/** Seconds of an event time ("4.6s", 4.6); NaN when it does not read. */
export function eventSeconds(at: string | number): number {
  const r = parseDuration(at);
  return r.ok ? r.value / 1e9 : NaN;
}

export interface EditableEvent {
  /** The editable field's path and label. */
  path: string;
  label: string;
  /** The recorded event reduced to that field. */
  event: ScenarioEvent;
}

/**
 * The recorded changes of `events` that touch the task's editable fields (each reduced to the
 * field it touches), in time order. `sc` is the exercise's scenario: it says which link a path
 * names and whether a link's b→a direction follows its a→b settings.
 */
export function editableEvents(task: MakeTask, sc: ScenarioInput, events: readonly ScenarioEvent[]): EditableEvent[] {
  const out: { e: EditableEvent; t: number; i: number }[] = [];
  events.forEach((e, i) => {
    for (const f of task.editable)
      for (const t of liveTargets(sc, f.path) ?? []) {
        const event = touch(t, e);
        if (event) out.push({ e: { path: f.path, label: f.label, event }, t: eventSeconds(e.at), i });
      }
  });
  return out.sort((x, y) => x.t - y.t || x.i - y.i).map((x) => x.e);
}

/** "Bottleneck queue discipline" → "bottleneck queue discipline" (an acronym such as "UE1" stays). */
function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

/** Why a recorded live change is not taken by a task that asks for the change from the start. */
export function liveChangeRefusal(e: EditableEvent): string {
  const at = eventSeconds(e.event.at);
  return (
    `Your change of ${inSentence(e.label)} is recorded as a live change at ${at.toFixed(2)} s; this task asks for it ` +
    'from the start — use “Apply from 0 s” next to the field in the inspector, or press “Reset scenario” and set it before pressing Play.'
  );
}

/**
 * The value of the field at `path` (undefined when it is unset: `flows[f0].transport.params.x` of
 * a flow without params), or `{ found: false }` when the scenario has no such link, flow or node.
 */
export function fieldValue(sc: ScenarioInput, path: string): { found: true; value: unknown } | { found: false } {
  const head = /^[A-Za-z]+\[[^\]]+\]/.exec(path)?.[0];
  if (head !== undefined && elements(sc, head).length === 0) return { found: false };
  try {
    return { found: true, value: getPath(sc, path)[0] };
  } catch (e) {
    if (e instanceof ScenarioPathError) return { found: true, value: undefined };
    throw e;
  }
}

/**
 * The answer to a make-it-happen task from the lab's scenario `lab`: the editable fields' values
 * (from time 0) and, for a live task, the recorded changes of them. Refused (with the reason, not
 * an attempt) when a field is missing from the scenario or, for a task that is not live, when an
 * editable field was changed during the run.
 */
export function makeAnswerFrom(
  task: MakeTask,
  exerciseScenario: ScenarioInput,
  lab: ScenarioInput,
): { answer: TaskAnswer & { kind: 'make' } } | { refused: string } {
  const set: Record<string, unknown> = {};
  for (const e of task.editable) {
    const v = fieldValue(lab, e.path);
    if (!v.found)
      return {
        refused: `The scenario in the editor has no ${inSentence(e.label)} (${e.path}): it is not this exercise’s scenario any more. Press “Reset scenario” to bring it back.`,
      };
    if (v.value !== undefined) set[e.path] = v.value;
  }
  const events = editableEvents(task, exerciseScenario, lab.events ?? []);
  if (events.length > 0 && !task.live) return { refused: liveChangeRefusal(events[0]!) };
  return { answer: { kind: 'make', set, ...(events.length > 0 ? { events: events.map((e) => e.event) } : {}) } };
}
