/**
 * Who else has an article's form open (issue 18). The heartbeat marks the caller and answers the
 * others in one request; leaving removes the mark at once (otherwise it lapses after 60 s).
 */
import { PUBLIC_SUPABASE_PUBLISHABLE_KEY, PUBLIC_SUPABASE_URL } from '../../../../lib/env.ts';
import { getBrowserClient } from '../../../../lib/browser/supabase.ts';

/** The access token of the latest heartbeat, for leaving while the page unloads. */
let lastToken: string | null = null;

/** How often an open form says it is still open; the database lets a mark lapse after 60 s. */
export const HEARTBEAT_MS = 20_000;

export interface Editor {
  userId: string;
  name: string;
}

export async function heartbeat(articleId: number): Promise<Editor[]> {
  lastToken = (await getBrowserClient().auth.getSession()).data.session?.access_token ?? null;
  const { data, error } = await getBrowserClient().rpc('article_heartbeat', { p_article_id: articleId });
  if (error) throw new Error(error.message);
  return data.map((r) => ({ userId: r.user_id, name: r.display_name || 'Someone' }));
}

export async function leave(articleId: number): Promise<void> {
  await getBrowserClient().rpc('article_leave', { p_article_id: articleId });
}

/**
 * Leaving as the tab closes: supabase-js's request would be cancelled with the page, so this is
 * a plain `keepalive` request, which the browser finishes after unload.
 */
export function leaveOnUnload(articleId: number): void {
  if (!lastToken) return;
  void fetch(`${PUBLIC_SUPABASE_URL}/rest/v1/rpc/article_leave`, {
    method: 'POST',
    keepalive: true,
    headers: {
      apikey: PUBLIC_SUPABASE_PUBLISHABLE_KEY,
      authorization: `Bearer ${lastToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_article_id: articleId }),
  }).catch(() => undefined);
}
