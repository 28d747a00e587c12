/**
 * What a link's other parts ask for and cannot be given: an exercise (`#ex=` / `#exf=` with `v=`), a
 * sweep (`&sweep=`), a split view (`&split=`). A damaged or unknown part is never silently ignored:
 * the lab opens as it can and says what was wrong, as it does for a bad scenario (`#s=`).
 */
import { builtinExercises, type ScenarioIssue } from '@cclab/engine';
import { readExerciseLink } from '../exercises/exerciseLink';
import { readSweepLink } from '../sweep/sweepLink';
import { SPLIT_URL_PARAM, splitChoiceFromHash } from '../compare/split/splitLink';

export function linkProblems(hash: string): ScenarioIssue[] {
  const out: ScenarioIssue[] = [];
  const ex = readExerciseLink(hash);
  if (ex && 'problem' in ex) out.push({ path: `(link: ${ex.part})`, message: ex.problem });
  else if (ex && ex.id !== null && !builtinExercises.some((e) => e.id === ex.id))
    out.push({ path: '(link: ex)', message: `this lab has no exercise “${ex.id}”` });
  const sweep = readSweepLink(hash);
  if (sweep && 'problem' in sweep) out.push({ path: '(link: sweep)', message: sweep.problem });
  if (new RegExp(`(?:^#?|&)${SPLIT_URL_PARAM}=`).test(hash) && splitChoiceFromHash(hash) === null)
    out.push({ path: '(link: split)', message: 'the split view in the link is damaged (was the link cut short?)' });
  return out;
}
