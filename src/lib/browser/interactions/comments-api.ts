/**
 * The comment thread's calls (spec §7): one read of the article's comments, one read of the
 * viewer's reactions to them (`in('comment_id', ids)`), and the writes. Status changes are
 * decided by the database trigger from who asks (20261124300100_comment_moderation.sql): an edit
 * sends only the content (the trigger sets edited, last_edited_at and pending), a delete sends
 * status 'deleted', a restore status 'pending'.
 *
 * Reads go through read-client.ts, so showing the thread does not download supabase-js (for
 * anonymous visitors never; for signed-in readers while their stored token is fresh). Writes use
 * the one browser client, loaded on the first write.
 */
import { INTERACTIONS } from '../../messages/interactions.ts';
import { refusalMessage, type DatabaseError } from '../../rules/database-errors.ts';
import { getReaderClient } from '../reader/session.ts';
import { read } from './read-client.ts';
import { COMMENT_COLUMNS, type CommentRow } from '../../rules/interactions/comment-rules.ts';
import type { ReactionChange, ReactionType } from '../../rules/interactions/reactions.ts';

type Result<T> = { data: T | null; error: DatabaseError | null };

/** The data, or an error worded by the catalogue: `fallback` unless the refusal says what to fix. */
function check<T>(result: Result<T>, fallback: string = INTERACTIONS.commentsFailed): T {
  if (result.error) throw new Error(refusalMessage(result.error, fallback));
  return result.data as T;
}

/** The article's comments the caller may see, oldest first. Signed in: the caller's session. */
export async function listComments(articleId: number, signedIn: boolean): Promise<CommentRow[]> {
  const result = await read(signedIn, (client) =>
    client
      .from('comments')
      .select(COMMENT_COLUMNS)
      .eq('article_id', articleId)
      .order('created_at', { ascending: true })
      .order('id', { ascending: true }),
  );
  return (check(result) ?? []) as unknown as CommentRow[];
}

/** The caller's own reactions to these comments, by comment id: one request for the thread. */
export async function listMyReactions(userId: string, commentIds: number[]): Promise<Map<number, ReactionType>> {
  const mine = new Map<number, ReactionType>();
  if (commentIds.length === 0) return mine;
  const rows = check(
    await read(true, (client) =>
      client.from('reactions').select('comment_id,type').eq('user_id', userId).in('comment_id', commentIds),
    ),
  );
  for (const row of rows ?? []) mine.set(row.comment_id, row.type as ReactionType);
  return mine;
}

/**
 * The write client, or the action's failure in the catalogue's words: its code is fetched on
 * first use, and offline that fails with the browser's own text, which no reader should see.
 */
async function writeClient(failure: string) {
  try {
    return await getReaderClient();
  } catch {
    throw new Error(failure);
  }
}

export async function postComment(userId: string, articleId: number, content: string): Promise<CommentRow> {
  const client = await writeClient(INTERACTIONS.commentPostFailed);
  const row = check(
    await client
      .from('comments')
      .insert({ article_id: articleId, user_id: userId, content })
      .select(COMMENT_COLUMNS)
      .single(),
    INTERACTIONS.commentPostFailed,
  );
  return row as unknown as CommentRow;
}

async function updateComment(id: number, change: { content: string } | { status: string }): Promise<CommentRow> {
  const client = await writeClient(INTERACTIONS.commentUpdateFailed);
  const row = check(
    await client.from('comments').update(change).eq('id', id).select(COMMENT_COLUMNS).single(),
    INTERACTIONS.commentUpdateFailed,
  );
  return row as unknown as CommentRow;
}

export const editComment = (id: number, content: string) => updateComment(id, { content });
export const deleteComment = (id: number) => updateComment(id, { status: 'deleted' });
export const restoreComment = (id: number) => updateComment(id, { status: 'pending' });

/** Sends one reaction change (insert, switch or remove). */
export async function sendReaction(userId: string, commentId: number, change: ReactionChange): Promise<void> {
  const client = await getReaderClient();
  const table = client.from('reactions');
  const result =
    change.kind === 'insert'
      ? await table.insert({ user_id: userId, comment_id: commentId, type: change.type })
      : change.kind === 'update'
        ? await table.update({ type: change.type }).eq('user_id', userId).eq('comment_id', commentId)
        : await table.delete().eq('user_id', userId).eq('comment_id', commentId);
  if (result.error) throw new Error(refusalMessage(result.error, INTERACTIONS.reactionFailed));
}
