/**
 * An exercise in the link: `#ex=<built-in id>&v=<variant>` or, for an authored exercise,
 * `#exf=<lz-string JSON of the file>&v=<variant>`. The variant fixes the student's random
 * parameters, so the same link always gives the same numbers.
 */
import LZString from 'lz-string';
import { isVariant } from '@cclab/engine';

export interface ExerciseLink {
  /** A built-in exercise id, or null when the file is in the link. */
  id: string | null;
  file: unknown;
  variant: number;
}

function param(hash: string, name: string): string | null {
  const m = new RegExp(`(?:^#?|&)${name}=([^&]*)`).exec(hash);
  return m ? m[1]! : null;
}

/**
 * The exercise a URL fragment names: the link, null when it names none, or why it cannot be used
 * (the lab says so: a link is never silently ignored).
 */
export function readExerciseLink(hash: string): ExerciseLink | { problem: string; part: string } | null {
  const id = param(hash, 'ex');
  const packed = param(hash, 'exf');
  if (id === null && packed === null) return null;
  const part = id !== null ? 'ex' : 'exf';
  const text = param(hash, 'v');
  if (text === null) return { part: 'v', problem: 'the exercise link has no variant (v=…): was it cut short?' };
  const v = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!isVariant(v)) return { part: 'v', problem: `“${clip(text)}” is not a variant number (a whole number from 0)` };
  if (id !== null) {
    if (!/^[a-z0-9-]{1,64}$/.test(id)) return { part, problem: `“${clip(id)}” is not an exercise id` };
    return { id, file: null, variant: v };
  }
  try {
    const t = LZString.decompressFromEncodedURIComponent(packed!);
    if (!t) return { part, problem: 'the exercise in the link is damaged (was the link cut short?)' };
    return { id: null, file: JSON.parse(t) as unknown, variant: v };
  } catch (e) {
    return { part, problem: `the exercise in the link is not valid JSON (${(e as Error).message})` };
  }
}

/** The exercise a URL fragment names, or null (none, or unusable: see `readExerciseLink`). */
export function exerciseFromHash(hash: string): ExerciseLink | null {
  const r = readExerciseLink(hash);
  return r && !('problem' in r) ? r : null;
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/** The link of an exercise: built-ins by id, others with the file packed in. */
export function exerciseLink(base: string, ex: { id: string | null; file: unknown }, variant: number): string {
  const url = new URL(base);
  url.hash =
    ex.id !== null
      ? `ex=${ex.id}&v=${variant}`
      : `exf=${LZString.compressToEncodedURIComponent(JSON.stringify(ex.file))}&v=${variant}`;
  return url.toString();
}
