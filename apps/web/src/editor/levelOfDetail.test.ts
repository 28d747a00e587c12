import { describe, expect, it } from 'vitest';
import {
  BADGE_MAX_R,
  BADGE_MIN_R,
  COUNT_LABEL_MIN_PX,
  PACKET_LINKS_MAX,
  badgeRadius,
  countLabelFits,
  linkCounts,
  packetsAsCounts,
  shortCount,
} from './levelOfDetail';

describe('level of detail of the packets drawn', () => {
  it('draws packets one by one up to 200 links, as counts per link above', () => {
    expect(PACKET_LINKS_MAX).toBe(200);
    expect(packetsAsCounts(1)).toBe(false);
    expect(packetsAsCounts(200)).toBe(false);
    expect(packetsAsCounts(201)).toBe(true);
    expect(packetsAsCounts(1999)).toBe(true);
  });

  it('adds both directions of a link (ports 2k and 2k+1) and lists only links with packets', () => {
    // link 0: 3 + 1, link 1: none, link 2: 0 + 7
    expect(linkCounts(Uint32Array.from([3, 1, 0, 0, 0, 7]))).toEqual([0, 4, 2, 7]);
    expect(linkCounts(new Uint32Array(0))).toEqual([]);
  });

  it('grows a badge’s area with its count: four times the packets, twice the radius above the smallest', () => {
    expect(badgeRadius(0)).toBe(0);
    expect(badgeRadius(1)).toBe(BADGE_MIN_R);
    expect(badgeRadius(100)).toBe(BADGE_MAX_R);
    expect(badgeRadius(5000)).toBe(BADGE_MAX_R);
    // (r − rmin) ∝ √(n − 1): n − 1 four times as large doubles it
    const grow = (n: number) => badgeRadius(n) - BADGE_MIN_R;
    expect(grow(41) / grow(11)).toBeCloseTo(2, 10);
    for (let n = 1; n < 120; n++) expect(badgeRadius(n + 1)).toBeGreaterThanOrEqual(badgeRadius(n));
  });

  it('writes a count only where the link is long enough on screen to hold it', () => {
    expect(countLabelFits(COUNT_LABEL_MIN_PX - 1)).toBe(false);
    expect(countLabelFits(COUNT_LABEL_MIN_PX)).toBe(true);
  });

  it('shortens large counts', () => {
    expect(shortCount(7)).toBe('7');
    expect(shortCount(999)).toBe('999');
    expect(shortCount(1234)).toBe('1.2k');
    expect(shortCount(12_345)).toBe('12k');
  });
});
