import { describe, expect, it } from 'vitest';
import { SUMMARY_PAGE_ROWS, pageOf, pageText } from './pagedRows';

describe('Summary table pages', () => {
  it('shows every row of a short table on one page', () => {
    expect(pageOf(3, 0)).toEqual({ from: 0, to: 3, page: 0, pages: 1 });
    expect(pageOf(0, 0)).toEqual({ from: 0, to: 0, page: 0, pages: 1 });
    expect(pageOf(SUMMARY_PAGE_ROWS, 0).pages).toBe(1);
  });

  it('cuts a long table into pages of 50 rows, the last one shorter', () => {
    expect(SUMMARY_PAGE_ROWS).toBe(50);
    expect(pageOf(1000, 0)).toEqual({ from: 0, to: 50, page: 0, pages: 20 });
    expect(pageOf(1000, 19)).toEqual({ from: 950, to: 1000, page: 19, pages: 20 });
    expect(pageOf(1001, 20)).toEqual({ from: 1000, to: 1001, page: 20, pages: 21 });
  });

  it('shows the last page for a page past the end (the table shrank) and the first for a negative one', () => {
    expect(pageOf(120, 7)).toEqual({ from: 100, to: 120, page: 2, pages: 3 });
    expect(pageOf(120, -1).page).toBe(0);
  });

  it('says which rows it shows', () => {
    expect(pageText('Flows', pageOf(1000, 1), 1000)).toBe('Flows 51–100 of 1,000');
  });
});
