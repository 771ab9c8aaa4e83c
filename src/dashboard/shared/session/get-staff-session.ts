/**
 * Who is using the dashboard: the stored session (supabase-js keeps it in localStorage) and the
 * role from the user's profile. The role decides the screens; the database decides the data.
 */
import { getBrowserClient } from '../../../lib/browser/supabase.ts';

export type StaffRole = 'admin' | 'author' | 'reader';

export interface StaffSession {
  userId: string;
  email: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  role: StaffRole;
}

/** The signed-in user with their role, or null when nobody is signed in. */
export async function getStaffSession(): Promise<StaffSession | null> {
  const supabase = getBrowserClient();
  const { data } = await supabase.auth.getSession();
  const user = data.session?.user;
  if (!user) return null;
  const { data: profile, error } = await supabase
    .from('profiles')
    .select('role, display_name, avatar_url')
    .eq('id', user.id)
    .maybeSingle();
  if (error) throw new Error(error.message);
  const role = profile?.role === 'admin' || profile?.role === 'author' ? profile.role : 'reader';
  return {
    userId: user.id,
    email: user.email ?? null,
    displayName: profile?.display_name ?? null,
    avatarUrl: profile?.avatar_url ?? null,
    role,
  };
}

/** True once the user pressed Logout: the page is leaving for /login on its own. */
let leaving = false;
export const isSigningOut = (): boolean => leaving;

export async function signOut(): Promise<void> {
  // Set first: signing out notifies the session query, and the guard must not start a second
  // navigation (to /login?redirect=…) that would abort Logout's own.
  leaving = true;
  await getBrowserClient().auth.signOut();
}
