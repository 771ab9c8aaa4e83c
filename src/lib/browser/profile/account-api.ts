/**
 * The readers' rights on /profile (issue 30, POPIA): a copy of everything held about the signed-in
 * person (public.my_data) and the deletion of their account (public.delete_my_account). Both are
 * database functions that act only on the caller (auth.uid()); this file calls them and words
 * their refusals from the catalogue.
 */
import { getBrowserClient } from '../supabase.ts';
import { ACCOUNT } from '../../messages/profile.ts';
import { refusalMessage } from '../../rules/database-errors.ts';
import { ACCOUNT_REFUSALS } from '../../rules/profile/account-rules.ts';
import { $session } from '../reader/session.ts';

const AVATAR_PAGE = 100;

/** The signed-in person's data as pretty-printed JSON text, ready to save as a file. */
export async function fetchMyData(): Promise<string> {
  const { data, error } = await getBrowserClient().rpc('my_data');
  if (error) throw new Error(refusalMessage(error, ACCOUNT.downloadFailed));
  return `${JSON.stringify(data, null, 2)}\n`;
}

/**
 * Removes the staff avatar files (`<id>-avatar-….ext` in the avatars bucket), which the database
 * function cannot: Storage owns its files (hosted Supabase refuses deletes from storage.objects
 * in SQL). Readers have none; a failure here leaves the account as it was.
 */
async function removeMyAvatars(userId: string): Promise<void> {
  const storage = getBrowserClient().storage.from('avatars');
  const prefix = `${userId}-avatar-`;
  // Each upload is a new file, so there may be many: removed a page at a time until none is left.
  for (;;) {
    const { data, error } = await storage.list('', { search: prefix, limit: AVATAR_PAGE });
    if (error) throw new Error(ACCOUNT.deleteFailed);
    const names = (data ?? []).map((f) => f.name).filter((name) => name.startsWith(prefix));
    if (names.length === 0) return;
    const removed = await storage.remove(names);
    // Nothing removed (a policy refused quietly) would list the same page again: stop there.
    if (removed.error || (removed.data ?? []).length === 0) throw new Error(ACCOUNT.deleteFailed);
  }
}

/**
 * Deletes the account after the person typed its e-mail address (checked again by the database),
 * then forgets the session in this browser: the server has already dropped it with the account.
 */
export async function deleteMyAccount(userId: string, typedEmail: string, mayHaveAvatar: boolean): Promise<void> {
  if (mayHaveAvatar) await removeMyAvatars(userId);
  const client = getBrowserClient();
  const { error } = await client.rpc('delete_my_account', { p_email: typedEmail });
  if (error) throw new Error(refusalMessage(error, ACCOUNT.deleteFailed, ACCOUNT_REFUSALS));
  await client.auth.signOut({ scope: 'local' }).catch(() => null);
  $session.set(null);
}
