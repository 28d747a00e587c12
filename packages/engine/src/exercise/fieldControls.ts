/**
 * What kind of value an exercise's editable field holds, inferred from its scenario path (and the
 * scenario: which transport a flow runs decides what its `transport.params.x` is), so the lab can
 * offer the control the field calls for — a discipline picker for a link's queue, a congestion
 * control picker for a flow's `transport.cc`, a number with a unit menu for rates, delays,
 * buffers and durations, a plain number with its range, a select for a model's enumeration —
 * instead of a box to type JSON into. Choices and ranges of model parameters come from the model
 * registry (`getRegistry()`); the scenario's own fields' ranges are those of scenario/schema.ts.
 * `fieldValueProblem` says in the field's own words what is wrong with a value.
 */
import { parseBitRate, parseBufferLimit, parseByteSize, parseDuration } from '../core/units.js';
import { getPath, parsePath, ScenarioPathError } from '../experiment/scenarioPath.js';
import { getRegistry } from '../registry/index.js';
import type { ModelInfo, ParamSpec } from '../model/types.js';
import type { ScenarioInput } from '../scenario/types.js';

export type QuantityKind = 'rate' | 'duration' | 'size' | 'buffer';

/** One option of a choice: the value written into the scenario and what the menu shows. */
export interface ChoiceOption {
  value: string;
  label: string;
}

export type FieldControl =
  /** A queue discipline (`{ type, params, child }`): the registry's disciplines and the chosen one's parameter form. */
  | { kind: 'queue' }
  /** A base station's slot scheduler (`{ type, params }`): the registry's schedulers and their parameters. */
  | { kind: 'scheduler' }
  /** One of a list of strings: a model id (congestion control, discipline…) or an enumeration's option. */
  | { kind: 'choice'; options: ChoiceOption[]; noun: string }
  | { kind: 'boolean' }
  /** A number with a unit menu, written as the scenario's quantity string ("20ms", "80 packets"). */
  | { kind: 'quantity'; quantity: QuantityKind; noun: string; example: string }
  | { kind: 'number'; integer: boolean; min?: number; max?: number; unit?: string; noun: string }
  /** A model parameter that is a list of numbers. */
  | { kind: 'list'; unit?: string; noun: string }
  | { kind: 'text'; noun: string };

const quantity = (q: QuantityKind, noun: string, example: string): FieldControl => ({
  kind: 'quantity',
  quantity: q,
  noun,
  example,
});
const RATE = quantity('rate', 'rate', '10 Mb/s');
const DELAY = quantity('duration', 'delay', '20 ms');
const TIME = quantity('duration', 'time', '2 s');
const DURATION = quantity('duration', 'duration', '20 s');
const BUFFER = quantity('buffer', 'buffer size', '100 packets');
const LOSS: FieldControl = { kind: 'number', integer: false, min: 0, max: 1, noun: 'loss probability' };

const options = (models: readonly ModelInfo[]): ChoiceOption[] => models.map((m) => ({ value: m.id, label: m.name }));

/** The control of a registry parameter. */
export function paramControl(p: ParamSpec): FieldControl {
  const noun = p.label.toLowerCase();
  switch (p.kind) {
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'choice', options: (p.options ?? []).map((o) => ({ value: o, label: o })), noun };
    case 'duration':
      return quantity('duration', noun, '20 ms');
    case 'rate':
      return quantity('rate', noun, '10 Mb/s');
    case 'size':
      return quantity('size', noun, '1500 B');
    case 'list':
      return { kind: 'list', ...(p.unit ? { unit: p.unit } : {}), noun };
    case 'number':
    case 'integer':
      return {
        kind: 'number',
        integer: p.kind === 'integer',
        ...(p.min !== undefined ? { min: p.min } : {}),
        ...(p.max !== undefined ? { max: p.max } : {}),
        ...(p.unit ? { unit: p.unit } : {}),
        noun,
      };
  }
}

/** The element a path's leading `list[selector]` addresses (the first of several with `[*]`). */
function element(sc: ScenarioInput, head: string): Record<string, unknown> | undefined {
  try {
    const v = getPath(sc, head)[0];
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;
  } catch (e) {
    if (e instanceof ScenarioPathError) return undefined;
    throw e;
  }
}

