import type { FocusEvent } from 'react';
import { formatDateTime } from '../../../../lib/rules/dates.ts';
import { MODERATION, MODERATION_DESK } from '../../../../lib/messages/dashboard-moderation.ts';
import { LABELS } from '../../../../lib/messages/reader.ts';
import type { CommentStatus, ModerationComment } from '../api/list-moderation-comments.ts';

interface Props {
  comment: ModerationComment;
  busy: boolean;
  selected: boolean;
  /** The roving tab stop of the list (j/k move it). */
  current: boolean;
  onSelect: (selected: boolean) => void;
  onAction: (status: CommentStatus) => void;
  onFocus: () => void;
  onOnlyArticle: (() => void) | null;
}

/** What a moderator may do from each state (§4, and back again: every decision is reversible). */
export const ACTIONS: Record<CommentStatus, CommentStatus[]> = {
  pending: ['approved', 'hidden', 'deleted'],
  approved: ['hidden', 'deleted'],
  hidden: ['approved', 'deleted'],
  deleted: ['pending'],
};
const LABEL: Record<CommentStatus, string> = {
  approved: MODERATION.approve,
  hidden: MODERATION.deny,
  deleted: MODERATION.delete,
  pending: MODERATION.restore,
};

/** One comment with its article, commenter, reactions, a checkbox and its actions. */
export function CommentItem({
  comment: c,
  busy,
  selected,
  current,
  onSelect,
  onAction,
  onFocus,
  onOnlyArticle,
}: Props) {
  const status = c.status as CommentStatus;
  const who = c.author_display_name || LABELS.unknownUser;
  return (
    <li
      className={selected ? 'dash-comment is-selected' : 'dash-comment'}
      data-comment-id={c.id}
      data-status={status}
      tabIndex={current ? 0 : -1}
      aria-current={current ? 'true' : undefined}
      onFocus={(e: FocusEvent) => {
        if (e.target === e.currentTarget || e.currentTarget.contains(e.target)) onFocus();
      }}
    >
      <div className="dash-comment__head">
        <input
          type="checkbox"
          aria-label={MODERATION_DESK.select(who)}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
        <p className="dash-comment__meta">
          <strong>{who}</strong> on{' '}
          {c.article_slug ? (
            <a href={`/article/${c.article_slug}`}>{c.article_title || MODERATION.unknownArticle}</a>
          ) : (
            <span>{MODERATION.unknownArticle}</span>
          )}{' '}
          · <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time>{' '}
          <span className={`dash-status dash-status--${status}`}>{MODERATION.status[status]}</span>
        </p>
      </div>
      <p className="dash-comment__content">{c.content}</p>
      <p className="dash-muted">
        {MODERATION.likes(c.like_count)} · {MODERATION.dislikes(c.dislike_count)}
      </p>
      <div className="dash-actions">
        {ACTIONS[status].map((to) => (
          <button key={to} type="button" disabled={busy} onClick={() => onAction(to)}>
            {LABEL[to]}
          </button>
        ))}
        {onOnlyArticle && (
          <button type="button" className="dash-link" onClick={onOnlyArticle}>
            {MODERATION_DESK.onlyArticle}
          </button>
        )}
      </div>
    </li>
  );
}
