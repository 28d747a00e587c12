/**
 * Static routing: shortest paths by link metric (hop count when every metric is 1), computed with
 * Dijkstra's algorithm. Ties are broken towards the lower node index so that routes, and hence
 * runs, are deterministic.
 */

export interface Edge {
  to: number;
  metric: number;
}

/** Returns the node path from `src` to `dst`, or null if unreachable. */
export function shortestPath(adj: readonly (readonly Edge[])[], src: number, dst: number): number[] | null {
  const n = adj.length;
  const dist = new Float64Array(n).fill(Infinity);
  const prev = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  dist[src] = 0;
  // binary heap of (dist, node)
  const heap: number[] = [src];
  const less = (a: number, b: number) => dist[a]! < dist[b]! || (dist[a] === dist[b] && a < b);
  const push = (v: number) => {
    heap.push(v);
    let i = heap.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(heap[i]!, heap[p]!)) break;
      [heap[i], heap[p]] = [heap[p]!, heap[i]!];
      i = p;
    }
  };
  const pop = (): number => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && less(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && less(heap[r]!, heap[m]!)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
    return top;
  };
  while (heap.length > 0) {
    const u = pop();
    if (done[u]) continue;
    done[u] = 1;
    if (u === dst) break;
    for (const e of adj[u]!) {
      const nd = dist[u]! + e.metric;
      if (nd < dist[e.to]! || (nd === dist[e.to]! && prev[e.to]! > u && !done[e.to])) {
        dist[e.to] = nd;
        prev[e.to] = u;
        push(e.to);
      }
    }
  }
  if (dist[dst] === Infinity) return null;
  const path: number[] = [];
  for (let v = dst; v !== -1; v = prev[v]!) path.push(v);
  return path.reverse();
}
