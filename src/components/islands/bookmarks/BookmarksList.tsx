/**
 * /bookmarks (spec §2): the signed-in reader's bookmarked articles as the site's cards (image,
 * categories, title, excerpt, date, author), newest bookmark first, each with a remove button.
 * 'Loading' while it loads; 'You currently do not have any bookmarks.' with a way home when there
 * are none (a missing table counts as none, §8); 'Failed to load bookmarks.' when the read fails.
 * Signed out, the page sends the reader to /login and back here.
 */
import { useEffect, useState } from 'react';
import { listBookmarkedArticles, removeBookmark } from '../../../lib/browser/interactions/bookmarks-api.ts';
import { bookmarkFailureMessage } from '../../../lib/rules/interactions/service-errors.ts';
import { INTERACTIONS } from '../../../lib/messages/interactions.ts';
import { LABELS, MESSAGES } from '../../../lib/messages/reader.ts';
import { TIMINGS } from '../../../lib/rules/reader/keys.ts';
import { loginHref } from '../../../lib/rules/reader/safe-redirect.ts';
import { useBrowserStore } from '../../../lib/browser/reader/use-browser-store.ts';
import { $session } from '../../../lib/browser/reader/session.ts';
import { showToast } from '../../../lib/browser/reader/toasts.ts';
import type { ResultDetails } from '../../../lib/rules/search/results.ts';
import { searchResultDetails, type SearchResult } from '../../../lib/browser/search/search-articles.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { ResultCard } from '../search/ResultCard.tsx';
import '../search/search-results.css';
import './bookmarks-list.css';

type State =
  { status: 'loading' } | { status: 'error' } | { status: 'done'; articles: SearchResult[]; details: ResultDetails };

const BOOKMARKS_PATH = '/bookmarks';

function BookmarksList() {
  const session = useBrowserStore($session, undefined);
  const userId = session?.userId ?? null;
  const [state, setState] = useState<State>({ status: 'loading' });
  const [removing, setRemoving] = useState<number | null>(null);

  useEffect(() => {
    if (session === null) window.location.replace(loginHref(BOOKMARKS_PATH));
  }, [session]);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    setState({ status: 'loading' });
    listBookmarkedArticles(userId)
      .then(async (articles) => ({ articles, details: await searchResultDetails(articles) }))
      .then(
        ({ articles, details }) => current && setState({ status: 'done', articles, details }),
        () => current && setState({ status: 'error' }),
      );
    return () => {
      current = false;
    };
  }, [userId]);

  const remove = async (id: number) => {
    if (!userId || state.status !== 'done') return;
    setRemoving(id);
    try {
      await removeBookmark(userId, id);
      setState({ ...state, articles: state.articles.filter((a) => a.id !== id) });
      showToast(MESSAGES.bookmarkRemoved, { tone: 'success', durationMs: TIMINGS.toastBookmark });
    } catch (error) {
      showToast(bookmarkFailureMessage(error), { tone: 'error', durationMs: TIMINGS.toastBookmark });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <div className="bookmarks" data-status={state.status}>
      <div role="status" aria-live="polite" className="bookmarks-status">
        {state.status === 'loading' && <p>{LABELS.loading}…</p>}
        {state.status === 'error' && <p className="bookmarks-error">{MESSAGES.bookmarksFailed}</p>}
        {state.status === 'done' && state.articles.length === 0 && (
          <>
            <p>{LABELS.noBookmarks}</p>
            <p>
              <a className="button" href="/">
                {LABELS.goToHomepage}
              </a>
            </p>
          </>
        )}
      </div>
      {state.status === 'done' && state.articles.length > 0 && (
        <ul className="grid" aria-label={LABELS.myBookmarks}>
          {state.articles.map((article) => (
            <li key={article.id}>
              <BookmarkCard
                article={article}
                details={state.details}
                removing={removing === article.id}
                onRemove={() => void remove(article.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface CardProps {
  article: SearchResult;
  details: ResultDetails;
  removing: boolean;
  onRemove(): void;
}

/** A bookmarked article: the search results' card with a remove button. */
function BookmarkCard({ article, details, removing, onRemove }: CardProps) {
  return (
    <ResultCard result={article} details={details}>
      <p className="bookmark-remove">
        <button
          type="button"
          className="button button--ghost"
          aria-label={INTERACTIONS.removeBookmarkFor(article.title)}
          title={LABELS.removeBookmark}
          disabled={removing}
          onClick={onRemove}
        >
          {LABELS.removeBookmark}
        </button>
      </p>
    </ResultCard>
  );
}

export default withErrorBoundary(BookmarksList);
