/**
 * A sweep in the shareable link: `#s=<scenario>&sweep=<lz-string JSON>`, the sweep file without its
 * base (the scenario in the same link is the base).
 */
import LZString from 'lz-string';

export const SWEEP_URL_PARAM = 'sweep';

/** The sweep as the panel edits it: a sweep file without `version` and `base`. */
export interface SweepDraft {
  name?: string;
  parameters: { path: string; values: unknown[]; unit?: string; name?: string }[];
  seeds: number;
  startJitter?: number;
  metrics: { metric: string; flow?: string; port?: string; flows?: string[]; name?: string }[];
}

export function encodeSweepDraft(d: SweepDraft): string {
  return LZString.compressToEncodedURIComponent(JSON.stringify(d));
}

/** The draft in a URL fragment, or null (absent or unreadable: the panel then starts empty). */
export function sweepDraftFromHash(hash: string): SweepDraft | null {
  const m = new RegExp(`(?:^#?|&)${SWEEP_URL_PARAM}=([^&]*)`).exec(hash);
  if (!m) return null;
  try {
    const text = LZString.decompressFromEncodedURIComponent(m[1]!);
    const d = text ? (JSON.parse(text) as SweepDraft) : null;
    return d && Array.isArray(d.parameters) && Array.isArray(d.metrics) ? d : null;
  } catch {
    return null;
  }
}

/** The current location's fragment with the sweep parameter set (other parameters kept). */
export function hashWithSweep(hash: string, d: SweepDraft): string {
  const parts = hash
    .replace(/^#/, '')
    .split('&')
    .filter((p) => p !== '' && !p.startsWith(`${SWEEP_URL_PARAM}=`));
  return `#${[...parts, `${SWEEP_URL_PARAM}=${encodeSweepDraft(d)}`].join('&')}`;
}
