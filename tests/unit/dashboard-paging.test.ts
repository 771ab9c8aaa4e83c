import { describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE, pageCount, pageRange, shownRange } from '../../src/dashboard/shared/paging/paging.ts';
import { LISTS } from '../../src/lib/messages/dashboard.ts';

describe('the long lists’ paging (issue 28)', () => {
  it('asks for 50 rows a page, as PostgREST ranges (inclusive)', () => {
    expect(LIST_PAGE_SIZE).toBe(50);
    expect(pageRange(0)).toEqual([0, 49]);
    expect(pageRange(3)).toEqual([150, 199]);
    expect(pageRange(-1)).toEqual([0, 49]);
  });
  it('counts pages, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(pageCount(2000)).toBe(40);
  });
  it('says which rows a page shows', () => {
    const last = shownRange(39, 50, 2000);
    expect(LISTS.showing(last.from, last.to, last.total)).toBe('Showing 1\u00a0951–2\u00a0000 of 2\u00a0000');
    const first = shownRange(0, 3, 3);
    expect(LISTS.showing(first.from, first.to, first.total)).toBe('Showing 1–3 of 3');
    expect(shownRange(0, 0, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
});
