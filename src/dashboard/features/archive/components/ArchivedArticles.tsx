import { relativeTime } from '../../../../lib/rules/dates.ts';
import { DASHBOARD } from '../../../../lib/messages/dashboard.ts';
import { useArchived, useRestoreArticle } from '../api/archived-articles.ts';
import './archived-articles.css';

/** Archived Articles (spec §2, admins only): relative time labels and Restore. */
export default function ArchivedArticles() {
  const list = useArchived();
  const restore = useRestoreArticle();
  return (
    <section>
      <h1>{DASHBOARD.archivedTitle}</h1>
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
      ) : list.data.length === 0 ? (
        <p>{DASHBOARD.noArchived}</p>
      ) : (
        <ul className="dash-archive">
          {list.data.map((a) => (
            <li key={a.id} data-article-id={a.id}>
              <span className="dash-archive__title">{a.title}</span>
              <time dateTime={a.archivedAt}>{relativeTime(a.archivedAt)}</time>
              <button type="button" disabled={restore.isPending} onClick={() => restore.mutate(a.id)}>
                {DASHBOARD.restore}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
