/**
 * The service-role admin API (auth.admin.*) and the GoTrue error envelope.
 */
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { anonClient, apiUrl, serviceClient, signedInClient, uniqueEmail } from '../support/clients.ts';

const PASSWORD = 'correct-horse-battery';

describe('admin users API', () => {
  it('creates, reads, lists, updates and deletes a user', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('admin');
    const created = await admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { display_name: 'Admin Made' },
      app_metadata: { roles: ['editor'] },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated' });
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'], roles: ['editor'] });
    expect(user.user_metadata).toMatchObject({ display_name: 'Admin Made', email_verified: true });
    expect(user.identities?.[0]?.provider).toBe('email');

    const dup = await admin.createUser({ email, password: PASSWORD });
    expect(dup.error?.code).toBe('email_exists');
    expect(dup.error?.status).toBe(422);

    const fetched = await admin.getUserById(user.id);
    expect(fetched.data.user?.id).toBe(user.id);

    const listed = await admin.listUsers({ page: 1, perPage: 2 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.length).toBeLessThanOrEqual(2);
    expect(listed.data.users.length).toBeGreaterThan(0);
    expect((listed.data as { total?: number }).total).toBeGreaterThanOrEqual(1);
    expect((listed.data as { aud?: string }).aud).toBe('authenticated');

    const signedIn = anonClient();
    expect((await signedIn.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const updated = await admin.updateUserById(user.id, {
      user_metadata: { display_name: null, city: 'Nairobi' },
      app_metadata: { roles: ['admin'] },
      password: 'changed-by-admin',
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata.display_name).toBeUndefined();
    expect(updated.data.user?.user_metadata.city).toBe('Nairobi');
    expect(updated.data.user?.app_metadata.roles).toEqual(['admin']);
    // A password set by the admin ends the user's sessions.
    expect((await signedIn.auth.refreshSession()).error?.code).toBe('refresh_token_not_found');
    expect((await anonClient().auth.signInWithPassword({ email, password: 'changed-by-admin' })).error).toBeNull();

    const deleted = await admin.deleteUser(user.id);
    expect(deleted.error).toBeNull();
    const gone = await admin.getUserById(user.id);
    expect(gone.error?.code).toBe('user_not_found');
    expect(gone.error?.status).toBe(404);
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'changed-by-admin' });
    expect(signIn.error?.code).toBe('invalid_credentials');
  });

  it('creates unconfirmed users who cannot sign in yet', async () => {
    const email = uniqueEmail('admin-unconfirmed');
    const created = await serviceClient().auth.admin.createUser({ email, password: PASSWORD });
    expect(created.data.user?.email_confirmed_at).toBeUndefined();
    const signIn = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error?.code).toBe('email_not_confirmed');
  });

  it('bans a user', async () => {
    const { userId, email } = await signedInClient(uniqueEmail('banned'));
    const banned = await serviceClient().auth.admin.updateUserById(userId, { ban_duration: '24h' });
    expect(banned.data.user?.banned_until).toBeTruthy();
    const signIn = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error?.code).toBe('user_banned');
    await serviceClient().auth.admin.updateUserById(userId, { ban_duration: 'none' });
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('refuses keys and tokens without an admin role', async () => {
    const anonAdmin = anonClient().auth.admin;
    const listed = await anonAdmin.listUsers();
    expect(listed.error?.code).toBe('not_admin');
    expect(listed.error?.status).toBe(403);
    expect(listed.error?.message).toBe('User not allowed');

    const { client } = await signedInClient(uniqueEmail('not-admin'));
    const token = (await client.auth.getSession()).data.session!.access_token;
    const res = await fetch(`${apiUrl()}/auth/v1/admin/users`, {
      headers: { apikey: inject('anonKey'), Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-sb-error-code')).toBe('not_admin');
  });

  it('answers 404 for malformed and unknown ids', async () => {
    const admin = serviceClient().auth.admin;
    // auth-js refuses a malformed id itself, so ask the server directly.
    const key = inject('serviceRoleKey');
    const res = await fetch(`${apiUrl()}/auth/v1/admin/users/not-a-uuid`, {
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'validation_failed', message: 'user_id must be an UUID' });
    const unknown = await admin.getUserById('00000000-0000-4000-8000-000000000000');
    expect(unknown.error?.code).toBe('user_not_found');
  });
});

describe('error envelope', () => {
  const url = (path: string) => `${apiUrl()}/auth/v1${path}`;
  const headers = { apikey: inject('anonKey'), 'Content-Type': 'application/json' };

  it('answers the 2024-01-01 shape with the version and error-code headers', async () => {
    const res = await fetch(url('/token?grant_type=password'), {
      method: 'POST',
      headers: { ...headers, 'X-Supabase-Api-Version': '2024-01-01' },
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(res.headers.get('x-sb-error-code')).toBe('bad_json');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.code).toBe('bad_json');
    expect(body.message).toMatch(/^Could not parse request body as JSON/);
  });

  it('answers the legacy shape to clients without the version header', async () => {
    const res = await fetch(url('/token?grant_type=password'), {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: uniqueEmail('legacy'), password: 'whatever-123' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('refuses bodies over the size limit', async () => {
    const res = await fetch(url('/signup'), {
      method: 'POST',
      headers: { ...headers, 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({
        email: uniqueEmail('big'),
        password: PASSWORD,
        data: { blob: 'x'.repeat(2 * 1024 * 1024) },
      }),
    });
    expect(res.status).toBe(413);
  });

  it('serves /settings and /health', async () => {
    const settings = (await (await fetch(url('/settings'), { headers })).json()) as Record<string, unknown>;
    expect(settings).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
    });
    expect((settings.external as Record<string, boolean>).email).toBe(true);
    const health = await fetch(url('/health'));
    expect(await health.json()).toMatchObject({ name: 'GoTrue', version: 'local' });
  });
});
