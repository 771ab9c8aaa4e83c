/**
 * What a production project needs besides the migrations, and nothing of the demo: the category
 * taxonomy (with its fixed ids) and a first admin. Roles can only be set with the secret key or
 * SQL, so without this a new newsroom has no one who can open the dashboard's admin screens.
 *
 * Idempotent: existing categories are left as they are, and promoting an admin twice is a no-op.
 */
import { createClient } from '@supabase/supabase-js';
import { taxonomyRows } from './taxonomy.ts';

export interface ProductionSetup {
  /** The project's API URL (`https://<ref>.supabase.co`). */
  apiUrl: string;
  /** A secret key (`sb_secret_…`) or the legacy service-role key. */
  secretKey: string;
  /** The e-mail of an existing account to make admin. */
  adminEmail: string;
  log?: (line: string) => void;
}

/** A step that cannot be done, with what the person running the setup should do about it. */
export class SetupError extends Error {}

export async function setupProduction({
  apiUrl,
  secretKey,
  adminEmail,
  log = () => {},
}: ProductionSetup): Promise<void> {
  const service = createClient(apiUrl, secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

  const { data: added, error: taxonomyError } = await service.rpc('install_taxonomy', {
    p_categories: taxonomyRows(),
  });
  if (taxonomyError) {
    throw new SetupError(
      `Installing the categories failed (${taxonomyError.message}). Apply the migrations first: npx supabase db push.`,
    );
  }
  log(`categories: ${String(added)} added, ${taxonomyRows().length - Number(added)} already there`);

  const email = adminEmail.trim().toLowerCase();
  const { data: profiles, error: findError } = await service.from('profiles').select('id, role').eq('email', email);
  if (findError) throw new SetupError(`Looking up ${email} failed (${findError.message}).`);
  const profile = profiles[0];
  if (!profile) {
    throw new SetupError(
      `No account has the e-mail ${email}. Register it on the site (or add it in Supabase: Authentication → Users → Add user), then run this again.`,
    );
  }
  if (profile.role === 'admin') {
    log(`admin: ${email} is already an admin`);
    return;
  }
  const { error: roleError } = await service.from('profiles').update({ role: 'admin' }).eq('id', profile.id);
  if (roleError) throw new SetupError(`Making ${email} an admin failed (${roleError.message}).`);
  log(`admin: ${email} is now an admin`);
}
