/**
 * What a transport accepts, found by asking the engine's validator (the registry's ModelInfo
 * does not say whether a transport takes a congestion control or needs a reliable stream; see
 * /work/notes/ui-requests.md). Probing keeps the UI generic: a new transport needs no UI change.
 */
import { getRegistry, ScenarioError, validateScenario, type ScenarioInput } from '@cclab/engine';

export interface TransportTraits {
  usesCc: boolean;
  /** Applications it can carry. */
  apps: string[];
}

const cache = new Map<string, TransportTraits>();

function probe(transport: string, cc: string | undefined, app: string): string[] {
  const s: ScenarioInput = {
    version: 1, duration: '1s',
    nodes: [{ id: 'a', kind: 'host' }, { id: 'b', kind: 'host' }],
    links: [{ a: 'a', b: 'b', rate: '1Mbps', delay: '1ms' }],
    flows: [{ id: 'f', from: 'a', to: 'b', transport: { type: transport, ...(cc ? { cc } : {}) }, app: { type: app } }],
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
  const firstCc = reg.cc[0]?.id;
  const usesCc = firstCc !== undefined && !probe(transport, firstCc, 'cbr').includes('flows[0].transport.cc');
  const apps = reg.app.map((a) => a.id).filter((a) => !probe(transport, undefined, a).includes('flows[0].app.type'));
  const t = { usesCc, apps };
  cache.set(transport, t);
  return t;
}
