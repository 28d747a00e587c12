import { NS2_DEFAULTS, ns2DumbbellScenario } from '../scenario/ns2Dumbbell.js';
import { NS2_XCP_DEFAULTS, ns2XcpScenario } from '../scenario/ns2Xcp.js';
import { ns3DumbbellScenario, Ns3ArgumentError, Ns3NotCoveredError } from '../scenario/ns3Dumbbell.js';
import type { ScenarioInput } from '../scenario/types.js';
import { ScenarioError, validateScenario } from '../scenario/validate.js';
import { checkTranslateArgs } from './translateArgs.js';

/** One reference script of a simulator and the translator that builds its cclab equivalent. */
interface HarnessScript {
  /** Keys the script accepts (for the error on an unknown key), or null when the translator checks them. */
  readonly keys: readonly string[] | null;
  translate(name: string, args: Record<string, string>): ScenarioInput;
}

/**
 * The reference harnesses `cclab translate` knows, by simulator, then script (the first one is the
 * default). A new harness script plugs in with one entry here.
 */
export const HARNESSES: Record<string, Record<string, HarnessScript>> = {
  ns2: {
    'dumbbell.tcl': { keys: Object.keys(NS2_DEFAULTS), translate: ns2DumbbellScenario },
    'xcp.tcl': { keys: Object.keys(NS2_XCP_DEFAULTS), translate: ns2XcpScenario },
  },
  ns3: {
    dumbbell: { keys: null, translate: ns3DumbbellScenario },
  },
};

const USAGE = `usage: cclab translate ns2|ns3 [SCRIPT] key=value ...
  prints the cclab scenario (JSON) equivalent to one run of a reference harness:
${Object.entries(HARNESSES)
  .map(([sim, scripts]) => `    ${sim}: ${Object.keys(scripts).join(', ')} (default ${Object.keys(scripts)[0]})`)
  .join('\n')}`;

/**
 * `cclab translate ns2|ns3 [SCRIPT] key=value ...`: prints the scenario the cross-check tests use
 * for that harness invocation (scenario/ns2Dumbbell.ts, scenario/ns3Dumbbell.ts).
 */
export function translate(argv: string[]): { code: number; out: string } {
  const [sim, ...rest] = argv;
  const scripts = sim ? HARNESSES[sim] : undefined;
  if (!scripts) return { code: 2, out: USAGE };
  let scriptName = Object.keys(scripts)[0]!;
  if (rest.length > 0 && !rest[0]!.includes('=')) {
    scriptName = rest.shift()!;
    if (!scripts[scriptName])
      return { code: 2, out: `unknown ${sim} script ${scriptName} (known: ${Object.keys(scripts).join(', ')})` };
  }
  const script = scripts[scriptName]!;
  const args: Record<string, string> = {};
  for (const kv of rest) {
    const i = kv.indexOf('=');
    if (i <= 0) return { code: 2, out: `${kv}: expected key=value\n${USAGE}` };
    const key = kv.slice(0, i);
    if (Object.hasOwn(args, key)) return { code: 2, out: `key ${key} is given twice` };
    // defined, not assigned: a key "__proto__" stays a key (and is refused as unknown)
    Object.defineProperty(args, key, { value: kv.slice(i + 1), enumerable: true, writable: true, configurable: true });
  }
  if (script.keys) {
    const unknown = Object.keys(args).filter((k) => !script.keys!.includes(k));
    if (unknown.length > 0)
      return {
        code: 2,
        out: `unknown key${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `'${k}'`).join(', ')} (${scriptName} keys: ${script.keys.join(' ')})`,
      };
  }
  const outOfRange = checkTranslateArgs(sim!, scriptName, args);
  if (outOfRange !== null) return { code: 2, out: outOfRange };
  const name = Object.entries(args)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  let scenario: ScenarioInput;
  try {
    scenario = script.translate(name || 'defaults', args);
  } catch (e) {
    if (e instanceof Ns3ArgumentError || e instanceof Ns3NotCoveredError) return { code: 2, out: e.message };
    return { code: 2, out: (e as Error).message };
  }
  // what is printed must be a scenario `cclab run` accepts: a combination the key ranges above
  // cannot see (stagger × flows past seven days, a CBR rate too fast for its packets) is refused
  try {
    validateScenario(scenario);
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    return {
      code: 2,
      out: `${sim} ${scriptName} ${name}: these arguments give a scenario that is not valid:\n${e.issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`,
    };
  }
  return { code: 0, out: JSON.stringify(scenario, null, 2) };
}
