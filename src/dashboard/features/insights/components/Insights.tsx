import { INSIGHTS } from '../../../../lib/messages/dashboard.ts';
import type { StaffSession } from '../../../shared/session/get-staff-session.ts';
import { useDailyViews, useMyArticleViews, useSiteInsights } from '../api/queries.ts';
import { ListPager } from '../../../shared/paging/ListPager.tsx';
import { LIST_PAGE_SIZE } from '../../../shared/paging/paging.ts';
import { usePage } from '../../../shared/paging/use-page.ts';
import { ArticleViewsList } from './ArticleViewsList.tsx';
import { DailyChart } from './DailyChart.tsx';

const n = (v: number) => Number(v).toLocaleString('en-ZA');

/** Insights (spec §2, §7, §9): view counts, uniques, top 5, the 30-day chart; authors' own views, paged. */
export default function Insights({ session }: { session: StaffSession }) {
  const site = useSiteInsights();
  const daily = useDailyViews();
  const [page, setPage] = usePage('');
  const mine = useMyArticleViews(page, session.role === 'author');
  return (
    <section>
      <h1>{INSIGHTS.title}</h1>
      {site.isPending ? (
        <p>{INSIGHTS.loading}</p>
      ) : site.isError ? (
        <p className="dash-error" role="alert">
          {site.error.message || INSIGHTS.loadFailed}
        </p>
      ) : (
        <>
          <ul className="dash-stats" aria-label={INSIGHTS.title}>
            {(
              [
                [INSIGHTS.pageViews, site.data.page_views],
                [INSIGHTS.articleViews, site.data.article_views],
              ] as const
            ).map(([label, c]) => (
              <li key={label} data-stat={label}>
                <strong>{n(c.total)}</strong>
                {label}
                <span className="dash-muted" data-window="7">
                  {' '}
                  · {INSIGHTS.last7Days}: {n(c.last_7_days)}
                </span>
                <span className="dash-muted" data-window="today">
                  {' '}
                  · {INSIGHTS.today}: {n(c.today)}
                </span>
              </li>
            ))}
            <li data-stat={INSIGHTS.uniqueUsers}>
              <strong>{n(site.data.unique_users)}</strong>
              {INSIGHTS.uniqueUsers}
            </li>
            <li data-stat={INSIGHTS.uniqueVisitors}>
              <strong>{n(site.data.unique_visitors)}</strong>
              {INSIGHTS.uniqueVisitors}
            </li>
          </ul>
          <ArticleViewsList
            title={INSIGHTS.topArticles}
            rows={site.data.top_articles.map((a) => ({ ...a, articleId: a.article_id }))}
          />
        </>
      )}
      {daily.isError ? (
        <p className="dash-error" role="alert">
          {daily.error.message || INSIGHTS.loadFailed}
        </p>
      ) : daily.data ? (
        <DailyChart points={daily.data} />
      ) : null}
      {session.role === 'author' && mine.data && (
        <ArticleViewsList title={INSIGHTS.yourArticleViews} rows={mine.data.rows} start={page * LIST_PAGE_SIZE + 1}>
          {mine.data.total > 0 && (
            <ListPager
              label={INSIGHTS.yourArticleViews}
              page={page}
              rows={mine.data.rows.length}
              total={mine.data.total}
              onPage={setPage}
              busy={mine.isFetching}
            />
          )}
        </ArticleViewsList>
      )}
    </section>
  );
}
