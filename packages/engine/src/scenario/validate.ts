import { PROBE_INTERVAL_RANGE, DURATION_RANGE, groupThousands } from '../core/limits.js';
import { checkInputBounds, SCENARIO_LIMITS, type BoundsProblem } from './inputBounds.js';
import { formatPath, StructureMap, type PathSegment } from './paths.js';
import { checkedDurationNs } from './quantities.js';
import type { ResolvedScenario } from './resolved.js';
import { migrateScenario } from './migrate.js';
import { resolveEvents } from './resolveEvents.js';
import { resolveFlows } from './resolveFlows.js';
import { checkRouterWide, resolveLinks, resolveNodes, type CheckContext } from './resolveNetwork.js';
import { ScenarioError, type ScenarioIssue } from './ScenarioError.js';
import { scenarioSchema } from './schema.js';
import type { ScenarioInput } from './types.js';
import { wordZodIssue } from './zodIssues.js';

export { ScenarioError, type ScenarioIssue } from './ScenarioError.js';
export type {
  ResolvedDirection,
  ResolvedEvent,
  ResolvedFlow,
  ResolvedLink,
  ResolvedNode,
  ResolvedQueue,
  ResolvedScenario,
} from './resolved.js';

/**
 * Validates a parsed JSON value as a scenario and resolves it: units parsed and range-checked,
 * node references turned into indices, registry parameters checked and defaulted. Throws
 * ScenarioError listing every problem with its field path; never a stack trace for bad input.
 *
 * Three stages, each reporting everything it finds: the shape of the document (depth, sizes:
 * scenario/inputBounds.ts), its structure (the zod schema, worded by scenario/zodIssues.ts), then
 * the meaning of every part whose structure is sound — a broken link does not hide a bad flow.
 */
export function validateScenario(input: unknown): ResolvedScenario {
  const issues: ScenarioIssue[] = [];
  const structure = new StructureMap();
  /** Parts the bounds walk reported (too deep, too large): the schema's view of them is noise. */
  const cut = new StructureMap();
  const bounds = checkInputBounds(input);
  for (const b of bounds.problems) {
    issues.push({ path: formatPath(b.path), message: b.message });
    structure.add(b.path);
    cut.add(b.path);
  }
  if (bounds.fatal) throw new ScenarioError(issues);
  // from here on, parts the walk reported are null: nothing below walks a huge or deep value
  const migrated = migrateScenario(bounds.pruned);
  const doc = migrated.doc;
  issues.push(...migrated.problems);
  const parsed = scenarioSchema.safeParse(doc);
  if (!parsed.success) {
    for (const i of parsed.error.issues) {
      const path = i.path as PathSegment[];
      // a part the bounds walk cut off is reported once, by the walk
      if (cut.brokenAtOrAbove(...path)) continue;
      issues.push({ path: formatPath(path), message: wordZodIssue(i, doc) });
      // an unknown field leaves the rest of its object readable
      if (i.code !== 'unrecognized_keys') structure.add(path);
    }
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new ScenarioError(issues);
  const s = doc as ScenarioInput;
  const cx: CheckContext = { issues, structure };

  const durationNs = structure.sound('duration')
    ? checkedDurationNs(s.duration, 'duration', DURATION_RANGE, issues, true)
    : null;
  const { nodes, table } = resolveNodes(s, cx);
  let classes = 1;
  if (!structure.brokenAtOrAbove('flows') && Array.isArray(s.flows))
    s.flows.forEach((f, i) => {
      if (structure.sound('flows', i, 'class') && f.class !== undefined) classes = Math.max(classes, f.class + 1);
    });
  const { links, adjacency, portNames, portsKnown } = resolveLinks(s, cx, table, classes);
  checkRouterWide(links, s, issues);
  const flows = resolveFlows(s, cx, table, adjacency);
  const probes = resolveProbes(s, cx, portsKnown ? portNames : null);
  const events = resolveEvents(s, cx, durationNs, nodes, links, flows);
  issues.push(...unreportedHazards(bounds.hazards, issues));

  if (issues.length > 0) throw new ScenarioError(uniqueIssues(issues));
  return {
    input: s,
    name: s.name ?? 'Untitled scenario',
    seed: s.seed ?? 1,
    durationNs: durationNs ?? 0,
    nodes,
    links,
    flows,
    probes,
    events,
  };
}

/** The probe settings; port names are checked when every link's ends could be read. */
function resolveProbes(
  s: ScenarioInput,
  cx: CheckContext,
  portNames: ReadonlySet<string> | null,
): ResolvedScenario['probes'] {
  const { issues, structure } = cx;
  const ok = (k: string) => structure.sound('probes', k);
  let intervalNs = 100_000_000;
  if (s.probes?.interval !== undefined && ok('interval'))
    intervalNs =
      checkedDurationNs(s.probes.interval, 'probes.interval', PROBE_INTERVAL_RANGE, issues, true) ?? intervalNs;
  if (ok('ports') && portNames)
    s.probes?.ports?.forEach((name, i) => {
      if (!portNames.has(name))
        issues.push({
          path: `probes.ports[${i}]`,
          message: `${describePort(name)} is not a link direction ("a->b" with a link between a and b)`,
        });
    });
  return {
    intervalNs,
    ports: ok('ports') ? (s.probes?.ports ?? null) : null,
    maxPoints: ok('maxPoints') ? (s.probes?.maxPoints ?? 2000) : 2000,
  };
}

function describePort(name: string): string {
  return JSON.stringify(name.length > 60 ? name.slice(0, 59) + '…' : name);
}

/**
 * The non-finite numbers and `__proto__` keys (scenario/inputBounds.ts) that no problem names yet,
 * at their place or above it (`links[0].rate: Infinity is not a finite bit rate` names one
 * already; a flow whose transport is broken is not checked further, so a NaN in its parameters
 * would otherwise pass unnamed): none of them may be accepted anywhere, the free-form `view` too.
 */
function unreportedHazards(hazards: readonly BoundsProblem[], issues: readonly ScenarioIssue[]): ScenarioIssue[] {
  const named = (at: string) =>
    issues.some(
      (i) => i.path === '(scenario)' || i.path === at || at.startsWith(i.path + '.') || at.startsWith(i.path + '['),
    );
  return hazards.map((h) => ({ path: formatPath(h.path), message: h.message })).filter((h) => !named(h.path));
}

/** The issues with exact repeats removed (a link's setting is checked for both directions). */
function uniqueIssues(issues: ScenarioIssue[]): ScenarioIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.path}\n${i.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Parses JSON text and validates it; JSON syntax errors become a ScenarioError too. */
export function parseScenarioText(text: string): ResolvedScenario {
  if (text.length > SCENARIO_LIMITS.textChars)
    throw new ScenarioError([
      {
        path: '(file)',
        message: `is ${groupThousands(text.length)} characters long; a scenario may be at most ${groupThousands(SCENARIO_LIMITS.textChars)}`,
      },
    ]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const msg = (e as Error).message;
    throw new ScenarioError([
      { path: '(file)', message: `not valid JSON: ${msg.length > 200 ? msg.slice(0, 199) + '…' : msg}` },
    ]);
  }
  return validateScenario(json);
}
