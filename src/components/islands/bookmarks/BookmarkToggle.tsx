/**
 * The article's bookmark toggle (spec §2, §4). Signed out (decided from the stored session,
 * without supabase-js) it is the static page's link to /login: a click keeps the article id as
 * `pendingBookmark` first. Signed in, it reads whether the article is bookmarked once the browser
 * is idle and toggles it (aria-pressed). Back from login with this article pending, it adds the
 * bookmark (a duplicate counts as done), clears the key and says so.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { warmWriteClient } from '../../../lib/browser/interactions/warm-client.ts';
import {
  clearPendingBookmark,
  readPendingBookmark,
  storePendingBookmark,
} from '../../../lib/browser/interactions/pending.ts';
import { bookmarkFailureMessage } from '../../../lib/rules/interactions/service-errors.ts';
import { LABELS, MESSAGES } from '../../../lib/messages/reader.ts';
import { TIMINGS } from '../../../lib/rules/reader/keys.ts';
import { loginHref } from '../../../lib/rules/reader/safe-redirect.ts';
import { useBrowserStore } from '../../../lib/browser/reader/use-browser-store.ts';
import { $session } from '../../../lib/browser/reader/session.ts';
import { showToast } from '../../../lib/browser/reader/toasts.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import './bookmark-toggle.css';

interface Props {
  articleId: number;
  /** The article's path; login returns here. */
  path: string;
}

type Known = 'unknown' | 'on' | 'off';

/** The data calls load with the first signed-in use: a signed-out page never downloads them. */
const api = () => import('../../../lib/browser/interactions/bookmarks-api.ts');

const toast = (text: string, tone: 'success' | 'error') => showToast(text, { tone, durationMs: TIMINGS.toastBookmark });

/** Runs `task` when the browser is idle (or soon, where there is no requestIdleCallback). */
function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

function BookmarkToggle({ articleId, path }: Props) {
  const session = useBrowserStore($session, undefined);
  const [known, setKnown] = useState<Known>('unknown');
  const [busy, setBusy] = useState(false);
  const userId = session?.userId ?? null;

  useEffect(() => {
    setKnown('unknown');
    if (!userId || articleId <= 0) return;
    let current = true;
    const cancel = whenIdle(() => {
      const pending = readPendingBookmark() === articleId;
      const work = api().then(({ addBookmark, isBookmarked }) =>
        pending
          ? addBookmark(userId, articleId).then(() => {
              clearPendingBookmark();
              toast(MESSAGES.bookmarkAdded, 'success');
              return true;
            })
          : isBookmarked(userId, articleId),
      );
      work.then(
        (on) => current && setKnown(on ? 'on' : 'off'),
        (error: unknown) => {
          if (!current) return;
          setKnown('off');
          if (pending) toast(bookmarkFailureMessage(error), 'error');
        },
      );
    });
    return () => {
      current = false;
      cancel();
    };
  }, [userId, articleId]);

  // Signed out, or the draft preview (article id 0): the static link.
  if (!userId || articleId <= 0) {
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      // The preview, or a stored session this render has not seen yet: the plain link. (The store's
      // value, not `session`: a click replayed right after hydration may come before the effect.)
      if (articleId <= 0 || $session.get()) return;
      event.preventDefault();
      storePendingBookmark(articleId);
      window.location.assign(loginHref(path));
    };
    return (
      <a
        className="button button--ghost bookmark-toggle"
        href={loginHref(path)}
        title={LABELS.addBookmark}
        onClick={onClick}
        // Held by client:interaction until this handler can keep the pending bookmark.
        data-replay
      >
        <Content on={false} />
      </a>
    );
  }

  const on = known === 'on';
  const toggle = async () => {
    if (busy || known === 'unknown') return;
    setBusy(true);
    try {
      const { addBookmark, removeBookmark } = await api();
      if (on) await removeBookmark(userId, articleId);
      else await addBookmark(userId, articleId);
      setKnown(on ? 'off' : 'on');
      toast(on ? MESSAGES.bookmarkRemoved : MESSAGES.bookmarkAdded, 'success');
    } catch (error) {
      toast(bookmarkFailureMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--ghost bookmark-toggle"
      title={on ? LABELS.removeBookmark : LABELS.addBookmark}
      aria-pressed={on}
      aria-busy={busy || known === 'unknown'}
      // Until the reader's state is known a click could only guess: the button waits with them.
      disabled={known === 'unknown'}
      data-state={known}
      onPointerEnter={warmWriteClient}
      onFocus={warmWriteClient}
      onClick={toggle}
    >
      <Content on={on} />
    </button>
  );
}

/**
 * Icon and label. Both labels are laid out in one grid cell and the inactive one hidden, so the
 * control is as wide as 'Remove Bookmark' in either state: no shift when it switches.
 */
function Content({ on }: { on: boolean }) {
  return (
    <>
      <svg
        aria-hidden="true"
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 3h12v18l-6-4-6 4z"></path>
      </svg>
      <span className="bookmark-labels">
        <span className={on ? 'bookmark-inactive' : undefined} aria-hidden={on || undefined}>
          {LABELS.addBookmark}
        </span>
        <span className={on ? undefined : 'bookmark-inactive'} aria-hidden={!on || undefined}>
          {LABELS.removeBookmark}
        </span>
      </span>
    </>
  );
}

export default withErrorBoundary(BookmarkToggle);
