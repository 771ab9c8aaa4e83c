import { useDeferredValue, useState } from 'react';
import { relativeTime } from '../../../../lib/rules/dates.ts';
import { DASHBOARD } from '../../../../lib/messages/dashboard.ts';
import { ListPager } from '../../../shared/paging/ListPager.tsx';
import { usePage } from '../../../shared/paging/use-page.ts';
import { useArchived, useRestoreArticle } from '../api/archived-articles.ts';
import './archived-articles.css';

/**
 * Archived Articles (spec §2, admins only): relative time labels and Restore, a title search and
 * a pager over every archived article (issue 28), both run in the database.
 */
export default function ArchivedArticles() {
  const [input, setInput] = useState('');
  const search = useDeferredValue(input).trim();
  const [page, setPage] = usePage(search);
  const list = useArchived(search, page);
  const restore = useRestoreArticle();
  return (
    <section>
      <h1>{DASHBOARD.archivedTitle}</h1>
      <div className="dash-filters">
        <label>
          {DASHBOARD.searchArchived}
          <input type="search" value={input} onChange={(e) => setInput(e.target.value)} />
        </label>
      </div>
      {restore.isError && (
        <p className="dash-error" role="alert">
          {restore.error.message || DASHBOARD.restoreFailed}
        </p>
      )}
      {list.isPending ? (
        <p>{DASHBOARD.loadingArchived}</p>
      ) : list.isError ? (
        <p className="dash-error" role="alert">
          {list.error.message}
        </p>
      ) : list.data.total === 0 ? (
        <p className="dash-empty">{search ? DASHBOARD.noArchivedMatching(search) : DASHBOARD.noArchived}</p>
      ) : (
        <>
          <ul className="dash-archive" aria-busy={list.isFetching}>
            {list.data.rows.map((a) => (
              <li key={a.id} data-article-id={a.id}>
                <span className="dash-archive__title">{a.title}</span>
                <time dateTime={a.archivedAt}>{relativeTime(a.archivedAt)}</time>
                <button type="button" disabled={restore.isPending} onClick={() => restore.mutate(a.id)}>
                  {DASHBOARD.restore}
                </button>
              </li>
            ))}
          </ul>
          <ListPager
            label={DASHBOARD.archivedTitle}
            page={page}
            rows={list.data.rows.length}
            total={list.data.total}
            onPage={setPage}
            busy={list.isFetching}
          />
        </>
      )}
    </section>
  );
}
