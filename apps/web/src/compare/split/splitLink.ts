/**
 * The split view in the shareable link: `#s=<scenario>&split=<lz-string JSON {path, a, b}>`. The
 * scenario in the same link is the base both variants are made from.
 */
import LZString from 'lz-string';
import type { SplitChoice } from './splitVariants';

export const SPLIT_URL_PARAM = 'split';

/** The choice in a URL fragment, or null (absent or unreadable: the lab opens as usual). */
export function splitChoiceFromHash(hash: string): SplitChoice | null {
  const m = new RegExp(`(?:^#?|&)${SPLIT_URL_PARAM}=([^&]*)`).exec(hash);
  if (!m) return null;
  try {
    const text = LZString.decompressFromEncodedURIComponent(m[1]!);
    const c = text ? (JSON.parse(text) as Partial<SplitChoice>) : null;
    return c && typeof c.path === 'string' && typeof c.a === 'string' && typeof c.b === 'string'
      ? { path: c.path, a: c.a, b: c.b }
      : null;
  } catch {
    return null;
  }
}

/** `hash` with the split parameter set to `c` (or removed for null); other parameters kept. */
export function hashWithSplit(hash: string, c: SplitChoice | null): string {
  const parts = hash
    .replace(/^#/, '')
    .split('&')
    .filter((p) => p !== '' && !p.startsWith(`${SPLIT_URL_PARAM}=`));
  if (c) parts.push(`${SPLIT_URL_PARAM}=${LZString.compressToEncodedURIComponent(JSON.stringify(c))}`);
  return parts.length ? `#${parts.join('&')}` : '';
}
