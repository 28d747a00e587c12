/**
 * Node positions for the projector. In presentation mode at 1024×768 the network view is about
 * 1024 × 290 px (1024 × 190 with a base station's channel charts), the network is fitted to it
 * with a 60 px margin, and the glyph key covers its top 65 px: a network drawn flat and wide is
 * shown at a readable zoom and clear of the key, one drawn tall shrinks to a strip.
 */
import type { ScenarioInput } from '../scenario/types.js';

/** `s` with its nodes' y squeezed about their middle so that they span at most 2 × `half`. */
export function flatten(s: ScenarioInput, half: number): ScenarioInput {
  const ys = s.nodes.map((n) => n.y ?? 0);
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  const mid = (lo + hi) / 2;
  const scale = hi - lo > 2 * half ? (2 * half) / (hi - lo) : 1;
  return { ...s, nodes: s.nodes.map((n) => ({ ...n, y: Math.round(mid + ((n.y ?? 0) - mid) * scale) })) };
}
