import { useEffect, useState } from 'react';
import { DASHBOARD, WORKLIST } from '../../../../lib/messages/dashboard.ts';
import type { StaffSession } from '../../../shared/session/get-staff-session.ts';
import { useStaff } from '../../../shared/staff/queries.ts';
import { ListPager } from '../../../shared/paging/ListPager.tsx';
import {
  PAGE_SIZE,
  type ArticleQuery,
  type ArticleRow,
  type SortColumn,
  type StatusFilter,
} from '../api/list-articles.ts';
import { useArticlePage, useArticleTotal, useCategoryChoices, useSetMainArticle } from '../api/queries.ts';
import { ArchiveDialog } from './ArchiveDialog.tsx';
import { ArticlesTable } from './ArticlesTable.tsx';
import { AuthorPicker } from './AuthorPicker.tsx';
import './articles.css';

type Filters = Omit<ArticleQuery, 'search' | 'page' | 'sort' | 'desc'>;
const NO_FILTERS: Filters = { status: '', authorId: '', categoryId: null };

/**
 * My Articles (spec §2) as a worklist (issue 29): every non-archived article of the newsroom,
 * searched, filtered by status, author and category, sorted and paged in the database.
 */
export default function MyArticles({ session }: { session: StaffSession }) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [sort, setSort] = useState<{ column: SortColumn; desc: boolean }>({ column: 'date', desc: true });
  const [page, setPage] = useState(0);
  const [archiving, setArchiving] = useState<ArticleRow | null>(null);
  const [picking, setPicking] = useState<ArticleRow | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(input.trim());
      setPage(0);
    }, 250);
    return () => clearTimeout(timer);
  }, [input]);
  const list = useArticlePage({ search, page, ...filters, sort: sort.column, desc: sort.desc });
  const total = useArticleTotal();
  const staff = useStaff(true);
  const categories = useCategoryChoices();
  const setMain = useSetMainArticle();

  const filter = (change: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage(0);
  };
  const filtered = filters.status !== '' || filters.authorId !== '' || filters.categoryId !== null;
  const clear = () => {
    setInput('');
    setSearch('');
    setFilters(NO_FILTERS);
    setPage(0);
  };
  const onSort = (column: SortColumn) => {
    // A new column starts A→Z (dates newest first); the same column flips.
    setSort((s) => (s.column === column ? { column, desc: !s.desc } : { column, desc: column === 'date' }));
    setPage(0);
  };
  const matching = list.data?.matching ?? 0;
  return (
    <section className="dash-articles">
      <h1>{WORKLIST.title}</h1>
      <div className="dash-toolbar dash-worklist-filters">
        <label className="dash-visually-hidden" htmlFor="dash-article-search">
          {WORKLIST.searchLabel}
        </label>
        <input
          id="dash-article-search"
          type="search"
          placeholder={WORKLIST.searchPlaceholder}
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
        <label>
          <span className="dash-visually-hidden">{WORKLIST.statusLabel}</span>
          <select value={filters.status} onChange={(e) => filter({ status: e.target.value as StatusFilter })}>
            <option value="">{WORKLIST.allStatuses}</option>
            {(['draft', 'published', 'scheduled'] as const).map((s) => (
              <option key={s} value={s}>
                {WORKLIST.statuses[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="dash-visually-hidden">{WORKLIST.authorLabel}</span>
          <select value={filters.authorId} onChange={(e) => filter({ authorId: e.target.value })}>
            <option value="">{WORKLIST.allAuthors}</option>
            {(staff.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.displayName}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="dash-visually-hidden">{WORKLIST.categoryLabel}</span>
          <select
            value={filters.categoryId ?? ''}
            onChange={(e) => filter({ categoryId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{WORKLIST.allCategories}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        {filtered && (
          <button type="button" className="dash-link" onClick={() => filter(NO_FILTERS)}>
            {WORKLIST.clearFilters}
          </button>
        )}
      </div>
      {notice && (
        <p className={notice.error ? 'dash-error' : 'dash-success'} role={notice.error ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {list.isPending ? (
        <p>{DASHBOARD.loadingArticles}</p>
      ) : list.isError ? (
        <p className="dash-error" role="alert">
          {list.error.message}
        </p>
      ) : matching === 0 ? (
        search || filtered ? (
          <p>
            {search ? DASHBOARD.noArticlesMatching(search) : DASHBOARD.noArticles}{' '}
            <button type="button" className="dash-link" onClick={clear}>
              {search ? DASHBOARD.clearSearch : WORKLIST.clearFilters}
            </button>
          </p>
        ) : (
          <p>{DASHBOARD.noArticles}</p>
        )
      ) : (
        <>
          <p className="dash-count" aria-live="polite">
            {search || filtered
              ? DASHBOARD.showingOf(matching, total.data ?? matching)
              : DASHBOARD.showingAll(matching)}
          </p>
          <ArticlesTable
            rows={list.data.rows}
            canChangeAuthor={session.role === 'admin'}
            busy={setMain.isPending}
            stale={list.isPlaceholderData}
            sort={sort.column}
            desc={sort.desc}
            onSort={onSort}
            onSetMain={(row) =>
              setMain.mutate(row.id, {
                onSuccess: () => setNotice({ text: DASHBOARD.mainArticleUpdated, error: false }),
                onError: (e) => setNotice({ text: e.message || DASHBOARD.somethingWentWrong, error: true }),
              })
            }
            onArchive={setArchiving}
            onPickAuthor={setPicking}
          />
          <ListPager
            label={WORKLIST.pagerLabel}
            page={page}
            rows={list.data?.rows.length ?? 0}
            total={matching}
            onPage={setPage}
            size={PAGE_SIZE}
            showCount={false}
          />
        </>
      )}
      {archiving && (
        <ArchiveDialog
          article={archiving}
          onClose={() => setArchiving(null)}
          onFailed={(message) => setNotice({ text: message, error: true })}
        />
      )}
      {picking && <AuthorPicker article={picking} onClose={() => setPicking(null)} />}
    </section>
  );
}