function paramOf(model: ModelInfo | undefined, key: string): FieldControl | null {
  const p = model?.params.find((x) => x.key === key);
  return p ? paramControl(p) : null;
}

/** The queue spec in force at `links[…].queue` / `links[…].reverse.queue` (the reverse follows the link's). */
function queueType(link: Record<string, unknown>, reverse: boolean): string {
  const own = (o: unknown) => (o as { queue?: { type?: unknown } } | undefined)?.queue?.type;
  const t = reverse ? (own(link.reverse) ?? own(link)) : own(link);
  return typeof t === 'string' ? t : 'droptail';
}

function linkField(link: Record<string, unknown>, rest: string): FieldControl | null {
  const reg = getRegistry();
  const m = /^(reverse\.)?(.+)$/.exec(rest)!;
  const reverse = m[1] !== undefined;
  const f = m[2]!;
  if (!reverse && f === 'rate') return RATE;
  if (!reverse && f === 'delay') return DELAY;
  if (f === 'buffer') return BUFFER;
  if (f === 'lossRate') return LOSS;
  if (f === 'queue') return { kind: 'queue' };
  const imp = impairmentField(f);
  if (imp) return imp;
  if (f === 'queue.type') return { kind: 'choice', options: options(reg.queue), noun: 'queue discipline' };
  const p = /^queue\.params\.([A-Za-z0-9_]+)$/.exec(f);
  if (p)
    return paramOf(
      reg.queue.find((q) => q.id === queueType(link, reverse)),
      p[1]!,
    );
  if (reverse) return null;
  if (f === 'metric') return { kind: 'number', integer: false, min: 0, max: 1e9, noun: 'routing metric' };
  if (f === 'framingBytes') return { kind: 'number', integer: true, min: 0, max: 1000, unit: 'B', noun: 'framing' };
  if (f === 'deviceQueuePackets')
    return { kind: 'number', integer: true, min: 0, max: 1000, unit: 'packets', noun: 'device queue' };
  return null;
}

/** A control for a field of a direction's `impairments` (docs/scenario-format.md), or null. */
function impairmentField(f: string): FieldControl | null {
  const m = /^impairments\.(.+)$/.exec(f);
  if (!m) return null;
  const k = m[1]!;
  const chance = (noun: string): FieldControl => ({ kind: 'number', integer: false, min: 0, max: 1, noun });
  if (k === 'burstLoss.p') return chance('chance of turning bad');
  if (k === 'burstLoss.r') return chance('chance of recovering');
  if (k === 'burstLoss.lossGood') return chance('loss while good');
  if (k === 'burstLoss.lossBad') return chance('loss while bad');
  if (k === 'duplicate') return chance('duplication probability');
  if (k === 'jitter') return quantity('duration', 'jitter', '5 ms');
  if (k === 'reorder') return { kind: 'boolean' };
  if (k === 'jitterDistribution')
    return {
      kind: 'choice',
      options: ['uniform', 'normal', 'pareto'].map((o) => ({ value: o, label: o })),
      noun: 'jitter distribution',
    };
  return null;
}

function flowField(flow: Record<string, unknown>, rest: string): FieldControl | null {
  const reg = getRegistry();
  const transport = (flow.transport ?? {}) as { type?: unknown; cc?: unknown };
  const app = (flow.app ?? {}) as { type?: unknown };
  if (rest === 'transport.cc') return { kind: 'choice', options: options(reg.cc), noun: 'congestion control' };
  if (rest === 'transport.type') return { kind: 'choice', options: options(reg.transport), noun: 'transport' };
  if (rest === 'app.type') return { kind: 'choice', options: options(reg.app), noun: 'application' };
  if (rest === 'start' || rest === 'stop') return TIME;
  if (rest === 'class') return { kind: 'number', integer: true, min: 0, max: 63, noun: 'traffic class' };
  if (rest === 'weight') return { kind: 'number', integer: false, min: 0, max: 1e6, noun: 'weight' };
  if (rest === 'label') return { kind: 'text', noun: 'label' };
  const m = /^(transport\.params|transport\.ccParams|app\.params)\.([A-Za-z0-9_]+)$/.exec(rest);
  if (!m) return null;
  const models = m[1] === 'transport.params' ? reg.transport : m[1] === 'app.params' ? reg.app : reg.cc;
  const id = m[1] === 'transport.params' ? transport.type : m[1] === 'app.params' ? app.type : transport.cc;
  return paramOf(
    models.find((x) => x.id === (id ?? 'newreno')),
    m[2]!,
  );
}

