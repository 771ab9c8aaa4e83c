/**
 * Paging of the dashboard's long lists (issue 28: no list stops silently). Each list is read one
 * page at a time in the database, with its search and filters applied there and an exact count of
 * what matches; the pager shows where the page sits ('Showing 51–100 of 2,000').
 */

/** Rows per page of Archive, Contact Submissions, Subscribers and Your Article Views. */
export const LIST_PAGE_SIZE = 50;

/** The first and last row index (inclusive, 0-based) of a page, as PostgREST's `range` takes them. */
export function pageRange(page: number, size = LIST_PAGE_SIZE): [number, number] {
  const from = Math.max(0, Math.floor(page)) * size;
  return [from, from + size - 1];
}

/** How many pages `total` rows fill (at least one). */
export function pageCount(total: number, size = LIST_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The 1-based positions shown on a page: rows `from`–`to` of `total` (0–0 when empty). */
export function shownRange(page: number, rows: number, total: number, size = LIST_PAGE_SIZE) {
  const from = rows === 0 ? 0 : page * size + 1;
  return { from, to: rows === 0 ? 0 : from + rows - 1, total };
}

/** One page of a list and how many rows match in all. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}
