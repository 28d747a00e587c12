/**
 * Positions for scenarios that arrive without coordinates. Nodes are placed in columns by hop
 * distance from the hosts at one end of the longest shortest path (a dumbbell comes out as
 * sources | routers | sinks), spread evenly within each column.
 */
import type { ScenarioInput } from '@cclab/engine';

export const LAYOUT_WIDTH = 1000;
export const LAYOUT_HEIGHT = 600;

export function needsLayout(s: ScenarioInput): boolean {
  return s.nodes.some(
    (n) => typeof n.x !== 'number' || typeof n.y !== 'number' || !Number.isFinite(n.x) || !Number.isFinite(n.y),
  );
}

function bfs(start: string, adj: Map<string, string[]>): Map<string, number> {
  const dist = new Map([[start, 0]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const u = queue[i]!;
    for (const v of adj.get(u) ?? [])
      if (!dist.has(v)) {
        dist.set(v, dist.get(u)! + 1);
        queue.push(v);
      }
  }
  return dist;
}

/** Returns `s` unchanged if every node has a position; otherwise lays out all nodes. */
export function autoLayout(s: ScenarioInput): ScenarioInput {
  if (!needsLayout(s) || s.nodes.length === 0) return s;
  const adj = new Map<string, string[]>(s.nodes.map((n) => [n.id, []]));
  for (const l of s.links) {
    adj.get(l.a)?.push(l.b);
    adj.get(l.b)?.push(l.a);
  }
  // Column index: distance from a peripheral node (farthest from the first node), per component.
  const column = new Map<string, number>();
  let offset = 0;
  for (const n of s.nodes) {
    if (column.has(n.id)) continue;
    const first = bfs(n.id, adj);
    let far = n.id;
    for (const [id, d] of first) if (d > first.get(far)!) far = id;
    const fromFar = bfs(far, adj);
    let width = 0;
    for (const d of fromFar.values()) width = Math.max(width, d);
    // Mirror so the side of the first-listed node is on the left (sources before sinks).
    for (const [id, d] of fromFar) column.set(id, offset + width - d);
    offset += width + 1;
  }
  const columns = Math.max(...column.values()) + 1;
  const byColumn = new Map<number, string[]>();
  for (const n of s.nodes) {
    const c = column.get(n.id)!;
    byColumn.set(c, [...(byColumn.get(c) ?? []), n.id]);
  }
  const pos = new Map<string, { x: number; y: number }>();
  const marginX = 100;
  const marginY = 80;
  for (const [c, ids] of byColumn) {
    const x = columns === 1 ? LAYOUT_WIDTH / 2 : marginX + (c * (LAYOUT_WIDTH - 2 * marginX)) / (columns - 1);
    ids.forEach((id, i) => {
      const y = ids.length === 1 ? LAYOUT_HEIGHT / 2 : marginY + (i * (LAYOUT_HEIGHT - 2 * marginY)) / (ids.length - 1);
      pos.set(id, { x: Math.round(x), y: Math.round(y) });
    });
  }
  return { ...s, nodes: s.nodes.map((n) => ({ ...n, ...pos.get(n.id)! })) };
}