function nodeField(rest: string): FieldControl | null {
  const reg = getRegistry();
  if (rest === 'buffer') return BUFFER;
  if (rest === 'label') return { kind: 'text', noun: 'label' };
  if (rest === 'bs.scheduler') return { kind: 'scheduler' };
  if (rest === 'bs.scheduler.type') return { kind: 'choice', options: options(reg.bsScheduler), noun: 'scheduler' };
  const p = /^bs\.params\.([A-Za-z0-9_]+)$/.exec(rest);
  if (p) return paramOf(reg.bs, p[1]!);
  return null;
}

/**
 * The control for the field at `path` of `sc`, or null when the lab cannot tell what the field
 * holds (a whole link, a path into something that is not a setting).
 */
export function fieldControlOf(sc: ScenarioInput, path: string): FieldControl | null {
  try {
    parsePath(path);
  } catch (e) {
    if (e instanceof ScenarioPathError) return null;
    throw e;
  }
  if (path === 'duration') return DURATION;
  if (path === 'seed') return { kind: 'number', integer: true, min: 0, max: 0xffffffff, noun: 'seed' };
  if (path === 'name' || path === 'description') return { kind: 'text', noun: path };
  const m = /^(links|flows|nodes)\[([^\]]+)\]\.(.+)$/.exec(path);
  if (!m) return null;
  const el = element(sc, `${m[1]}[${m[2]}]`);
  if (!el) return null;
  if (m[1] === 'links') return linkField(el, m[3]!);
  if (m[1] === 'flows') return flowField(el, m[3]!);
  return nodeField(m[3]!);
}

const QUANTITY_OK: Record<QuantityKind, (v: unknown) => boolean> = {
  rate: (v) => parseBitRate(v).ok,
  duration: (v) => parseDuration(v).ok,
  size: (v) => parseByteSize(v).ok,
  buffer: (v) => parseBufferLimit(v).ok,
};

function rangeWords(c: { integer: boolean; min?: number; max?: number }): string {
  const n = c.integer ? 'a whole number' : 'a number';
  if (c.min !== undefined && c.max !== undefined) return `${n} from ${c.min} to ${c.max}`;
  if (c.min !== undefined) return `${n} of at least ${c.min}`;
  if (c.max !== undefined) return `${n} of at most ${c.max}`;
  return n;
}

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

/**
 * What is wrong with `value` for a field with this control, in the field's words ("Enter a delay
 * such as 20 ms"), or null if it is a value of the right kind (the scenario validator then checks
 * it in context: a buffer the queue needs, a rate within the link limits).
 */
export function fieldValueProblem(c: FieldControl, value: unknown): string | null {
  switch (c.kind) {
    case 'quantity':
      return QUANTITY_OK[c.quantity](value) ? null : `Enter ${article(c.noun)} ${c.noun} such as ${c.example}.`;
    case 'number': {
      const ok =
        typeof value === 'number' &&
        Number.isFinite(value) &&
        (!c.integer || Number.isInteger(value)) &&
        (c.min === undefined || value >= c.min) &&
        (c.max === undefined || value <= c.max);
      return ok ? null : `Enter ${article(c.noun)} ${c.noun}: ${rangeWords(c)}${c.unit ? ` (${c.unit})` : ''}.`;
    }
    case 'choice':
      return typeof value === 'string' && c.options.some((o) => o.value === value)
        ? null
        : `Pick ${article(c.noun)} ${c.noun} from the list.`;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Tick the box or leave it clear.';
    case 'queue':
    case 'scheduler': {
      const models = c.kind === 'queue' ? getRegistry().queue : getRegistry().bsScheduler;
      const type = (value as { type?: unknown } | null)?.type;
      return typeof value === 'object' && value !== null && models.some((m) => m.id === type)
        ? null
        : `Pick a ${c.kind === 'queue' ? 'queue discipline' : 'scheduler'} from the list.`;
    }
    case 'list':
      return Array.isArray(value) && value.every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0)
        ? null
        : `Enter the ${c.noun} as numbers separated by commas.`;
    case 'text':
      return typeof value === 'string' ? null : `Enter the ${c.noun} as text.`;
  }
}
