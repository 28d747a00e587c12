/**
 * The shareable link: the whole scenario (seed and view included) as compressed JSON in the URL
 * fragment, `#s=<lz-string>`. The fragment never reaches a server. Decoding reports a clear
 * reason instead of throwing.
 *
 * Links have documented limits (docs/lab.md): at most MAX_LINK_CHARS characters of scenario data
 * in the link and MAX_SCENARIO_CHARS characters of scenario JSON once decoded. Browsers, chat and
 * mail mangle or refuse much longer addresses, and a short link can expand enormously, so a link
 * beyond either limit is neither made nor opened; a file (Export) has no such limit.
 */
import LZString from 'lz-string';
import type { ScenarioInput } from '@cclab/engine';
import { boundedLzDecode } from './boundedLzDecode';

export const URL_PARAM = 's';
/** Longest scenario data a link may carry (characters after `#s=`). */
export const MAX_LINK_CHARS = 100_000;
/** Longest scenario JSON a link may decode to (characters). */
export const MAX_SCENARIO_CHARS = 2_000_000;

export function encodeScenario(s: ScenarioInput): string {
  return LZString.compressToEncodedURIComponent(JSON.stringify(s));
}

export type LinkParam = { ok: true; param: string } | { ok: false; error: string };

/** The link data for `s`, or why the scenario is too large for a link. */
export function linkParam(s: ScenarioInput): LinkParam {
  let json: string;
  try {
    json = JSON.stringify(s);
  } catch (e) {
    return { ok: false, error: `the scenario could not be written as text (${(e as Error).message})` };
  }
  if (json.length > MAX_SCENARIO_CHARS)
    return {
      ok: false,
      error: `the scenario is ${count(json.length)} characters of JSON; a link holds at most ${count(MAX_SCENARIO_CHARS)}`,
    };
  const param = LZString.compressToEncodedURIComponent(json);
  if (param.length > MAX_LINK_CHARS)
    return {
      ok: false,
      error: `its link would be ${count(param.length)} characters long; links are limited to ${count(MAX_LINK_CHARS)}`,
    };
  return { ok: true, param };
}

export type DecodeResult = { ok: true; value: unknown } | { ok: false; error: string };

/** Decompresses and parses; the caller validates the value as a scenario. */
export function decodeScenario(encoded: string): DecodeResult {
  if (encoded.trim() === '') return { ok: false, error: 'the link holds no scenario data' };
  if (encoded.length > MAX_LINK_CHARS)
    return {
      ok: false,
      error: `the link holds ${count(encoded.length)} characters of scenario data; links are limited to ${count(MAX_LINK_CHARS)} (share a large scenario as a file)`,
    };
  // Mail and chat programs sometimes percent-encode the '+' and '$' of the link's alphabet.
  let data = encoded;
  if (data.includes('%')) {
    try {
      data = decodeURIComponent(data);
    } catch {
      /* left as it is: the decoder names the bad character */
    }
  }
  const d = boundedLzDecode(data, MAX_SCENARIO_CHARS);
  if (!d.ok && d.reason === 'too-large')
    return {
      ok: false,
      error: `the link expands to more than ${count(MAX_SCENARIO_CHARS)} characters, more than a scenario link may hold, so it was not opened`,
    };
  if (!d.ok || d.text === '')
    return {
      ok: false,
      error: `the scenario data in the link is damaged (${d.ok ? 'it is empty' : d.detail} — was the link cut short?)`,
    };
  try {
    return { ok: true, value: JSON.parse(d.text) as unknown };
  } catch (e) {
    return { ok: false, error: `the scenario data in the link is not valid JSON (${(e as Error).message})` };
  }
}

/** Builds the share URL for `s` from a base location (query kept, fragment replaced). */
export function shareUrl(base: string, s: ScenarioInput): string {
  return shareUrlFor(base, encodeScenario(s));
}

/** The share URL carrying already encoded scenario data. */
export function shareUrlFor(base: string, param: string): string {
  const u = new URL(base);
  u.hash = `${URL_PARAM}=${param}`;
  return u.toString();
}

/** The encoded scenario in a URL's fragment, if any. */
export function scenarioParam(hash: string): string | null {
  // Read raw: lz-string's alphabet includes '+', which URLSearchParams would turn into a space.
  const m = new RegExp(`(?:^#?|&)${URL_PARAM}=([^&]*)`).exec(hash);
  return m ? m[1]! : null;
}

/** The fragment's `play` flag: `#s=…&play` (or `&play=1`) opens the scenario playing, not paused at 0. */
export const PLAY_URL_PARAM = 'play';

/** Whether a URL fragment asks the run to start by itself (`play`, `play=1`, `play=true`). */
export function playsOnOpen(hash: string): boolean {
  const m = new RegExp(`(?:^#?|&)${PLAY_URL_PARAM}(?:=([^&]*))?(?:&|$)`).exec(hash);
  return m !== null && (m[1] === undefined || m[1] === '1' || m[1] === 'true');
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
