import { useEffect, useState } from 'react';
import { DASHBOARD } from '../../../../lib/messages/dashboard.ts';
import type { StaffSession } from '../../../shared/session/get-staff-session.ts';
import { PAGE_SIZE, type ArticleRow } from '../api/list-articles.ts';
import { useArticlePage, useArticleTotal, useSetMainArticle } from '../api/queries.ts';
import { ArchiveDialog } from './ArchiveDialog.tsx';
import { ArticlesTable } from './ArticlesTable.tsx';
import { AuthorPicker } from './AuthorPicker.tsx';
import { Pager } from './Pager.tsx';
import './articles.css';

/** My Articles (spec §2): search and paging run in the database, one page at a time. */
export default function MyArticles({ session }: { session: StaffSession }) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
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
  const list = useArticlePage(search, page);
  const total = useArticleTotal();
  const setMain = useSetMainArticle();

  const clear = () => {
    setInput('');
    setSearch('');
    setPage(0);
  };
  const matching = list.data?.matching ?? 0;
  return (
    <section className="dash-articles">
      <h1>My Articles</h1>
      <div className="dash-toolbar">
        <label className="dash-visually-hidden" htmlFor="dash-article-search">
          Search articles
        </label>
        <input
          id="dash-article-search"
          type="search"
          placeholder="Search by title, category, status or author"
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
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
        search ? (
          <p>
            {DASHBOARD.noArticlesMatching(search)}{' '}
            <button type="button" className="dash-link" onClick={clear}>
              {DASHBOARD.clearSearch}
            </button>
          </p>
        ) : (
          <p>{DASHBOARD.noArticles}</p>
        )
      ) : (
        <>
          <p className="dash-count" aria-live="polite">
            {search ? DASHBOARD.showingOf(matching, total.data ?? matching) : DASHBOARD.showingAll(matching)}
          </p>
          <ArticlesTable
            rows={list.data.rows}
            canChangeAuthor={session.role === 'admin'}
            busy={setMain.isPending}
            onSetMain={(row) =>
              setMain.mutate(row.id, {
                onSuccess: () => setNotice({ text: DASHBOARD.mainArticleUpdated, error: false }),
                onError: (e) => setNotice({ text: e.message || DASHBOARD.somethingWentWrong, error: true }),
              })
            }
            onArchive={setArchiving}
            onPickAuthor={setPicking}
          />
          <Pager page={page} pages={Math.ceil(matching / PAGE_SIZE)} onPage={setPage} />
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
