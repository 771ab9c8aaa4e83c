/**
 * What a comment shows to whom (spec §2 "Comments section", §4 "Comment"): the badges, whether
 * the viewer may react, and which rows a thread lists. Row-level security already keeps other
 * readers' pending and deleted comments out of the response; the filter here is a second line,
 * and keeps a moderator's view of the article page the same as a reader's (moderation has its
 * own screen in the dashboard).
 */
import { LABELS } from '../../messages/reader.ts';

/** The columns the thread reads (one query, author name and counts denormalised on the row). */
export interface CommentRow {
  id: number;
  article_id: number;
  user_id: string;
  content: string;
  status: string;
  created_at: string;
  is_author: boolean;
  edited: boolean;
  last_edited_at: string | null;
  author_display_name: string | null;
  like_count: number;
  dislike_count: number;
}

export const COMMENT_COLUMNS =
  'id,article_id,user_id,content,status,created_at,is_author,edited,last_edited_at,author_display_name,like_count,dislike_count';

export type Badge = 'pending' | 'deleted' | 'edited' | 'author';

export function isOwnComment(comment: Pick<CommentRow, 'user_id'>, viewerId: string | null | undefined): boolean {
  return !!viewerId && comment.user_id === viewerId;
}

/** Pending and Deleted only for the owner; Edited and Author for everyone who sees the comment. */
export function commentBadges(
  comment: Pick<CommentRow, 'user_id' | 'status' | 'edited' | 'is_author'>,
  viewerId: string | null | undefined,
): Badge[] {
  const own = isOwnComment(comment, viewerId);
  const badges: Badge[] = [];
  if (own && comment.status === 'pending') badges.push('pending');
  if (own && comment.status === 'deleted') badges.push('deleted');
  if (comment.edited) badges.push('edited');
  if (comment.is_author) badges.push('author');
  return badges;
}

/** Reactions need a signed-in viewer and a comment that is not deleted. */
export function canReact(comment: Pick<CommentRow, 'status'>, viewerId: string | null | undefined): boolean {
  return !!viewerId && comment.status !== 'deleted';
}

/** Approved comments for everyone, plus the viewer's own pending and deleted ones; oldest first. */
export function visibleComments<T extends Pick<CommentRow, 'id' | 'user_id' | 'status' | 'created_at'>>(
  rows: readonly T[],
  viewerId: string | null | undefined,
): T[] {
  return rows
    .filter(
      (c) =>
        c.status === 'approved' || (isOwnComment(c, viewerId) && (c.status === 'pending' || c.status === 'deleted')),
    )
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}

/** The commenter's name, 'Unknown User' when the profile has none (§2, §9). */
export function commenterName(comment: Pick<CommentRow, 'author_display_name'>): string {
  return comment.author_display_name?.trim() || LABELS.unknownUser;
}

/** Blank or whitespace-only text is never sent (§5). */
export function isBlank(text: string): boolean {
  return text.trim().length === 0;
}
