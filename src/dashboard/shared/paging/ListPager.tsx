import { useEffect } from 'react';
import { LISTS } from '../../../lib/messages/dashboard.ts';
import { LIST_PAGE_SIZE, pageCount, shownRange } from './paging.ts';
import './list-pager.css';

interface Props {
  /** What the list holds, for the pager's name ('Archived articles pages'). */
  label: string;
  page: number;
  /** Rows on this page and rows matching in all. */
  rows: number;
  total: number;
  onPage: (page: number) => void;
  busy?: boolean;
  /** Rows per page, when the list's page is not LIST_PAGE_SIZE. */
  size?: number;
  /** False where the screen has its own count line (My Articles' 'Showing all N articles'). */
  showCount?: boolean;
}

/**
 * 'Showing 1–50 of 2,000' with Previous and Next (issue 28): the pager of every dashboard list
 * paged in the database (Archive, Contact Submissions, Subscribers, Insights, My Articles, Comments). Native buttons, so Tab and
 * Enter/Space work; at either end the button is marked unavailable (aria-disabled) rather than
 * disabled, so focus stays on it after the last Next.
 */
export function ListPager({
  label,
  page,
  rows,
  total,
  onPage,
  busy = false,
  size = LIST_PAGE_SIZE,
  showCount = true,
}: Props) {
  const pages = pageCount(total, size);
  const shown = shownRange(page, rows, total, size);
  const first = page <= 0;
  const last = page + 1 >= pages;
  // A page emptied under the editor (the last rows restored or filtered away) moves to the last page left.
  const emptied = rows === 0 && total > 0 && page > 0;
  useEffect(() => {
    if (emptied) onPage(pages - 1);
  }, [emptied, pages, onPage]);
  return (
    <nav className="dash-list-pager" aria-label={LISTS.pagerLabel(label)}>
      {showCount && (
        <p className="dash-list-pager__count" aria-live="polite" aria-busy={busy}>
          {LISTS.showing(shown.from, shown.to, shown.total)}
        </p>
      )}
      {pages > 1 && (
        <div className="dash-list-pager__buttons">
          <button type="button" aria-disabled={first} onClick={() => !first && onPage(page - 1)}>
            {LISTS.previous}
          </button>
          <span>{LISTS.pageOf(page + 1, pages)}</span>
          <button type="button" aria-disabled={last} onClick={() => !last && onPage(page + 1)}>
            {LISTS.next}
          </button>
        </div>
      )}
    </nav>
  );
}
