import { useEffect, useState } from 'react';
import { PROFILE } from '../../../../lib/messages/profile.ts';
import { LABELS, MESSAGES } from '../../../../lib/messages/reader.ts';
import { TIMINGS } from '../../../../lib/rules/reader/keys.ts';
import type { StaffSession } from '../../../shared/session/get-staff-session.ts';
import { useBookmarks, useRemoveBookmark } from '../api/queries.ts';

/** Bookmarks (spec §2, §8): the user's bookmarked articles with their authors, and Remove. */
export default function Bookmarks({ session }: { session: StaffSession }) {
  const list = useBookmarks(session.userId);
  const remove = useRemoveBookmark(session.userId);
  const [toast, setToast] = useState(false);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(false), TIMINGS.toastBookmark);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <section>
      <h1>{LABELS.myBookmarks}</h1>
      {list.isPending ? (
        <p>{PROFILE.bookmarksLoading}</p>
      ) : list.isError ? (
        <p className="dash-error" role="alert">
          {MESSAGES.bookmarksFailed}
        </p>
      ) : list.data.length === 0 ? (
        <p className="dash-empty">{LABELS.noBookmarks}</p>
      ) : (
        <ul className="dash-comments">
          {list.data.map((b) => (
            <li key={b.articleId} className="dash-comment" data-article-id={b.articleId}>
              <p className="dash-comment__meta">
                <a href={`/article/${b.slug}`}>{b.title}</a> · {b.authorName || LABELS.unknownAuthor}
              </p>
              {b.excerpt && <p className="dash-muted">{b.excerpt}</p>}
              <button
                type="button"
                disabled={remove.isPending}
                onClick={() => remove.mutate(b.articleId, { onSuccess: () => setToast(true) })}
              >
                {PROFILE.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && (
        <p className="dash-error" role="alert">
          {MESSAGES.bookmarkOperationFailed}
        </p>
      )}
      {toast && (
        <p className="dash-toast" role="status">
          {MESSAGES.bookmarkRemoved}
        </p>
      )}
    </section>
  );
}
