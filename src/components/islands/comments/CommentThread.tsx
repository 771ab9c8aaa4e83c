/**
 * Comments and reactions at #comments (spec §2 "Comments section", §4, §5). Hydrates when the
 * section comes into view; the list then loads with one query for the comments and, signed in,
 * one for the viewer's reactions to them. Anonymous visitors read the approved comments without
 * supabase-js (see comments-api.ts).
 */
import { useState } from 'react';
import { INTERACTIONS } from '../../../lib/messages/interactions.ts';
import { LABELS } from '../../../lib/messages/reader.ts';
import { useBrowserStore } from '../../../lib/browser/reader/use-browser-store.ts';
import { $session } from '../../../lib/browser/reader/session.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { CommentForm } from './CommentForm.tsx';
import { CommentItem } from './CommentItem.tsx';
import { RestoreDialog } from './RestoreDialog.tsx';
import { useCommentThread } from './use-comment-thread.ts';
import './comments.css';

interface Props {
  articleId: number;
  /** The article's path; login returns to its #comments. */
  path: string;
}

function CommentThread({ articleId, path }: Props) {
  const session = useBrowserStore($session, undefined);
  // The draft preview renders this page's markup with article id 0: it stays the static box there.
  const userId = session === undefined || articleId <= 0 ? undefined : (session?.userId ?? null);
  const thread = useCommentThread(articleId, userId);
  const [restoring, setRestoring] = useState<number | null>(null);

  return (
    <div className="comment-thread" data-load={thread.load}>
      <CommentForm articleId={articleId} path={path} userId={userId} onPost={thread.post} />
      <div role="status" aria-live="polite" className="comment-status">
        {thread.load === 'loading' && <p>{LABELS.loading}…</p>}
        {thread.load === 'error' && <p className="comment-error">{INTERACTIONS.commentsFailed}</p>}
        {thread.load === 'ready' && thread.comments.length === 0 && <p>{INTERACTIONS.noComments}</p>}
      </div>
      {thread.comments.length > 0 && (
        <ol className="comment-list" aria-label={INTERACTIONS.commentsList}>
          {thread.comments.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                comment={comment}
                viewerId={userId ?? null}
                reaction={thread.mine.get(comment.id) ?? null}
                error={thread.errors[comment.id]}
                onReact={(type) => thread.react(comment.id, type)}
                onEdit={(text) => thread.edit(comment.id, text)}
                onDelete={() => thread.remove(comment.id)}
                onRestore={() => setRestoring(comment.id)}
              />
            </li>
          ))}
        </ol>
      )}
      <RestoreDialog
        open={restoring !== null}
        onClose={() => setRestoring(null)}
        onConfirm={() => {
          const id = restoring;
          setRestoring(null);
          if (id !== null) void thread.restore(id);
        }}
      />
    </div>
  );
}

export default withErrorBoundary(CommentThread);
