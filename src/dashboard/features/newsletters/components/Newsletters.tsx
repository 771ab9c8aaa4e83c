import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { NEWSLETTERS } from '../../../../lib/messages/dashboard-newsletters.ts';
import { formatDateTime } from '../../../../lib/rules/dates.ts';
import { Spinner } from '../../../shared/components/Spinner.tsx';
import { HISTORY_PAGE, listHistory, type HistoryRow } from '../api/newsletters.ts';
import { newsletterRefusal } from '../refusals.ts';
import './newsletters.css';

const when = (r: HistoryRow) => r.sent_at ?? r.started_at ?? r.scheduled_at ?? r.created_at;

/**
 * Newsletters (issue 30): 'New issue' and the history, newest first, a page at a time: each issue
 * with its recipients, sent, failed and unsubscribed-since counts.
 */
export default function Newsletters() {
  const [page, setPage] = useState(0);
  const history = useQuery({
    queryKey: ['newsletters', 'history', page],
    queryFn: () => listHistory(page),
    placeholderData: keepPreviousData,
  });
  const rows = history.data ?? [];
  const total = Number(rows[0]?.total_count ?? 0);
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE));
  return (
    <section className="newsletters">
      <div className="newsletters__head">
        <h1>{NEWSLETTERS.title}</h1>
        <Link href="/newsletters/new" className="dash-button">
          {NEWSLETTERS.newIssue}
        </Link>
      </div>
      <h2>{NEWSLETTERS.history}</h2>
      {history.isPending ? (
        <Spinner />
      ) : history.isError ? (
        <p className="dash-error" role="alert">
          {NEWSLETTERS.loadError(newsletterRefusal(history.error))}
        </p>
      ) : rows.length === 0 ? (
        <p>{NEWSLETTERS.empty}</p>
      ) : (
        <>
          <div className="dash-table-wrap">
            <table className="dash-table">
              <thead>
                <tr>
                  {NEWSLETTERS.columns.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <Link href={`/newsletters/${r.id}`}>{r.subject || NEWSLETTERS.untitled}</Link>
                    </td>
                    <td>
                      <span className={`dash-status dash-status--${r.status}`}>
                        {NEWSLETTERS.statuses[r.status] ?? r.status}
                      </span>
                    </td>
                    <td>
                      <time dateTime={when(r)}>{formatDateTime(when(r))}</time>
                    </td>
                    <td>{Number(r.recipients).toLocaleString('en-ZA')}</td>
                    <td>{Number(r.sent).toLocaleString('en-ZA')}</td>
                    <td>{Number(r.failed).toLocaleString('en-ZA')}</td>
                    <td>{Number(r.unsubscribed_since).toLocaleString('en-ZA')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav className="newsletters__pages" aria-label={NEWSLETTERS.history}>
              <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
                {NEWSLETTERS.previousPage}
              </button>
              <span>{NEWSLETTERS.pageOf(page + 1, pages)}</span>
              <button type="button" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
                {NEWSLETTERS.nextPage}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
