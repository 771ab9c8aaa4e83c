/**
 * Who else has an article's form open (issue 18). The heartbeat marks the caller and answers the
 * others in one request; leaving removes the mark at once (otherwise it lapses after 60 s).
 */
import { getBrowserClient } from '../../../../lib/supabase.ts';

/** How often an open form says it is still open; the database lets a mark lapse after 60 s. */
export const HEARTBEAT_MS = 20_000;

export interface Editor {
  userId: string;
  name: string;
}

export async function heartbeat(articleId: number): Promise<Editor[]> {
  const { data, error } = await getBrowserClient().rpc('article_heartbeat', { p_article_id: articleId });
  if (error) throw new Error(error.message);
  return data.map((r) => ({ userId: r.user_id, name: r.display_name || 'Someone' }));
}

export async function leave(articleId: number): Promise<void> {
  await getBrowserClient().rpc('article_leave', { p_article_id: articleId });
}
