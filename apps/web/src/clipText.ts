/**
 * Text from a scenario or a message, cut to a length a person can read and a page can lay out:
 * whatever was pasted (a megabyte of it) is shown at most this long, with an ellipsis.
 */

/** Longest message or issue shown (an engine message may quote a huge value). */
export const MESSAGE_CHARS = 600;
/** Longest field path shown. */
export const PATH_CHARS = 120;

/** `text` cut to `max` characters (code points, never half a character), with an ellipsis when cut. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const points: string[] = [];
  for (const p of text) {
    if (points.length === max) return `${points.slice(0, max - 1).join('')}…`;
    points.push(p);
  }
  return text; // max code points or fewer (in more UTF-16 units)
}

/** A message cut to MESSAGE_CHARS, saying how much was left out. */
export function clipMessage(m: string): string {
  return m.length <= MESSAGE_CHARS
    ? m
    : `${clipText(m, MESSAGE_CHARS)} (${m.length.toLocaleString('en-US')} characters in all)`;
}
