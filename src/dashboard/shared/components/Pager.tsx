import { PAGER } from '../../../lib/messages/dashboard.ts';
import './pager.css';

interface Props {
  /** Zero-based. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark when a screen has more than one list ('Pages' otherwise). */
  label?: string;
}

/**
 * Previous / next through the pages of a list paged in the database; hidden when everything fits
 * on one page. Any dashboard list uses it (My Articles, Comments), so no list stops silently.
 */
export function Pager({ page, pages, onPage, label = PAGER.label }: Props) {
  if (pages <= 1) return null;
  return (
    <nav className="dash-pager" aria-label={label}>
      <button type="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {PAGER.previous}
      </button>
      <span aria-live="polite">{PAGER.pageOf(page + 1, pages)}</span>
      <button type="button" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        {PAGER.next}
      </button>
    </nav>
  );
}
