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

export function exerciseFromHash(hash: string): ExerciseLink | null {
  const text = param(hash, 'v');
  const v = text !== null && /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!isVariant(v)) return null;
  const id = param(hash, 'ex');
  if (id !== null && /^[a-z0-9-]{1,64}$/.test(id)) return { id, file: null, variant: v };
  const packed = param(hash, 'exf');
  if (packed === null) return null;
  try {
    const text = LZString.decompressFromEncodedURIComponent(packed);
    return text ? { id: null, file: JSON.parse(text) as unknown, variant: v } : null;
  } catch {
    return null;
  }
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
