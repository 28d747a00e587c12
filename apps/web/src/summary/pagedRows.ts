/**
 * The Summary's tables show at most SUMMARY_PAGE_ROWS rows at a time: a run of
 * 1,000 flows and 4,000 ports re-rendered tens of thousands of cells twice a second, the page's
 * longest task. Longer tables get a pager ("Flows 1–50 of 1,000", ‹ ›); the CSV export has every
 * row. Pure functions, unit-tested.
 */

/** Rows a Summary table shows at once. */
export const SUMMARY_PAGE_ROWS = 50;

export interface Page {
  /** Index of the first row shown, and one past the last. */
  from: number;
  to: number;
  /** The page shown (clamped to the pages there are), and how many pages there are (≥ 1). */
  page: number;
  pages: number;
}

/** Page `page` of `total` rows, `size` a page; a page past the end shows the last one. */
export function pageOf(total: number, page: number, size = SUMMARY_PAGE_ROWS): Page {
  const pages = Math.max(1, Math.ceil(total / size));
  const p = Math.min(Math.max(0, Math.floor(page)), pages - 1);
  return { from: p * size, to: Math.min(total, (p + 1) * size), page: p, pages };
}

/** "Flows 51–100 of 1,000". */
export function pageText(noun: string, pg: Page, total: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `${noun} ${n(pg.from + 1)}–${n(pg.to)} of ${n(total)}`;
}
