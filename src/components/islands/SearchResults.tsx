/**
 * The /search page's form and results. Reads q from the URL as soon as it hydrates, fills the
 * box, shows 'Loading…' while the search_articles RPC runs, then a 1/2/3-column grid of results
 * or 'No results found.'. Submitting searches in place and keeps the query in the URL.
 */
import { useEffect, useState } from 'react';
import { articlePath, searchPath } from '../../lib/article-links.ts';
import { formatArticleDate, isoDate } from '../../lib/dates.ts';
import { IMAGE_SIZES, responsiveImage } from '../../lib/images.ts';
import { LABELS, MESSAGES } from '../../lib/messages.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { announceSearchQuery } from '../../lib/search/query-event.ts';
import { searchArticles, type SearchResult } from '../../lib/search/search-articles.ts';
import './search-results.css';

type State =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'done'; query: string; results: SearchResult[] }
  | { status: 'error'; query: string };

function SearchResults() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [state, setState] = useState<State>({ status: 'idle' });

  useEffect(() => {
    const q = new URLSearchParams(window.location.search).get('q') ?? '';
    setText(q);
    setQuery(q.trim());
  }, []);

  useEffect(() => {
    if (!query) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState({ status: 'loading', query });
    searchArticles(query).then(
      (results) => current && setState({ status: 'done', query, results }),
      () => current && setState({ status: 'error', query }),
    );
    return () => {
      current = false;
    };
  }, [query]);

  return (
    <div className="search-results" data-hydrated={query !== null ? '' : undefined}>
      <form
        role="search"
        aria-label="Search articles"
        action="/search"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          const q = text.trim();
          window.history.replaceState(null, '', searchPath(q));
          announceSearchQuery(q);
          setQuery(q);
        }}
      >
        <label htmlFor="search-page-q">Search terms</label>
        <div className="search-row">
          <input
            id="search-page-q"
            type="search"
            name="q"
            value={text}
            onChange={(e) => setText(e.target.value)}
            enterKeyHint="search"
          />
          <button className="button" type="submit">
            Search
          </button>
        </div>
      </form>
      <div role="status" aria-live="polite" className="search-status">
        {state.status === 'loading' && <p>{LABELS.loading}…</p>}
        {state.status === 'error' && <p className="search-error">{MESSAGES.articlesFailed}</p>}
        {state.status === 'done' && (
          <p>
            {state.results.length === 0
              ? MESSAGES.noSearchResults
              : `${state.results.length} ${state.results.length === 1 ? 'result' : 'results'} for “${state.query}”`}
          </p>
        )}
      </div>
      {state.status === 'done' && state.results.length > 0 && (
        <ul className="grid" aria-label={`Results for ${state.query}`}>
          {state.results.map((r) => (
            <li key={r.id}>
              <ResultCard result={r} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ResultCard({ result }: { result: SearchResult }) {
  const date = result.published_at ?? result.created_at;
  return (
    <article className="result-card">
      {result.hero_image_url && (
        <img
          {...responsiveImage(result.hero_image_url)}
          sizes={IMAGE_SIZES.card}
          alt=""
          width={1600}
          height={900}
          loading="lazy"
          decoding="async"
        />
      )}
      <div className="result-body">
        <h2>
          <a href={articlePath(result)}>{result.title}</a>
        </h2>
        {result.excerpt && <p className="result-excerpt">{result.excerpt}</p>}
        <p className="result-meta">
          <time dateTime={isoDate(date)}>{formatArticleDate(date)}</time>
        </p>
      </div>
    </article>
  );
}

export default withErrorBoundary(SearchResults);
