/**
 * Which ports the run probes (and so which the queue chart can show): the scenario's
 * `probes.ports`, or when it has none the engine's default — every port leaving a node that is not
 * a host (Simulation.ts). Host egress ports are charted by naming them: a queue building at a
 * sending host (an access link slower than the sender) then shows instead of a flat 0.
 * Pure functions on the scenario input, unit-tested.
 */
import type { ScenarioInput } from '@cclab/engine';

export interface PortChoice {
  /** The port's name, "a->b" (the engine's Network names a link direction so). */
  name: string;
  /** The port leaves a host (its sending side), which the default does not probe. */
  hostEgress: boolean;
}

/** Every link direction of the scenario, link by link (a->b then b->a). */
export function portChoices(s: ScenarioInput): PortChoice[] {
  const kinds = new Map(s.nodes.map((n) => [n.id, n.kind]));
  return s.links.flatMap((l) => [
    { name: `${l.a}->${l.b}`, hostEgress: kinds.get(l.a) === 'host' },
    { name: `${l.b}->${l.a}`, hostEgress: kinds.get(l.b) === 'host' },
  ]);
}

/** The ports the run will probe: `probes.ports` when given, else every port not leaving a host. */
export function chartedPorts(s: ScenarioInput): string[] {
  return s.probes?.ports
    ? [...s.probes.ports]
    : portChoices(s)
        .filter((p) => !p.hostEgress)
        .map((p) => p.name);
}

/**
 * The scenario with `port` charted or not: `probes.ports` becomes explicit (the current set, the
 * port added or removed), kept in the scenario's link order.
 */
export function withPortCharted(s: ScenarioInput, port: string, on: boolean): ScenarioInput {
  const now = new Set(chartedPorts(s));
  if (on) now.add(port);
  else now.delete(port);
  const ordered = portChoices(s)
    .map((p) => p.name)
    .filter((n) => now.has(n));
  // names the scenario lists that are not (or no longer) link directions stay, for validation to name
  for (const n of now) if (!ordered.includes(n)) ordered.push(n);
  return { ...s, probes: { ...(s.probes ?? {}), ports: ordered } };
}
