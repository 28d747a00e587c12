/**
 * How much of a large network the live view draws. Up to PACKET_LINKS_MAX
 * links every packet on the wire is a glyph moving along its link; above, the worker sends how
 * many packets each port has on the wire instead (Frame.wire), and the overlay draws one badge per
 * busy link whose size grows with the count, with the count written in it where the link is long
 * enough on screen to hold the number. The legend says so ("Packets drawn per link as a count
 * above 200 links"). Pure functions, unit-tested; the overlay and the worker share them.
 */

/** Above this many links, packets are drawn as a count per link rather than one by one. */
export const PACKET_LINKS_MAX = 200;

/** Whether a network of `links` links has its packets drawn as counts per link. */
export function packetsAsCounts(links: number): boolean {
  return links > PACKET_LINKS_MAX;
}

/**
 * Packets on the wire per link (both directions added), from the per-port counts of a frame:
 * ports are built link by link, direction by direction (port 2k is link k's a→b, 2k+1 its b→a).
 * Returns [link index, count] pairs of the links with packets on the wire, in link order.
 */
export function linkCounts(wire: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let k = 0; 2 * k < wire.length; k++) {
    const n = (wire[2 * k] ?? 0) + (wire[2 * k + 1] ?? 0);
    if (n > 0) out.push(k, n);
  }
  return out;
}

/** Smallest and largest radius of a count badge (world units, like the packet glyphs). */
export const BADGE_MIN_R = 3;
export const BADGE_MAX_R = 9;

/**
 * A count badge's radius: its area grows with the count (√n), from BADGE_MIN_R for one packet to
 * BADGE_MAX_R at `full` packets or more, so a link carrying four times as many packets has a badge
 * twice as wide and a packed link does not cover its neighbours.
 */
export function badgeRadius(count: number, full = 100): number {
  if (!(count > 0)) return 0;
  const f = Math.min(1, Math.sqrt((count - 1) / Math.max(1, full - 1)));
  return BADGE_MIN_R + (BADGE_MAX_R - BADGE_MIN_R) * f;
}

/** A count is written in its badge only where the link is at least this long on screen (CSS px). */
export const COUNT_LABEL_MIN_PX = 36;

/** Whether a link `screenPx` long on screen has room for its count written out. */
export function countLabelFits(screenPx: number): boolean {
  return screenPx >= COUNT_LABEL_MIN_PX;
}

/** "7", "312", "1.2k": a count short enough for a badge. */
export function shortCount(n: number): string {
  return n < 1000 ? String(n) : `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
}
