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

/** The sweep a URL fragment holds: the draft, null when it holds none, or why it cannot be used. */
export function readSweepLink(hash: string): SweepDraft | { problem: string } | null {
  const m = new RegExp(`(?:^#?|&)${SWEEP_URL_PARAM}=([^&]*)`).exec(hash);
  if (!m) return null;
  let text: string | null;
  try {
    text = LZString.decompressFromEncodedURIComponent(m[1]!);
  } catch {
    text = null;
  }
  if (!text) return { problem: 'the sweep in the link is damaged (was the link cut short?)' };
  let d: unknown;
  try {
    d = JSON.parse(text);
  } catch (e) {
    return { problem: `the sweep in the link is not valid JSON (${(e as Error).message})` };
  }
  const draft = d as Partial<SweepDraft> | null;
  if (typeof draft !== 'object' || draft === null || !Array.isArray(draft.parameters) || !Array.isArray(draft.metrics))
    return { problem: 'the sweep in the link has no list of parameters and metrics' };
  return draft as SweepDraft;
}

/** The draft in a URL fragment, or null (absent or unreadable: the panel then starts empty). */
export function sweepDraftFromHash(hash: string): SweepDraft | null {
  const r = readSweepLink(hash);
  return r && !('problem' in r) ? r : null;
}

/** The current location's fragment with the sweep parameter set (other parameters kept). */
export function hashWithSweep(hash: string, d: SweepDraft): string {
  const parts = hash
    .replace(/^#/, '')
    .split('&')
    .filter((p) => p !== '' && !p.startsWith(`${SWEEP_URL_PARAM}=`));
  return `#${[...parts, `${SWEEP_URL_PARAM}=${encodeSweepDraft(d)}`].join('&')}`;
}
