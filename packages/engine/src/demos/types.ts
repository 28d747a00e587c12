/**
 * The lecture kit's demos: ready demonstrations, each a scenario
 * that makes one point within its first 20 simulated seconds, a short teacher's note (what to
 * show, what to ask the room and the answer the run gives, what to change live) and a
 * machine-checkable statement of the point (`verify`), which the engine's tests and
 * `cclab demo check` run.
 */
import type { QueueSpec, ScenarioEvent, ScenarioInput } from '../scenario/types.js';

/** The simulated seconds within which every demo makes its point (what a lecture can wait for at 1×). */
export const DEMO_WINDOW_S = 20;

/**
 * A change the teacher makes while the demo runs. Only what a running simulation can take
 * (docs/lab.md, "Live changes"): a link's rate, delay, buffer, queue discipline or loss; a flow's
 * congestion control; starting or stopping a flow.
 */
export type DemoEdit =
  | {
      /** The link's id as the lab names it ("a-b" when it has no `id`). */
      link: string;
      set: { rate?: string; delay?: string; buffer?: string; queue?: QueueSpec; lossRate?: number };
    }
  | { flow: string; cc: string; ccParams?: Record<string, unknown> }
  | { flow: string; action: 'start' | 'stop' };

export interface DemoChange {
  /** The button's text: an imperative ("Switch the FIFO lane to CoDel"). */
  label: string;
  /** What the room should then see. */
  effect: string;
  /** The edits, made together as one step. */
  edits: DemoEdit[];
}

export interface DemoNote {
  /** What to show: where to look, in a sentence or two. */
  show: string;
  /** A question for the room … */
  ask: string;
  /** … and the answer the run then shows. */
  answer: string;
  /** What to change live, in the order a lecture would. */
  changes: DemoChange[];
}

/** One measured statement of a demo's point: `measured` against a `bound` derived by reasoning. */
export interface DemoClaim {
  /** The statement, with the reasoning behind its bound in a few words. */
  statement: string;
  measured: number;
  /** The bound the measurement is held to (`≥` or `≤` as `relation` says). */
  bound: number;
  relation: '>=' | '<=';
  unit: string;
  holds: boolean;
}

export interface Demo {
  /** Short id: `cclab demo check ID`, preset `demo-ID`. */
  id: string;
  title: string;
  /** The point, in one line. */
  point: string;
  note: DemoNote;
  /** The demo's scenario (opens paused at 0 s in the lab). */
  scenario: () => ScenarioInput;
  /**
   * Runs `scenario` (the demo's own by default) for the first DEMO_WINDOW_S simulated seconds and
   * states the point as claims. Giving another scenario (the demo broken on purpose) shows which
   * claims then fail.
   */
  verify: (scenario?: ScenarioInput) => DemoClaim[];
}

/** A claim `measured relation bound`, with `holds` worked out. */
export function claim(
  statement: string,
  measured: number,
  relation: '>=' | '<=',
  bound: number,
  unit: string,
): DemoClaim {
  const holds = relation === '>=' ? measured >= bound : measured <= bound;
  return { statement, measured, relation, bound, unit, holds };
}

const linkName = (l: { id?: string; a: string; b: string }) => l.id ?? `${l.a}-${l.b}`;

/**
 * The scenario with `edit` made: a link's or flow's setting changed in place, or (start/stop) a
 * timed event appended at `at`. The lab hands the result to its ordinary edit path, which during
 * a run records the setting change as a timed event at the current time; before a run it changes
 * the scenario. Throws naming the link or flow when the scenario has none of that name.
 */
export function applyDemoEdit(s: ScenarioInput, edit: DemoEdit, at: string = '0s'): ScenarioInput {
  if ('link' in edit) {
    const i = s.links.findIndex((l) => linkName(l) === edit.link);
    if (i < 0) throw new Error(`demo change: the scenario has no link "${edit.link}"`);
    const links = s.links.map((l, j) => (j === i ? { ...l, ...edit.set } : l));
    return { ...s, links };
  }
  const i = s.flows.findIndex((f) => f.id === edit.flow);
  if (i < 0) throw new Error(`demo change: the scenario has no flow "${edit.flow}"`);
  if ('action' in edit)
    return { ...s, version: 2, events: [...(s.events ?? []), { at, flow: edit.flow, action: edit.action }] };
  const flows = s.flows.map((f, j) =>
    j === i
      ? { ...f, transport: { ...f.transport, cc: edit.cc, ...(edit.ccParams ? { ccParams: edit.ccParams } : {}) } }
      : f,
  );
  return { ...s, flows };
}

/** The scenario with every edit of `change` made (one step in the lab). */
export function applyDemoChange(s: ScenarioInput, change: DemoChange, at: string = '0s'): ScenarioInput {
  return change.edits.reduce((acc, e) => applyDemoEdit(acc, e, at), s);
}

/** `edit` as the timed event the lab records when it is made at `at` during a run. */
export function demoEditEvent(edit: DemoEdit, at: string): ScenarioEvent {
  if ('link' in edit) return { at, link: edit.link, ...edit.set };
  if ('action' in edit) return { at, flow: edit.flow, action: edit.action };
  return { at, flow: edit.flow, cc: edit.cc, ...(edit.ccParams ? { ccParams: edit.ccParams } : {}) };
}
