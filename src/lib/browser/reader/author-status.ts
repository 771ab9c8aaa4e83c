/**
 * Whether /author/{username} is a public profile (issue 28, reader spec §2): the 404 page of the
 * static host asks `author_profile_status`, which answers 'staff', 'not_staff' (an account whose
 * profile is not public) or 'none', and nothing else about the account. One plain POST as the
 * anonymous caller: no client library on a page that is otherwise static. Not a GET: the function
 * counts each caller's lookups (60 a minute, then 429; migration 20261128100100).
 */
import { PUBLIC_SUPABASE_PUBLISHABLE_KEY } from '../../env.ts';
import { rest } from '../engagement/rest.ts';

export type AuthorProfileStatus = 'staff' | 'not_staff' | 'none';

/** The status of `username`, or null when the lookup failed (the page then keeps its text). */
export async function authorProfileStatus(username: string): Promise<AuthorProfileStatus | null> {
  const result = await rest<unknown>('rpc/author_profile_status', {
    body: { p_username: username },
    caller: { token: PUBLIC_SUPABASE_PUBLISHABLE_KEY, userId: null },
    minimal: false,
  });
  if (!result.ok) return null;
  return result.data === 'staff' || result.data === 'not_staff' || result.data === 'none' ? result.data : null;
}
