import { describe, expect, it } from 'vitest';
import LZString from 'lz-string';
import { builtinExercises } from '@cclab/engine';
import { linkProblems } from './linkProblems';
import { hashWithSplit } from '../compare/split/splitLink';
import { encodeSweepDraft } from '../sweep/sweepLink';

const pack = (v: unknown) => LZString.compressToEncodedURIComponent(JSON.stringify(v));
const known = builtinExercises[0]!.id;

describe('the parts of a link the lab cannot use are named', () => {
  it('says nothing of a link whose parts are all usable (or absent)', () => {
    expect(linkProblems('')).toEqual([]);
    expect(linkProblems('#s=abc')).toEqual([]);
    expect(linkProblems(`#ex=${known}&v=3`)).toEqual([]);
    expect(linkProblems(`#exf=${pack({ version: 1 })}&v=0`)).toEqual([]); // checked as an exercise when opened
    expect(linkProblems(`#s=abc&sweep=${encodeSweepDraft({ parameters: [], seeds: 1, metrics: [] })}`)).toEqual([]);
    expect(linkProblems(hashWithSplit('#s=abc', { path: 'flows[0].transport.cc', a: 'cubic', b: 'newreno' }))).toEqual(
      [],
    );
  });

  it('names an exercise the lab does not have, and a missing or bad variant', () => {
    expect(linkProblems('#ex=no-such&v=1')).toEqual([
      { path: '(link: ex)', message: 'this lab has no exercise “no-such”' },
    ]);
    expect(linkProblems(`#ex=${known}`)[0]!.path).toBe('(link: v)');
    expect(linkProblems(`#ex=${known}&v=-2`)[0]!.message).toMatch(/not a variant number/);
    expect(linkProblems('#ex=Not%20An%20Id&v=1')[0]!.message).toMatch(/not an exercise id/);
  });

  it('names a damaged authored exercise, sweep or split view', () => {
    expect(linkProblems('#exf=%%%garbage&v=1')[0]).toMatchObject({ path: '(link: exf)' });
    expect(linkProblems(`#exf=${LZString.compressToEncodedURIComponent('{not json')}&v=1`)[0]!.message).toMatch(
      /not valid JSON/,
    );
    expect(linkProblems('#s=abc&sweep=zzzz')[0]).toMatchObject({ path: '(link: sweep)' });
    expect(linkProblems(`#s=abc&sweep=${pack({ name: 'x' })}`)[0]!.message).toMatch(/no list of parameters/);
    expect(linkProblems('#s=abc&split=zzzz')[0]).toMatchObject({ path: '(link: split)' });
  });
});
