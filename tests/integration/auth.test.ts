/**
 * GoTrue flows through the real supabase-js client against the local server: sign-up with
 * e-mail confirmation, sign-in errors, password recovery, refresh-token rotation, sign-out,
 * redirect allow-list and the mailbox page.
 */
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { signJwt } from '../../supabase/local/auth/jwt.ts';
import { anonClient, apiUrl, followMailLink, mailFor, signedInClient, uniqueEmail } from '../support/clients.ts';

const PASSWORD = 'correct-horse-battery';
/** The site URL the server falls back to: same environment as the global setup. */
const SITE_URL = loadConfig().siteUrl;

async function latestMail(email: string) {
  const mails = await mailFor(email);
  expect(mails.length).toBeGreaterThan(0);
  return mails[0]!;
}

describe('sign-up with e-mail confirmation', () => {
  it('sends a confirmation mail whose link confirms the address and signs the user in', async () => {
    const email = uniqueEmail('signup');
    const client = anonClient();
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { display_name: 'Thandi' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', phone: '' });
    expect(data.user?.confirmation_sent_at).toMatch(/Z$/);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata).toMatchObject({ display_name: 'Thandi', email, email_verified: false });
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', id: data.user?.id, user_id: data.user?.id });

    // Before confirming: the password is checked first, then the confirmation.
    const wrong = await client.auth.signInWithPassword({ email, password: 'not-the-password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    const early = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);
    expect(early.error?.message).toBe('Email not confirmed');

    const mail = await latestMail(email);
    expect(mail.subject).toBe('Confirm Your Signup');
    expect(mail.kind).toBe('signup');
    expect(mail.html).toContain('ESG Africa News');
    expect(mail.link).toMatch(
      new RegExp(`^${apiUrl().replace(/[.]/g, '\\.')}/auth/v1/verify\\?token=[0-9a-f]{56}&type=signup&redirect_to=`),
    );
    expect(mail.html).toMatch(/\b\d{6}\b/);

    const followed = await followMailLink(mail.link!);
    expect(followed.status).toBe(303);
    expect(followed.location.startsWith(`${SITE_URL}#`)).toBe(true);
    const keys = [...followed.hash.keys()];
    expect(keys).toEqual([...keys].sort());
    expect(followed.hash.get('type')).toBe('signup');
    expect(followed.hash.get('token_type')).toBe('bearer');
    expect(followed.hash.get('expires_in')).toBe('3600');
    expect(followed.hash.get('sb')).toBe('');
    expect(followed.hash.get('refresh_token')).toMatch(/^[a-z0-9]{12}$/);

    const fromLink = await client.auth.getUser(followed.hash.get('access_token')!);
    expect(fromLink.error).toBeNull();
    expect(fromLink.data.user?.email_confirmed_at).toBeTruthy();
    expect(fromLink.data.user?.user_metadata.email_verified).toBe(true);

    // The link is single-use.
    const again = await followMailLink(mail.link!);
    expect(again.status).toBe(303);
    expect(again.hash.get('error_code')).toBe('otp_expired');

    const signed = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signed.error).toBeNull();
    expect(signed.data.session?.access_token).toBeTruthy();
    expect(signed.data.session?.expires_in).toBe(3600);
    expect(signed.data.user?.last_sign_in_at).toBeTruthy();
    const claims = JSON.parse(Buffer.from(signed.data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      iss: `${apiUrl()}/auth/v1`,
      sub: signed.data.user?.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.amr[0].method).toBe('password');
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it('rejects a weak password and a malformed address', async () => {
    const client = anonClient();
    const weak = await client.auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.message).toBe('Password should be at least 6 characters.');
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(['length']);

    const bad = await client.auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(bad.error?.code).toBe('validation_failed');
    expect(bad.error?.status).toBe(400);
  });

  it('answers a repeated sign-up of a confirmed address with a fake user and no mail', async () => {
    const { email, userId } = await signedInClient(uniqueEmail('dup'));
    const { data, error } = await anonClient().auth.signUp({ email, password: 'another-password' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.id).not.toBe(userId);
    expect(data.user?.identities).toEqual([]);
    expect(await mailFor(email)).toHaveLength(0);
  });

  it('re-sends the confirmation for an unconfirmed address without changing its password', async () => {
    const email = uniqueEmail('resignup');
    const client = anonClient();
    const first = await client.auth.signUp({ email, password: PASSWORD });
    const second = await client.auth.signUp({ email, password: 'a-different-password' });
    expect(second.error).toBeNull();
    expect(second.data.user?.id).toBe(first.data.user?.id);
    const mails = await mailFor(email);
    expect(mails).toHaveLength(2);
    // A new mail replaces the previous token.
    expect((await followMailLink(mails[1]!.link!)).hash.get('error_code')).toBe('otp_expired');
    expect((await followMailLink(mails[0]!.link!)).hash.get('type')).toBe('signup');
    expect((await client.auth.signInWithPassword({ email, password: 'a-different-password' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });
});

describe('sign-in', () => {
  it('gives invalid_credentials for a wrong password and for an unknown address', async () => {
    const { email } = await signedInClient(uniqueEmail('signin'));
    const client = anonClient();
    const wrong = await client.auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await client.auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  it('accepts the address in any letter case', async () => {
    const { email } = await signedInClient(uniqueEmail('case'));
    const { error } = await anonClient().auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD });
    expect(error).toBeNull();
  });
});

describe('password recovery', () => {
  it('mails a link whose session may set a new password', async () => {
    const { email, client: oldClient } = await signedInClient(uniqueEmail('recover'));
    const oldRefresh = (await oldClient.auth.getSession()).data.session!.refresh_token;
    const client = anonClient();
    const sent = await client.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:4321/reset' });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({});

    const mail = await latestMail(email);
    expect(mail.subject).toBe('Reset Your Password');
    expect(mail.kind).toBe('recovery');
    const followed = await followMailLink(mail.link!);
    expect(followed.status).toBe(303);
    expect(followed.location.startsWith('http://localhost:4321/reset#')).toBe(true);
    expect(followed.hash.get('type')).toBe('recovery');

    const recovering = anonClient();
    const set = await recovering.auth.setSession({
      access_token: followed.hash.get('access_token')!,
      refresh_token: followed.hash.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    const same = await recovering.auth.updateUser({ password: PASSWORD });
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.status).toBe(422);
    const weak = await recovering.auth.updateUser({ password: 'short' });
    expect(weak.error?.code).toBe('weak_password');
    const updated = await recovering.auth.updateUser({ password: 'a-brand-new-password' });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.email).toBe(email);

    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await client.auth.signInWithPassword({ email, password: 'a-brand-new-password' })).error).toBeNull();
    // A password change ends the user's other sessions.
    const stale = await anonClient().auth.refreshSession({ refresh_token: oldRefresh });
    expect(stale.error?.code).toBe('refresh_token_not_found');
  });

  it('answers {} for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const { data, error } = await anonClient().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await mailFor(email)).toHaveLength(0);
  });
});

describe('refresh tokens', () => {
  it('rotates the token and tolerates the reuse of recent ones', async () => {
    const { client } = await signedInClient(uniqueEmail('rotate'));
    const t0 = (await client.auth.getSession()).data.session!.refresh_token;
    const first = await client.auth.refreshSession();
    expect(first.error).toBeNull();
    const t1 = first.data.session!.refresh_token;
    expect(t1).not.toBe(t0);

    // t0 is the parent of the active token: the client lost the answer, so it gets t1 again.
    const lost = await anonClient().auth.refreshSession({ refresh_token: t0 });
    expect(lost.error).toBeNull();
    expect(lost.data.session?.refresh_token).toBe(t1);

    const second = await client.auth.refreshSession();
    const t2 = second.data.session!.refresh_token;
    expect(t2).not.toBe(t1);
    // t0 is older but still inside the reuse interval (10 s here): a concurrent tab, not a replay.
    const concurrent = await anonClient().auth.refreshSession({ refresh_token: t0 });
    expect(concurrent.error).toBeNull();
    expect([t0, t1, t2]).not.toContain(concurrent.data.session?.refresh_token);
  });

  it('rejects unknown and malformed refresh tokens', async () => {
    const unknown = await anonClient().auth.refreshSession({ refresh_token: 'abcdefghijkl' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
    expect(unknown.error?.status).toBe(400);
    expect(unknown.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
    const malformed = await anonClient().auth.refreshSession({ refresh_token: 'short' });
    expect(malformed.error?.code).toBe('validation_failed');
  });
});

describe('access tokens', () => {
  it('refuses expired and forged JWTs on /user', async () => {
    const { client, userId } = await signedInClient(uniqueEmail('jwt'));
    const session = (await client.auth.getSession()).data.session!;
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);

    const expired = signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, inject('jwtSecret'));
    const e1 = await client.auth.getUser(expired);
    expect(e1.error?.code).toBe('bad_jwt');
    expect(e1.error?.status).toBe(403);

    const forged = signJwt({ ...claims, sub: userId }, 'someone-elses-secret-of-32-characters!!');
    const e2 = await client.auth.getUser(forged);
    expect(e2.error?.code).toBe('bad_jwt');

    const ok = await client.auth.getUser(session.access_token);
    expect(ok.data.user?.id).toBe(userId);
  });

  it('requires a bearer token on /user', async () => {
    const res = await fetch(`${apiUrl()}/auth/v1/user`, {
      headers: { apikey: inject('anonKey'), 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
  });
});

describe('sign-out', () => {
  it('revokes the refresh token and the session behind the access token', async () => {
    const { client } = await signedInClient(uniqueEmail('signout'));
    const session = (await client.auth.getSession()).data.session!;
    const out = await client.auth.signOut();
    expect(out.error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();

    const refreshed = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');

    const res = await fetch(`${apiUrl()}/auth/v1/user`, {
      headers: {
        apikey: inject('anonKey'),
        Authorization: `Bearer ${session.access_token}`,
        'X-Supabase-Api-Version': '2024-01-01',
      },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('session_not_found');
  });
});

describe('redirects from e-mail links', () => {
  it('falls back to the site URL when redirect_to is not allowed', async () => {
    const email = uniqueEmail('redirect');
    await anonClient().auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'https://evil.example/x' },
    });
    const link = (await latestMail(email)).link!;
    expect(link).not.toContain('evil');
    const followed = await followMailLink(link);
    expect(followed.location.startsWith(`${SITE_URL}#`)).toBe(true);
    expect(followed.hash.get('access_token')).toBeTruthy();
  });

  it('keeps an allowed redirect_to, query included', async () => {
    const email = uniqueEmail('redirect-ok');
    const target = 'http://localhost:4321/welcome?from=mail';
    await anonClient().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: target } });
    const followed = await followMailLink((await latestMail(email)).link!);
    expect(followed.location.startsWith(`${target}#`)).toBe(true);
  });

  it('sends a bad link to the site URL with an otp_expired error', async () => {
    const link = `${apiUrl()}/auth/v1/verify?token=${'0'.repeat(56)}&type=signup&redirect_to=${encodeURIComponent('https://evil.example/')}`;
    const followed = await followMailLink(link);
    expect(followed.status).toBe(303);
    expect(followed.location).toBe(
      `${SITE_URL}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`,
    );
  });
});

describe('mailbox page', () => {
  it('lists the mail with every value escaped', async () => {
    const email = uniqueEmail("o'brien&co");
    await anonClient().auth.signUp({ email, password: PASSWORD });
    const res = await fetch(`${apiUrl()}/mailbox?to=${encodeURIComponent(email)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await res.text();
    expect(page).toContain('Confirm Your Signup');
    expect(page).toContain(email.replace('&', '&#38;').replace("'", '&#39;'));
    expect(page).not.toContain(email);
    expect(page).not.toMatch(/<script/i);
    // The mail body sits escaped inside srcdoc; the only real <h1> is the page's own.
    expect(page.match(/<h1/g)).toHaveLength(1);
    expect(page).toContain('srcdoc="&#60;!doctype html&#62;');
    const link = (await latestMail(email)).link!;
    expect(page).toContain(`href="${link.replace(/&/g, '&#38;')}"`);
  });
});
