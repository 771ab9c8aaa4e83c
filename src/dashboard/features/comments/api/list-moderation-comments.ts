import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import type { Database } from '../../../../lib/database.types.ts';

export type ModerationComment = Database['public']['Functions']['moderation_comments']['Returns'][number];
export type CommentStatus = 'pending' | 'approved' | 'hidden' | 'deleted';

/**
 * The comments the signed-in user moderates (admins: all; authors: those on their own
 * articles), pending first, then newest: the database decides both the rows and the order.
 */
export async function listModerationComments(): Promise<ModerationComment[]> {
  const { data, error } = await getBrowserClient().rpc('moderation_comments', {});
  if (error) throw new Error(error.message);
  return data;
}
