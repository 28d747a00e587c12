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

/** Colour of the i-th flow unless the scenario gives one. */
export function flowColor(index: number, explicit?: string): string {
  return explicit ?? OKABE_ITO[index % OKABE_ITO.length]!;
}

/** Dash pattern to tell apart flows that share a colour (beyond the palette's length). */
export function flowDash(index: number): string | undefined {
  const round = Math.floor(index / OKABE_ITO.length);
  return round === 0 ? undefined : ['6 3', '2 2', '8 3 2 3'][(round - 1) % 3];
}
