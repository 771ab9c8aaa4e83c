import { useDeferredValue, useState } from 'react';
import { allSubscribers } from '../api/list-subscribers.ts';
import { SUBSCRIBERS } from '../../../../lib/messages/dashboard.ts';
import { subscribersCsv, type SubscriberFilter } from '../subscriber-rules.ts';
import type { StaffSession } from '../../../shared/session/get-staff-session.ts';
import { useSubscriberStats, useSubscribers } from '../api/queries.ts';
import { ListPager } from '../../../shared/paging/ListPager.tsx';
import { usePage } from '../../../shared/paging/use-page.ts';
import { SubscriberStats } from './SubscriberStats.tsx';
import { SubscribersTable } from './SubscribersTable.tsx';

/**
 * Subscribers (spec §2): stat cards, e-mail search with the status filter, the table, and a CSV
 * export of the filtered list. Admins only (the database's rule); authors get a note instead.
 */
export default function Subscribers({ session }: { session: StaffSession }) {
  const isAdmin = session.role === 'admin';
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<SubscriberFilter>('all');
  const term = useDeferredValue(search);
  const stats = useSubscriberStats(isAdmin);
  const [page, setPage] = usePage(`${term.trim().toLowerCase()}|${filter}`);
  const list = useSubscribers(term, filter, page, isAdmin);
  const filtered = term.trim() !== '' || filter !== 'all';
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  if (!isAdmin) {
    return (
      <section>
        <h1>{SUBSCRIBERS.title}</h1>
        <p>{SUBSCRIBERS.adminsOnly}</p>
      </section>
    );
  }
  /** The whole filtered list, not only the rows on screen (read in pages of 1,000). */
  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const rows = await allSubscribers(term, filter);
      const blob = new Blob([subscribersCsv(rows)], { type: 'text/csv;charset=utf-8' });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `subscribers-${new Date().toISOString().slice(0, 10)}.csv`;
      a.click();
      URL.revokeObjectURL(a.href);
    } catch (e) {
      setExportError(SUBSCRIBERS.error((e as Error).message || SUBSCRIBERS.fallbackError));
    } finally {
      setExporting(false);
    }
  };
  return (
    <section>
      <h1>{SUBSCRIBERS.title}</h1>
      <SubscriberStats stats={stats.data} />
      <div className="dash-filters">
        <label>
          {SUBSCRIBERS.searchLabel}
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label>
          {SUBSCRIBERS.filterLabel}
          <select value={filter} onChange={(e) => setFilter(e.target.value as SubscriberFilter)}>
            {Object.entries(SUBSCRIBERS.filters).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void download()} disabled={!list.data?.rows.length || exporting}>
          {exporting ? SUBSCRIBERS.exporting : SUBSCRIBERS.exportCsv}
        </button>
      </div>
      {exportError && (
        <p className="dash-error" role="alert">
          {exportError}
        </p>
      )}
      {list.isPending ? (
        <p>{SUBSCRIBERS.loading}</p>
      ) : list.isError ? (
        <p className="dash-error" role="alert">
          {SUBSCRIBERS.error(list.error.message || SUBSCRIBERS.fallbackError)}
        </p>
      ) : list.data.matching === 0 ? (
        <p className="dash-empty">{filtered ? SUBSCRIBERS.noMatch : SUBSCRIBERS.empty}</p>
      ) : (
        <>
          <SubscribersTable rows={list.data.rows} />
          <ListPager
            label={SUBSCRIBERS.title}
            page={page}
            rows={list.data.rows.length}
            total={list.data.matching}
            onPage={setPage}
            busy={list.isFetching}
          />
        </>
      )}
    </section>
  );
}
