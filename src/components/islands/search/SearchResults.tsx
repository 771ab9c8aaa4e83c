/**
 * The /search page's form and results. Reads q from the URL as soon as it hydrates, fills the
 * box, shows 'Loading…' while the search_articles RPC and the two batched card reads (categories,
 * authors) run, then a 1/2/3-column grid of up to 48 results or 'No results found.'.
 *
 * Each search from the page's own form is a new history entry (/search?q=…), and Back/Forward
 * re-read q from the URL and search again, so the browser's history walks through the queries.
 * Whenever the shown query changes the header box is told (announceSearchQuery) and the document
 * title follows: 'Search results for “q” | ESG Africa News', the built title when there is none.
 */
import { useEffect, useRef, useState } from 'react';
import { searchPath } from '../../../lib/rules/article-links.ts';
import { LABELS, MESSAGES } from '../../../lib/messages/reader.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { ResultCard } from './ResultCard.tsx';
import { announceSearchQuery } from '../../../lib/browser/search/query-event.ts';
import {
  SEARCH_CAP_NOTE,
  SEARCH_RESULT_LIMIT,
  capResults,
  queryFromSearch,
  searchDocumentTitle,
  type ResultDetails,
} from '../../../lib/rules/search/results.ts';
import { searchArticles, searchResultDetails, type SearchResult } from '../../../lib/browser/search/search-articles.ts';
import './search-results.css';

type State =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'done'; query: string; results: SearchResult[]; more: boolean; details: ResultDetails }
  | { status: 'error'; query: string };

/** A search to run: a new object per submit, so submitting the same query again retries it. */
interface Search {
  q: string;
}

function SearchResults() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState<Search | null>(null);
  const [state, setState] = useState<State>({ status: 'idle' });
  /** The title the page was built with ('Search | ESG Africa News'), restored for an empty query. */
  const staticTitle = useRef<string | null>(null);

  useEffect(() => {
    staticTitle.current = document.title;
    /** Shows the query the URL carries; a history move within one query (a #hash) re-runs nothing. */
    const fromUrl = (): string => {
      const raw = queryFromSearch(window.location.search);
      const q = raw.trim();
      setText(raw);
      setSearch((previous) => (previous?.q === q ? previous : { q }));
      return q;
    };
    fromUrl();
    const onPopState = () => announceSearchQuery(fromUrl());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  useEffect(() => {
    if (search === null || staticTitle.current === null) return;
    document.title = searchDocumentTitle(search.q, staticTitle.current);
  }, [search]);

  useEffect(() => {
    if (search === null) return;
    const query = search.q;
    if (!query) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState({ status: 'loading', query });
    searchArticles(query)
      .then(async (rows) => {
        const { shown, more } = capResults(rows);
        // Never rejects: a failed read leaves its part (chips or bylines) out, not the results.
        return { shown, more, details: await searchResultDetails(shown) };
      })
      .then(
        ({ shown, more, details }) => current && setState({ status: 'done', query, results: shown, more, details }),
        () => current && setState({ status: 'error', query }),
      );
    return () => {
      current = false;
    };
  }, [search]);

  return (
    <div className="search-results" data-hydrated={search !== null ? '' : undefined}>
      <form
        role="search"
        aria-label="Search articles"
        action="/search"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          const q = text.trim();
          const url = searchPath(q);
          // A new history entry per search, so Back returns to the previous query; searching
          // again for the query already shown retries it without adding a duplicate entry.
          if (url !== window.location.pathname + window.location.search) window.history.pushState(null, '', url);
          announceSearchQuery(q);
          setSearch({ q });
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
        {state.status === 'done' && <p>{statusLine(state.results.length, state.more, state.query)}</p>}
      </div>
      {state.status === 'done' && state.results.length > 0 && (
        <>
          <ul className="grid" aria-label={`Results for ${state.query}`}>
            {state.results.map((r) => (
              <li key={r.id}>
                <ResultCard result={r} details={state.details} />
              </li>
            ))}
          </ul>
          {state.more && <p className="search-cap">{SEARCH_CAP_NOTE}</p>}
        </>
      )}
    </div>
  );
}

function statusLine(count: number, more: boolean, query: string): string {
  if (count === 0) return MESSAGES.noSearchResults;
  if (more) return `More than ${SEARCH_RESULT_LIMIT} results for “${query}”`;
  return `${count} ${count === 1 ? 'result' : 'results'} for “${query}”`;
}

export default withErrorBoundary(SearchResults);
