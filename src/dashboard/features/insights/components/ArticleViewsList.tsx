import type { ReactNode } from 'react';
import { INSIGHTS } from '../../../../lib/messages/dashboard.ts';
import type { ArticleViews } from '../api/insights.ts';
import './article-views-list.css';

interface Props {
  title: string;
  rows: ArticleViews[];
  /** The first row's rank (51 on the second page of Your Article Views). */
  start?: number;
  /** Below the list: the pager of a list longer than a page. */
  children?: ReactNode;
}

/** A titled list of articles with their view counts (Top 5 Articles, Your Article Views). */
export function ArticleViewsList({ title, rows, start = 1, children }: Props) {
  const id = `dash-views-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p className="dash-muted">{INSIGHTS.noViews}</p>
      ) : (
        <ol className="dash-views" start={start}>
          {rows.map((r) => (
            <li key={r.articleId} data-article-id={r.articleId}>
              <a href={`/article/${r.slug}`}>{r.title}</a>{' '}
              <span className="dash-muted">{INSIGHTS.views(Number(r.views))}</span>
            </li>
          ))}
        </ol>
      )}
      {children}
    </section>
  );
}
