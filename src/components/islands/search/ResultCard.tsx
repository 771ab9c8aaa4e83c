/**
 * The article card of the React islands that list articles (/search, /bookmarks), laid out like
 * the site's other cards (ArticleCard.astro).
 */
import { useState, type ReactNode } from 'react';
import { articlePath } from '../../../lib/rules/article-links.ts';
import { articleDate, formatArticleDate, isoDate } from '../../../lib/rules/dates.ts';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/rules/images.ts';
import { LABELS, MESSAGES } from '../../../lib/messages/reader.ts';
import { resultCardDetails, type ResultDetails } from '../../../lib/rules/search/results.ts';
import type { SearchResult } from '../../../lib/browser/search/search-articles.ts';

/** One result, laid out like the site's other cards (ArticleCard.astro): chips, title, excerpt, date · author. */
export function ResultCard({
  result,
  details,
  children,
}: {
  result: SearchResult;
  details: ResultDetails;
  /** What a page adds below the meta line (the bookmarks page: a remove button). */
  children?: ReactNode;
}) {
  const date = articleDate({ publishedAt: result.published_at, createdAt: result.created_at });
  const { categories, authorName } = resultCardDetails(result, details);
  return (
    <article className="result-card">
      {result.hero_image_url && <ResultImage url={result.hero_image_url} />}
      <div className="result-body">
        {categories && categories.length > 0 && (
          <ul className="chips" aria-label={LABELS.categories}>
            {categories.map((c) => (
              <li key={c.href}>
                <a href={c.href}>{c.name}</a>
              </li>
            ))}
          </ul>
        )}
        <h2>
          <a href={articlePath(result)}>{result.title}</a>
        </h2>
        {result.excerpt && <p className="result-excerpt">{result.excerpt}</p>}
        <p className="result-meta">
          <time dateTime={isoDate(date)}>{formatArticleDate(date)}</time>
          {authorName !== null && (
            <>
              <span aria-hidden="true"> · </span>
              <span className="result-author">{authorName}</span>
            </>
          )}
        </p>
        {children}
      </div>
    </article>
  );
}

/** A result's image; a failed load shows 'Failed to load image' in its place (§8). */
function ResultImage({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="img-failed result-image-failed" role="img" aria-label={MESSAGES.imageFailed}>
        {MESSAGES.imageFailed}
      </span>
    );
  }
  return (
    <img
      {...responsiveImage(url)}
      sizes={IMAGE_SIZES.card}
      alt=""
      width={1600}
      height={900}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
