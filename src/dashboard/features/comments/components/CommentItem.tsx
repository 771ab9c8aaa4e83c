import { formatDateTime } from '../../../../lib/rules/dates.ts';
import { MODERATION } from '../../../../lib/messages/dashboard.ts';
import { LABELS } from '../../../../lib/messages/reader.ts';
import type { CommentStatus, ModerationComment } from '../api/list-moderation-comments.ts';

interface Props {
  comment: ModerationComment;
  busy: boolean;
  onAction: (status: CommentStatus) => void;
}

/** One comment with its article, commenter, reactions and the actions its status allows (§4). */
export function CommentItem({ comment: c, busy, onAction }: Props) {
  const status = c.status as CommentStatus;
  return (
    <li className="dash-comment" data-comment-id={c.id} data-status={status}>
      <p className="dash-comment__meta">
        <strong>{c.author_display_name || LABELS.unknownUser}</strong> on{' '}
        {c.article_slug ? (
          <a href={`/article/${c.article_slug}`}>{c.article_title || MODERATION.unknownArticle}</a>
        ) : (
          <span>{MODERATION.unknownArticle}</span>
        )}{' '}
        · <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time>{' '}
        <span className={`dash-status dash-status--${status}`}>{MODERATION.status[status]}</span>
      </p>
      <p className="dash-comment__content">{c.content}</p>
      <p className="dash-muted">
        {MODERATION.likes(c.like_count)} · {MODERATION.dislikes(c.dislike_count)}
      </p>
      <div className="dash-actions">
        {status === 'pending' && (
          <>
            <button type="button" disabled={busy} onClick={() => onAction('approved')}>
              {MODERATION.approve}
            </button>
            <button type="button" disabled={busy} onClick={() => onAction('hidden')}>
              {MODERATION.deny}
            </button>
          </>
        )}
        {status === 'deleted' ? (
          <button type="button" disabled={busy} onClick={() => onAction('pending')}>
            {MODERATION.restore}
          </button>
        ) : (
          <button type="button" disabled={busy} onClick={() => onAction('deleted')}>
            {MODERATION.delete}
          </button>
        )}
      </div>
    </li>
  );
}
