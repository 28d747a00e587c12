/**
 * What a transport accepts: whether it takes a congestion control (from the registry's transport
 * traits) and which applications it can carry (asked of the engine's validator, so a new
 * transport or application needs no UI change).
 */
import { getRegistry, ScenarioError, validateScenario, type ScenarioInput } from '@cclab/engine';

export interface TransportTraits {
  usesCc: boolean;
  /** Applications it can carry. */
  apps: string[];
}

const cache = new Map<string, TransportTraits>();

/** Paths of the validation issues of a one-flow scenario using this transport and application. */
function probe(transport: string, app: string): string[] {
  const s: ScenarioInput = {
    version: 1,
    duration: '1s',
    nodes: [
      { id: 'a', kind: 'host' },
      { id: 'b', kind: 'host' },
    ],
    links: [{ a: 'a', b: 'b', rate: '1Mbps', delay: '1ms' }],
    flows: [{ id: 'f', from: 'a', to: 'b', transport: { type: transport }, app: { type: app } }],
  };
  try {
    validateScenario(s);
    return [];
  } catch (e) {
    return e instanceof ScenarioError ? e.issues.map((i) => i.path) : ['?'];
  }
}

export function transportTraits(transport: string): TransportTraits {
  const hit = cache.get(transport);
  if (hit) return hit;
  const reg = getRegistry();
  const info = reg.transport.find((t) => t.id === transport);
  const usesCc = info?.transport?.usesCc ?? false;
  const apps = reg.app.map((a) => a.id).filter((a) => !probe(transport, a).includes('flows[0].app.type'));
  const t = { usesCc, apps };
  cache.set(transport, t);
  return t;
}
