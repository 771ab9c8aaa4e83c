/**
 * One comment (spec §2, §4): name ('Unknown User' fallback), date, badges, the text (a React text
 * node: a comment is never HTML), like and dislike counts with the viewer's own choice pressed,
 * and the owner's actions: edit (Save disabled when blank) and delete, or restore when deleted.
 * A deleted comment reaches only its owner, with 'Only you can see this comment.' and no reactions.
 */
import { useState } from 'react';
import { formatDateTime, isoDate } from '../../../lib/rules/dates.ts';
import {
  canReact,
  commentBadges,
  commenterName,
  isBlank,
  isOwnComment,
  type CommentRow,
} from '../../../lib/rules/interactions/comment-rules.ts';
import { warmWriteClient } from '../../../lib/browser/interactions/warm-client.ts';
import type { ReactionType } from '../../../lib/rules/interactions/reactions.ts';
import { INTERACTIONS } from '../../../lib/messages/interactions.ts';
import { LABELS } from '../../../lib/messages/reader.ts';

interface Props {
  comment: CommentRow;
  viewerId: string | null;
  reaction: ReactionType | null;
  error: string | undefined;
  onReact(type: ReactionType): Promise<void>;
  onEdit(text: string): Promise<boolean>;
  onDelete(): Promise<boolean>;
  onRestore(): void;
}

export function CommentItem({ comment, viewerId, reaction, error, onReact, onEdit, onDelete, onRestore }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const own = isOwnComment(comment, viewerId);
  const deleted = comment.status === 'deleted';
  const reactable = canReact(comment, viewerId);
  const editId = `comment-edit-${comment.id}`;

  const run = async (task: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="comment" data-comment-id={comment.id} data-status={own ? comment.status : undefined}>
      <header className="comment-head">
        <strong className="comment-author">{commenterName(comment)}</strong>
        <time className="comment-date" dateTime={isoDate(comment.created_at)}>
          {formatDateTime(comment.created_at)}
        </time>
        {commentBadges(comment, viewerId).map((badge) => (
          <span key={badge} className={`badge badge--${badge}`}>
            {LABELS.badges[badge]}
          </span>
        ))}
      </header>
      {own && deleted && <p className="comment-note">{LABELS.onlyYouCanSeeComment}</p>}
      {editing === null ? (
        <p className="comment-content">{comment.content}</p>
      ) : (
        <form
          className="comment-edit"
          onSubmit={(event) => {
            event.preventDefault();
            if (isBlank(editing)) return;
            void run(async () => {
              if (await onEdit(editing)) setEditing(null);
            });
          }}
        >
          <label className="visually-hidden" htmlFor={editId}>
            {INTERACTIONS.editLabel}
          </label>
          <textarea id={editId} rows={3} value={editing} onChange={(e) => setEditing(e.target.value)} />
          <div className="comment-buttons">
            <button type="submit" className="button" disabled={busy || isBlank(editing)}>
              {busy ? INTERACTIONS.saving : INTERACTIONS.save}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setEditing(null)}>
              {INTERACTIONS.cancel}
            </button>
          </div>
        </form>
      )}
      <div className="comment-actions" onPointerEnter={warmWriteClient} onFocus={warmWriteClient}>
        <ReactionButton
          type="like"
          comment={comment}
          pressed={reaction === 'like'}
          disabled={!reactable || busy}
          onReact={onReact}
          run={run}
        />
        <ReactionButton
          type="dislike"
          comment={comment}
          pressed={reaction === 'dislike'}
          disabled={!reactable || busy}
          onReact={onReact}
          run={run}
        />
        {own && editing === null && (
          <span className="comment-owner">
            {deleted ? (
              <button type="button" className="link-button" onClick={onRestore} disabled={busy}>
                {INTERACTIONS.restore}
              </button>
            ) : (
              <>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setEditing(comment.content)}
                  disabled={busy}
                >
                  {INTERACTIONS.edit}
                </button>
                <button type="button" className="link-button" onClick={() => void run(onDelete)} disabled={busy}>
                  {INTERACTIONS.delete}
                </button>
              </>
            )}
          </span>
        )}
      </div>
      {error && (
        <p className="comment-error" role="alert">
          {error}
        </p>
      )}
    </article>
  );
}

interface ReactionProps {
  type: ReactionType;
  comment: CommentRow;
  pressed: boolean;
  disabled: boolean;
  onReact(type: ReactionType): Promise<void>;
  run(task: () => Promise<unknown>): Promise<void>;
}

function ReactionButton({ type, comment, pressed, disabled, onReact, run }: ReactionProps) {
  const count = type === 'like' ? comment.like_count : comment.dislike_count;
  const label = type === 'like' ? INTERACTIONS.like : INTERACTIONS.dislike;
  return (
    <button
      type="button"
      className="reaction"
      aria-pressed={pressed}
      disabled={disabled}
      data-reaction={type}
      onClick={() => void run(() => onReact(type))}
    >
      <svg
        aria-hidden="true"
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill={pressed ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      >
        <path
          d="M7 10v11H3V10zm0 0 4-8a3 3 0 0 1 3 3v4h6a2 2 0 0 1 2 2l-2 8a2 2 0 0 1-2 2H7"
          transform={type === 'dislike' ? 'rotate(180 12 12)' : undefined}
        />
      </svg>
      <span>{label}</span>
      <span className="reaction-count">{count}</span>
    </button>
  );
}
