import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import type { Database } from '../../../../lib/database.types.ts';

export type ModerationComment = Database['public']['Functions']['moderation_comments']['Returns'][number];
export type CommentStatus = 'pending' | 'approved' | 'hidden' | 'deleted';
export const COMMENT_STATES: CommentStatus[] = ['pending', 'approved', 'hidden', 'deleted'];

export const COMMENT_PAGE_SIZE = 20;

export interface CommentQuery {
  status: CommentStatus;
  articleId: number | null;
  page: number;
}

export interface CommentPage {
  rows: ModerationComment[];
  /** Comments of this state (on this article, when filtered) the caller moderates. */
  matching: number;
}

/**
 * One page of one state of the comments the signed-in user moderates (admins: all; authors:
 * those on their own articles), newest first: paged, filtered and counted in the database.
 */
export async function listModerationComments(q: CommentQuery): Promise<CommentPage> {
  const { data, error } = await getBrowserClient().rpc('moderation_comments', {
    p_status: q.status,
    ...(q.articleId !== null ? { p_article_id: q.articleId } : {}),
    p_limit: COMMENT_PAGE_SIZE,
    p_offset: q.page * COMMENT_PAGE_SIZE,
  });
  if (error) throw new Error(error.message);
  return { rows: data, matching: data[0]?.total_count ?? 0 };
}

export type CommentCounts = Record<CommentStatus, number>;

/** How many comments of each state the caller moderates: the tabs' numbers. */
export async function countModerationComments(articleId: number | null): Promise<CommentCounts> {
  const { data, error } = await getBrowserClient()
    .rpc('moderation_comment_counts', articleId !== null ? { p_article_id: articleId } : {})
    .single();
  if (error) throw new Error(error.message);
  return data;
}
