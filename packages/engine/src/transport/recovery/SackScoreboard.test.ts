import { describe, expect, it } from 'vitest';
import { SackScoreboard } from './SackScoreboard.js';

/**
 * The scoreboard against RFC 6675 §4 worked by hand. Every segment has the same size, so
 * "DupThresh discontiguous SACKed sequences, or more than (DupThresh − 1)·SMSS SACKed bytes,
 * above SeqNum" (IsLost) is "at least DupThresh SACKed segments above it".
 *
 * The pattern used throughout: segments 0–9 cumulatively acknowledged, 10–21 outstanding
 * (HighData = 21), 11, 13, 15 and 16 SACKed. SACKed segments above each hole:
 *   10 → {11, 13, 15, 16} = 4   12 → {13, 15, 16} = 3   14 → {15, 16} = 2   17–21 → 0
 */
function scoreboard(capacity = 64): SackScoreboard {
  const sb = new SackScoreboard(capacity);
  sb.advance(9);
  sb.markSacked(11, 12);
  sb.markSacked(13, 14);
  sb.markSacked(15, 17);
  return sb;
}

const HIGH_DATA = 21;

describe('SackScoreboard (RFC 6675 §4)', () => {
  it('IsLost needs exactly DupThresh SACKed segments above a hole', () => {
    const sb = scoreboard();
    expect(sb.isLost(10, 3)).toBe(true); // 4 above
    expect(sb.isLost(12, 3)).toBe(true); // exactly 3 above: lost
    expect(sb.isLost(14, 3)).toBe(false); // 2 above: not yet
    for (let q = 17; q <= HIGH_DATA; q++) expect(sb.isLost(q, 3)).toBe(false);
    // DupThresh is a parameter: with 2, segment 14 is lost and 17 still is not
    expect(sb.isLost(14, 2)).toBe(true);
    expect(sb.isLost(12, 4)).toBe(false);
    expect(sb.isLost(10, 4)).toBe(true);
  });

  it('counts the SACKed segments above a sequence number', () => {
    const sb = scoreboard();
    expect([10, 12, 14, 16, 17].map((q) => sb.sackedAbove(q))).toEqual([4, 3, 2, 0, 0]);
    expect(sb.sackedCount).toBe(4);
    expect(sb.highSacked).toBe(16);
  });

  it('SetPipe counts holes not deemed lost once and retransmitted holes once more', () => {
    const sb = scoreboard();
    // not SACKed and not lost: 14, 17, 18, 19, 20, 21
    expect(sb.pipe(HIGH_DATA, 3)).toBe(6);
    // the lost hole 10 retransmitted: it is in the network again
    sb.markRetransmitted(10);
    expect(sb.pipe(HIGH_DATA, 3)).toBe(7);
    // a hole not (yet) deemed lost and retransmitted (NextSeg rule 3) counts twice: 6 + 1 + 1
    sb.markRetransmitted(14);
    expect(sb.pipe(HIGH_DATA, 3)).toBe(8);
    // with DupThresh 2, 14 is lost: 17–21 and the two retransmissions
    expect(sb.pipe(HIGH_DATA, 2)).toBe(7);
    // a new recovery forgets the retransmissions
    sb.clearRetransmitted();
    expect(sb.pipe(HIGH_DATA, 3)).toBe(6);
    expect(sb.pipe(HIGH_DATA, 2)).toBe(5);
  });

  it("forgetting one retransmission (ns-3's MarkHeadAsLost) takes it out of the pipe and makes it a hole again", () => {
    const sb = scoreboard();
    sb.markRetransmitted(10);
    sb.markRetransmitted(12);
    expect(sb.nextHole()).toBe(14); // 10 and 12 retransmitted, 11 and 13 SACKed
    expect(sb.pipe(HIGH_DATA, 3)).toBe(8); // 6 + the two retransmissions
    sb.unmarkRetransmitted(10);
    expect(sb.isRetransmitted(10)).toBe(false);
    expect(sb.pipe(HIGH_DATA, 3)).toBe(7);
    expect(sb.nextHole()).toBe(10);
    // a segment not retransmitted, or below the base, is left alone
    sb.unmarkRetransmitted(14);
    sb.unmarkRetransmitted(5);
    expect(sb.pipe(HIGH_DATA, 3)).toBe(7);
  });

  it('advancing the cumulative ACK forgets what it covers', () => {
    const sb = scoreboard();
    sb.markRetransmitted(10);
    sb.advance(13); // 10–13 acknowledged: 15 and 16 stay SACKed
    expect(sb.base).toBe(14);
    expect(sb.sackedCount).toBe(2);
    expect(sb.isSacked(13)).toBe(false);
    expect(sb.isRetransmitted(10)).toBe(false);
    // 14 has 2 SACKed above: not lost; pipe = 14, 17–21
    expect(sb.isLost(14, 3)).toBe(false);
    expect(sb.pipe(HIGH_DATA, 3)).toBe(6);
    sb.advance(16);
    expect(sb.sackedCount).toBe(0);
    expect(sb.highSacked).toBe(16);
    expect(sb.pipe(HIGH_DATA, 3)).toBe(5);
  });

  it('marks each hole newly lost once (BBR packets_lost)', () => {
    const sb = scoreboard();
    expect(sb.markNewlyLost(3)).toBe(2); // 10 and 12
    expect(sb.markNewlyLost(3)).toBe(0);
    sb.markSacked(17, 18); // 14 now has 15, 16, 17 above
    expect(sb.markNewlyLost(3)).toBe(1);
  });

  it('a SACK block is counted once however often it is reported, and never below the base', () => {
    const sb = scoreboard();
    sb.markSacked(11, 12);
    sb.markSacked(15, 17);
    expect(sb.sackedCount).toBe(4);
    sb.markSacked(5, 12); // below the base: only 10 (and 11, already SACKed) count
    expect(sb.sackedCount).toBe(5);
    expect(sb.isSacked(10)).toBe(true);
    expect(sb.isSacked(9)).toBe(false);
  });

  it('reports each newly SACKed segment once', () => {
    const sb = scoreboard();
    const seen: number[] = [];
    sb.onNewlySacked = (q) => seen.push(q);
    sb.markSacked(15, 19);
    expect(seen).toEqual([17, 18]);
  });

  it('keeps its answers when the window outgrows the initial capacity', () => {
    const sb = scoreboard(4); // grows from 4 to hold segments 10..21 and beyond
    expect([10, 12, 14].map((q) => sb.isLost(q, 3))).toEqual([true, true, false]);
    expect(sb.pipe(HIGH_DATA, 3)).toBe(6);
    sb.markRetransmitted(10);
    sb.markSacked(40, 42); // far above: another growth, the old flags move with it
    expect(sb.highSacked).toBe(41);
    expect(sb.isSacked(11) && sb.isSacked(16) && !sb.isSacked(14)).toBe(true);
    expect(sb.isRetransmitted(10)).toBe(true);
    // 14 now has 15, 16, 40, 41 above; 17–39 have 2; highData 41: pipe = 10 (retransmitted) + 17–39
    expect(sb.isLost(14, 3)).toBe(true);
    expect(sb.pipe(41, 3)).toBe(1 + (39 - 17 + 1));
  });

  it('takes SACK blocks in any order: the highest SACKed segment never moves down', () => {
    // an ACK lists the block with the newest segment first (RFC 2018), so lower blocks come later
    const sb = new SackScoreboard();
    expect(sb.highSacked).toBe(-1); // nothing SACKed: base − 1
    sb.advance(9);
    sb.markSacked(15, 17);
    sb.markSacked(13, 14);
    sb.markSacked(11, 12);
    expect(sb.highSacked).toBe(16);
    expect([11, 13, 15, 16].every((q) => sb.isSacked(q))).toBe(true);
    sb.markSacked(15, 16); // the segment just below the top reported again
    expect(sb.highSacked).toBe(16);
    expect(sb.isSacked(16)).toBe(true);
    // the cumulative ACK stopping just below the only SACKed segment left keeps it SACKed
    sb.advance(15);
    expect(sb.highSacked).toBe(16);
    expect(sb.isSacked(16)).toBe(true);
    // the cumulative ACK passing everything SACKed leaves highSacked at base − 1
    sb.advance(30);
    expect(sb.highSacked).toBe(30);
  });

  it('never confuses two segments that share a slot of the ring', () => {
    // capacity 4: segment q lives in slot q mod 4 while base ≤ q < base + 4
    const sb = new SackScoreboard(4);
    sb.advance(3); // base 4
    sb.markSacked(5, 6);
    sb.markRetransmitted(6);
    expect(sb.isSacked(1)).toBe(false); // below the base, same slot as 5
    expect(sb.isRetransmitted(2)).toBe(false); // below the base, same slot as 6
    expect(sb.isRetransmitted(10)).toBe(false); // base + 6: beyond the ring, same slot as 6
    expect(sb.isRetransmitted(4)).toBe(false);
    expect(sb.isRetransmitted(5)).toBe(false);
    sb.markRetransmitted(1); // below the base: ignored, must not mark 5
    expect(sb.isRetransmitted(5)).toBe(false);
    sb.markRetransmitted(4);
    expect(sb.isRetransmitted(8)).toBe(false); // base + 4: exactly one ring further than 4
    // segment 8 is the 5th from the base: the ring must grow rather than reuse 4's slot
    sb.markSacked(8, 9);
    expect(sb.isSacked(8)).toBe(true);
    expect(sb.isSacked(4)).toBe(false);
    expect(sb.isRetransmitted(4) && sb.isRetransmitted(6)).toBe(true);
    expect(sb.sackedAbove(4)).toBe(2);
  });

  it('after a timeout forgets every SACK (RFC 6675 §5.1)', () => {
    const sb = scoreboard();
    sb.reset();
    expect(sb.highSacked).toBe(9); // base − 1
    expect(sb.sackedCount).toBe(0);
    expect(sb.isSacked(11)).toBe(false);
    expect(sb.isLost(10, 3)).toBe(false);
    expect(sb.pipe(HIGH_DATA, 3)).toBe(12);
  });
});
