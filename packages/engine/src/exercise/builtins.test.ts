import { describe, expect, it } from 'vitest';
import {
  allValueCombinations,
  builtinExercises,
  parseExercise,
  referenceAnswers,
  valueKey,
  verifyExercise,
  verifyHint,
} from './index.js';

/**
 * Every built-in exercise passes `cclab exercise check` (its reference solution is accepted, a
 * wrong answer rejected, for every value of its random parameters), every hint leads to an
 * accepted answer (one test per hint, named after the exercise, task and hint), and the simulation
 * agrees with what the literature says each choose task's answer is.
 */
describe('built-in exercises', () => {
  it('are twelve with unique ids, all ready', () => {
    expect(builtinExercises).toHaveLength(12);
    expect(new Set(builtinExercises.map((e) => e.id)).size).toBe(12);
    expect(builtinExercises.filter((e) => e.status === 'coming').map((e) => e.id)).toEqual([]);
  });

  for (const file of builtinExercises) {
    const ex = parseExercise(file);
    it(`${file.id}: exercise check passes`, () => {
      // the hints are verified below, one test each
      const v = verifyExercise(ex, 16, { hints: false });
      expect(v.lines.filter((l) => !l.ok)).toEqual([]);
      expect(v.ok).toBe(true);
    });
    // Every hint leads to an accepted answer: the answer the hint says a student following it would
    // give is submitted for every value of the random parameters and must be accepted by the
    // checker, which runs the simulation (reusing the runs the check above just made: measure.ts).
    const combos = allValueCombinations(ex, 16);
    file.tasks.forEach((task, t) =>
      (task.hints ?? []).forEach((h, k) =>
        it(`${file.id} › ${task.id} › hint ${k + 1}`, () => {
          // every built-in hint says what following it gives: none is left unverified
          expect(typeof h === 'string' ? 'a plain-text hint (no answer)' : 'a hint with an answer').toBe(
            'a hint with an answer',
          );
          for (const values of combos) {
            const v = verifyHint(ex, values, t, k);
            const where =
              Object.entries(values)
                .map(([n, x]) => `${n}=${valueKey(x)}`)
                .join(', ') || 'the scenario';
            expect({ where, verified: v.verified, ok: v.ok, message: v.message }).toMatchObject({
              where,
              verified: true,
              ok: true,
            });
          }
        }),
      ),
    );
  }

  /** The right option per the sources cited in each exercise's explanation and hints. */
  const expected: Record<string, Record<string, string>> = {
    // a larger buffer lets slow start's doubling window grow larger before it overflows
    'slow-start-first-loss': { 'buffer-overshoot': 'large' },
    // fair queueing isolates the TCP flows from the CBR flow; FIFO/RED give it what it sends
    'fair-queueing-unresponsive': { 'which-queue': 'sfq' },
    // Reno regains 1 packet/RTT: ~30 s to recover 300 packets at 100 ms; CUBIC is RTT-independent (RFC 9438)
    'cubic-vs-reno-long-fat-pipe': { faster: 'cubic' },
    // BBR aims inflight at BDP; CUBIC fills the DropTail buffer until loss (Cardwell et al. 2016)
    'bbr-vs-cubic-queue': { 'smaller-queue': 'bbr' },
    // TFRC's rate follows an averaged loss event rate (RFC 5348): smoother than AIMD
    'tfrc-smoothness': { smoother: 'tfrc' },
    // pacing removes the edge's line-rate bursts that overflow the small core buffer (seed 001)
    'pacing-small-buffer': { 'fewer-drops': 'qlbp' },
    // XCP's efficiency controller drains the persistent queue (Katabi et al. 2002, eq. 1)
    'xcp-vs-tcp': { queue: 'xcp' },
    // RR gives every backlogged user equal slots, channel-blind; max-SNR serves the best instantaneous
    // SNR, so the 5 dB user rarely wins a slot (Knopp & Humblet 1995; seed 004: "MSNR starves low-SNR UEs")
    'wireless-scheduling-fairness': { fairest: 'rr', starves: 'max-snr' },
  };
  for (const [id, tasks] of Object.entries(expected))
    it(`${id}: the simulation picks the option the literature predicts`, () => {
      const ex = parseExercise(builtinExercises.find((e) => e.id === id)!);
      for (const [taskId, option] of Object.entries(tasks)) {
        const task = ex.file.tasks.find((t) => t.id === taskId)!;
        const ref = referenceAnswers(ex, {}, task);
        expect(typeof ref === 'string' ? ref : ref.right).toEqual({ kind: 'choose', option });
      }
    });
});
