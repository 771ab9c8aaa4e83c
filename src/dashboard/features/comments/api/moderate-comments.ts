import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import { MODERATION } from '../../../../lib/messages/dashboard-moderation.ts';
import { refusalMessage } from '../../../../lib/rules/database-errors.ts';
import type { CommentStatus } from './list-moderation-comments.ts';

/**
 * Moves one or many comments (at most a page) to a new status in one call
 * (`moderate_comments`): all or none. Each row changes through the same update as before, so the
 * database judges every decision as it judged one, and each stays reversible. Returns how many
 * changed; a refusal is the catalogue's words, never the database's.
 */
export async function moderateComments(ids: number[], status: CommentStatus): Promise<number> {
  const { data, error } = await getBrowserClient().rpc('moderate_comments', { p_ids: ids, p_status: status });
  if (error) throw new Error(refusalMessage(error, MODERATION.actionFailed));
  return data;
}
