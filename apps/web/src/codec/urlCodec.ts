/**
 * The shareable link: the whole scenario (seed and view included) as compressed JSON in the URL
 * fragment, `#s=<lz-string>`. The fragment never reaches a server. Decoding reports a clear
 * reason instead of throwing.
 */
import LZString from 'lz-string';
import type { ScenarioInput } from '@cclab/engine';

export const URL_PARAM = 's';

export function encodeScenario(s: ScenarioInput): string {
  return LZString.compressToEncodedURIComponent(JSON.stringify(s));
}

export type DecodeResult = { ok: true; value: unknown } | { ok: false; error: string };

/** Decompresses and parses; the caller validates the value as a scenario. */
export function decodeScenario(encoded: string): DecodeResult {
  if (encoded.trim() === '') return { ok: false, error: 'the link holds no scenario data' };
  let text: string | null;
  try {
    text = LZString.decompressFromEncodedURIComponent(encoded);
  } catch {
    text = null;
  }
  if (!text)
    return {
      ok: false,
      error: 'the scenario data in the link is damaged (it could not be decompressed — was the link cut short?)',
    };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, error: `the scenario data in the link is not valid JSON (${(e as Error).message})` };
  }
}

/** Builds the share URL for `s` from a base location (query and fragment replaced). */
export function shareUrl(base: string, s: ScenarioInput): string {
  const u = new URL(base);
  u.hash = `${URL_PARAM}=${encodeScenario(s)}`;
  return u.toString();
}

/** The encoded scenario in a URL's fragment, if any. */
export function scenarioParam(hash: string): string | null {
  // Read raw: lz-string's alphabet includes '+', which URLSearchParams would turn into a space.
  const m = new RegExp(`(?:^#?|&)${URL_PARAM}=([^&]*)`).exec(hash);
  return m ? m[1]! : null;
}
