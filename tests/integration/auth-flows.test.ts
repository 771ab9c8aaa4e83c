/**
 * The rest of the signed-in user's API: verifyOtp (OTP code and token_hash), updateUser
 * (metadata, e-mail change), resend and the sign-out scopes.
 */
import { describe, expect, it } from 'vitest';
import { anonClient, followMailLink, mailFor, signedInClient, uniqueEmail } from '../support/clients.ts';

const PASSWORD = 'correct-horse-battery';

async function newestMail(email: string) {
  const mails = await mailFor(email);
  expect(mails.length).toBeGreaterThan(0);
  return mails[0]!;
}

const otpOf = (html: string) => /Or enter this code: <strong[^>]*>(\d{6})</.exec(html)![1]!;
const tokenHashOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('verifyOtp', () => {
  it('confirms a sign-up with the 6-digit code from the mail', async () => {
    const email = uniqueEmail('otp');
    const client = anonClient();
    await client.auth.signUp({ email, password: PASSWORD });
    const mail = await newestMail(email);

    const wrong = await client.auth.verifyOtp({ email, token: '000000', type: 'signup' });
    const code = otpOf(mail.html);
    if (code !== '000000') {
      expect(wrong.error?.code).toBe('otp_expired');
      expect(wrong.error?.status).toBe(403);
      expect(wrong.error?.message).toBe('Token has expired or is invalid');
    }
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect((await client.auth.getSession()).data.session?.user.id).toBe(data.user?.id);
  });

  it('signs in with the token_hash of a recovery link, once', async () => {
    const { email } = await signedInClient(uniqueEmail('otp-hash'));
    const client = anonClient();
    await client.auth.resetPasswordForEmail(email);
    const hash = tokenHashOf((await newestMail(email)).link!);
    const first = await client.auth.verifyOtp({ token_hash: hash, type: 'recovery' });
    expect(first.error).toBeNull();
    expect(first.data.user?.email).toBe(email);
    const second = await anonClient().auth.verifyOtp({ token_hash: hash, type: 'recovery' });
    expect(second.error?.code).toBe('otp_expired');
  });
});

describe('updateUser', () => {
  it('merges user metadata and deletes keys set to null', async () => {
    const { client } = await signedInClient(uniqueEmail('meta'), PASSWORD, { display_name: 'Amina', city: 'Accra' });
    const { data, error } = await client.auth.updateUser({ data: { city: null, bio: 'Climate desk' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ display_name: 'Amina', bio: 'Climate desk' });
    expect(data.user?.user_metadata).not.toHaveProperty('city');
    // The next access token carries the new metadata.
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.data.session?.user.user_metadata.bio).toBe('Climate desk');
  });

  it('changes the e-mail address after the new address confirms it', async () => {
    const { client, email } = await signedInClient(uniqueEmail('change-from'));
    const newEmail = uniqueEmail('change-to');
    const { data, error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(newEmail);

    const mail = await newestMail(newEmail);
    expect(mail.subject).toBe('Confirm Email Change');
    expect(mail.kind).toBe('email_change');
    const followed = await followMailLink(mail.link!);
    expect(followed.hash.get('type')).toBe('email_change');
    const me = await client.auth.getUser(followed.hash.get('access_token')!);
    expect(me.data.user?.email).toBe(newEmail);
    expect(me.data.user?.new_email).toBeUndefined();

    expect((await anonClient().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error).toBeNull();
    const old = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');
  });

  it('refuses an address that belongs to someone else', async () => {
    const { client } = await signedInClient(uniqueEmail('taken-a'));
    const other = await signedInClient(uniqueEmail('taken-b'));
    const { error } = await client.auth.updateUser({ email: other.email });
    expect(error?.code).toBe('email_exists');
    expect(error?.status).toBe(422);
  });
});

describe('resend', () => {
  it('sends a new confirmation to an unconfirmed address only', async () => {
    const email = uniqueEmail('resend');
    const client = anonClient();
    await client.auth.signUp({ email, password: PASSWORD });
    const { data, error } = await client.auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    expect(data).toMatchObject({ user: null, session: null });
    expect(await mailFor(email)).toHaveLength(2);

    const confirmed = await signedInClient(uniqueEmail('resend-confirmed'));
    await client.auth.resend({ type: 'signup', email: confirmed.email });
    expect(await mailFor(confirmed.email)).toHaveLength(0);
  });
});

describe('sign-out scopes', () => {
  async function twoSessions() {
    const first = await signedInClient(uniqueEmail('scopes'));
    const second = anonClient();
    await second.auth.signInWithPassword({ email: first.email, password: first.password });
    return { a: first.client, b: second };
  }
  const refreshToken = async (c: ReturnType<typeof anonClient>) =>
    (await c.auth.getSession()).data.session!.refresh_token;

  it('local ends only the current session', async () => {
    const { a, b } = await twoSessions();
    const aToken = await refreshToken(a);
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await anonClient().auth.refreshSession({ refresh_token: aToken })).error?.code).toBe(
      'refresh_token_not_found',
    );
    expect((await b.auth.refreshSession()).error).toBeNull();
  });

  it('others ends every session but the current one', async () => {
    const { a, b } = await twoSessions();
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await b.auth.refreshSession()).error?.code).toBe('refresh_token_not_found');
    expect((await a.auth.refreshSession()).error).toBeNull();
  });

  it('global ends them all', async () => {
    const { a, b } = await twoSessions();
    expect((await a.auth.signOut()).error).toBeNull();
    expect((await b.auth.refreshSession()).error?.code).toBe('refresh_token_not_found');
  });
});
