import type { RunSummary } from './summary.js';
import { Simulation } from './Simulation.js';
import { parseScenarioText, validateScenario } from './scenario/validate.js';

/**
 * Runs a scenario to its end and returns the summary: the one-call way to script the engine from
 * Node (`import { runScenario } from '@cclab/engine'`). `scenario` is a scenario object (format
 * version 1, docs/scenario-format.md) or its JSON text; an invalid one throws a ScenarioError
 * whose `issues` name each field and its problem. For time series, probes or stepping, build a
 * `Simulation` instead.
 */
export function runScenario(scenario: unknown): RunSummary {
  const resolved = typeof scenario === 'string' ? parseScenarioText(scenario) : validateScenario(scenario);
  return new Simulation(resolved).run();
}
