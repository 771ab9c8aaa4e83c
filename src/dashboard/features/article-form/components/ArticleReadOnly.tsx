import { Link } from 'wouter';
import { WORKLIST } from '../../../../lib/messages/dashboard.ts';
import { ARTICLE_VIEW } from '../../../../lib/messages/dashboard-article-form.ts';
import { formatArticleDate, formatDateTime } from '../../../../lib/rules/dates.ts';
import { sanitizeArticleHtml } from '../../../../lib/rules/sanitize.ts';
import type { CategoryOption } from '../../../shared/rules/article-rules.ts';
import { isScheduled } from '../../../shared/rules/schedule.ts';
import { useStaff } from '../../../shared/staff/queries.ts';
import type { StoredArticle } from '../api/get-article.ts';
import './article-read-only.css';

interface Props {
  article: StoredArticle;
  categories: CategoryOption[];
}

/**
 * A colleague's article opened at /articles/{id} (issue 28): staff read every non-archived
 * article, but only its author or an admin may change it, so instead of a form whose save the
 * database refuses ('No article found to update.') it is shown read-only, with a note saying why.
 */
export function ArticleReadOnly({ article: a, categories }: Props) {
  const staff = useStaff(true);
  const author = staff.data?.find((p) => p.id === a.authorId)?.displayName ?? ARTICLE_VIEW.unknownAuthor;
  const names = a.categoryIds
    .map((id) => categories.find((c) => c.id === id)?.name)
    .filter((n): n is string => Boolean(n));
  const scheduled = a.status === 'published' && isScheduled(a.status, a.publishedAt);
  const live = a.status === 'published' && !scheduled;
  const status = scheduled ? WORKLIST.statuses.scheduled : live ? WORKLIST.statuses.published : WORKLIST.statuses.draft;
  return (
    <article className="dash-read-only" aria-labelledby="dash-read-only-title">
      <p className="dash-read-only__note" role="note">
        {ARTICLE_VIEW.readOnly(author)}
      </p>
      <p className="dash-muted">{ARTICLE_VIEW.title}</p>
      <h1 id="dash-read-only-title">{a.title}</h1>
      <dl className="dash-read-only__facts">
        <dt>{ARTICLE_VIEW.author}</dt>
        <dd>{author}</dd>
        <dt>{ARTICLE_VIEW.status}</dt>
        <dd>
          {status}
          {a.publishedAt && ` · ${scheduled ? formatDateTime(a.publishedAt) : formatArticleDate(a.publishedAt)}`}
        </dd>
        <dt>{ARTICLE_VIEW.categories}</dt>
        <dd>{names.length ? names.join(', ') : '—'}</dd>
      </dl>
      {a.heroImageUrl && <img className="dash-read-only__image" src={a.heroImageUrl} alt={a.heroImageAlt} />}
      {a.excerpt && (
        <section aria-label={ARTICLE_VIEW.excerpt}>
          <p className="dash-read-only__excerpt">{a.excerpt}</p>
        </section>
      )}
      <section
        aria-label={ARTICLE_VIEW.body}
        className="dash-read-only__body"
        dangerouslySetInnerHTML={{ __html: sanitizeArticleHtml(a.body) }}
      />
      <p className="dash-read-only__links">
        {live && <a href={`/article/${a.slug || a.id}`}>{ARTICLE_VIEW.viewOnSite}</a>}
        <Link href="/articles">{ARTICLE_VIEW.backToArticles}</Link>
      </p>
    </article>
  );
}
