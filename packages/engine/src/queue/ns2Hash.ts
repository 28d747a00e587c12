/**
 * The address hashes of ns-2.35's hashing schedulers, so that flows collide in the same buckets as
 * in an ns-2 script (ns-2 node addresses are node ids in creation order; cclab's node indices
 * follow the scenario's node order, which the ns-2 reference translation keeps identical). Both
 * are written from the formulas in the ns-2 sources, with C's truncating `%` (JavaScript's `%`
 * truncates the same way) and 32-bit `~`.
 */

/**
 * ns-2.35 queue/drr.cc `DRR::hash`: h(a) = ((a + (a >> 8) + ~(a >> 4)) mod (2²⁴ − 1)) + 1 of the
 * source address a (its low four bits cleared when `mask_` is set); the bucket is h mod buckets_.
 */
export function ns2DrrBucket(sourceAddress: number, mask: boolean, buckets: number): number {
  const a = mask ? sourceAddress & 0xfff0 : sourceAddress;
  const h = ((a + (a >> 8) + ~(a >> 4)) % 16777215) + 1;
  return nonNegativeMod(h, buckets);
}

/**
 * ns-2.35 queue/sfq.cc `SFQ::hash`: with k = source + destination address,
 * h = (k + (k >> 8) + ~(k >> 4)) mod (2²⁰ − 1); the bucket is h mod buckets_. ns-2 has no
 * perturbation: the same pair of nodes always shares a bucket.
 */
export function ns2SfqBucket(sourceAddress: number, destinationAddress: number, buckets: number): number {
  const k = sourceAddress + destinationAddress;
  const h = (k + (k >> 8) + ~(k >> 4)) % 1048575;
  return nonNegativeMod(h, buckets);
}

/**
 * ns-2 indexes its bucket array with the C remainder, which is negative only for a hash of −1
 * (address 0 in DRR is +1-corrected to 0; SFQ's sum of two distinct addresses is never 0). The
 * remainder is taken non-negative so that such an input cannot index outside the buckets.
 */
function nonNegativeMod(h: number, n: number): number {
  const r = h % n;
  return r < 0 ? r + n : r;
}
