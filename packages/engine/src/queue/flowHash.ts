/**
 * Hashing of flows into buckets for the hashing schedulers (SFQ, DRR buckets, FQ-CoDel). A
 * perturbation (seeded from the run, and changeable over time where the algorithm says so, e.g.
 * SFQ's `perturbInterval`) moves flows between buckets, so collisions do not persist.
 */

/** The 32-bit finalizer of MurmurHash3 (Appleby): every input bit affects every output bit. */
export function mix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Bucket of flow `flowId` among `buckets` under `perturbation` (any 32-bit value). */
export function flowBucket(flowId: number, perturbation: number, buckets: number): number {
  return mix32(Math.imul(flowId + 1, 0x9e3779b1) ^ perturbation) % buckets;
}
