/**
 * Okabe–Ito colours (Okabe & Ito 2008, "Color Universal Design"), ordered so the first few stay
 * distinguishable for the common colour-vision deficiencies and readable on white. Black is left
 * out (it is the UI's text colour) and yellow comes last (weak contrast on white).
 */
export const OKABE_ITO = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#D55E00',
  '#CC79A7',
  '#56B4E9',
  '#8C6D00',
  '#F0E442',
] as const;

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTIONAL = /^(?:rgb|hsl)a?\((?:[0-9.,%\s/+-]|deg|turn|rad)*\)$/i;
const NAME = /^[a-z]{3,24}$/i;

/**
 * `value` if it is a plain colour (hex, rgb()/hsl() with numbers, or a colour name), else null.
 * A scenario's colour ends up in style attributes and canvas styles: anything else (`url(…)`,
 * `var(…)`, `image-set(…)`, text with `;`) could make the browser fetch an address or restyle
 * the page, so it is never used. In a browser, CSS itself must also accept it as a colour.
 */
export function safeColor(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 64) return null;
  const v = value.trim();
  if (!HEX.test(v) && !FUNCTIONAL.test(v) && !NAME.test(v)) return null;
  if (typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && !CSS.supports('color', v)) return null;
  return v;
}

/** Colour of the i-th flow: the scenario's own if it is a plain colour, else the palette's. */
export function flowColor(index: number, explicit?: unknown): string {
  return safeColor(explicit) ?? OKABE_ITO[index % OKABE_ITO.length]!;
}

/** Dash pattern to tell apart flows that share a colour (beyond the palette's length). */
export function flowDash(index: number): string | undefined {
  const round = Math.floor(index / OKABE_ITO.length);
  return round === 0 ? undefined : ['6 3', '2 2', '8 3 2 3'][(round - 1) % 3];
}
