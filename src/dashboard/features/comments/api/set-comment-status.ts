import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import type { CommentStatus } from './list-moderation-comments.ts';

/**
 * Moves a comment to a new status. The trigger decides whether the caller may (a refusal is an
 * error); an update that matched no visible row is reported too, rather than passing silently.
 */
export async function setCommentStatus(id: number, status: CommentStatus): Promise<void> {
  const { data, error } = await getBrowserClient().from('comments').update({ status }).eq('id', id).select('id');
  if (error) throw new Error(error.message);
  if (!data.length) throw new Error('');
}
