/**
 * Auth mail through SMTP, as GoTrue sends it once custom SMTP is set: in-process servers whose
 * SMTP_* settings point at the local mail catcher (scripts/lib/mail-catcher.ts). A reader signs
 * up and confirms with the link or the code from the message, resets a password, runs into the
 * hourly e-mail limit (GoTrue's 429), and meets a dead SMTP server (GoTrue's 500, no details).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMailCatcher, type CaughtMessage, type MailCatcher } from '../../scripts/lib/mail-catcher.ts';
import { loadConfig, type ServerConfig } from '../../supabase/local/config.ts';
import { escapeHtml } from '../../supabase/local/http/util.ts';
import { startLocalServer, type LocalServer } from '../../supabase/local/server.ts';
import { followMailLink, uniqueEmail } from '../support/clients.ts';

const PASSWORD = 'correct-horse-battery';
const SENDER = 'no-reply@auth.esg-africa.test';
const SMTP_USER = 'smtp-user';
const SMTP_PASS = 'smtp-secret-password';

let catcher: MailCatcher;
let emptyDir: string;

function start(overrides: Partial<ServerConfig>): Promise<LocalServer> {
  return startLocalServer(
    loadConfig({
      port: 0,
      inMemory: true,
      databaseUrl: undefined,
      dataDir: emptyDir,
      // The auth schema comes with the bootstrap; app migrations are not needed here.
      migrationsDir: emptyDir,
      emailMinInterval: 0,
      bcryptCost: 4,
      ...overrides,
    }),
  );
}

function smtpTo(port: number): ServerConfig['smtp'] {
  return {
    host: '127.0.0.1',
    port,
    user: SMTP_USER,
    pass: SMTP_PASS,
    adminEmail: SENDER,
    senderName: 'ESG Africa News',
  };
}

function client(server: LocalServer): SupabaseClient {
  return createClient(server.url, server.config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

async function userCount(server: LocalServer, email: string): Promise<number> {
  return (await server.engine.query('select 1 from auth.users where email = $1', [email])).rows.length;
}

async function createConfirmedUser(server: LocalServer, email: string): Promise<void> {
  const { error } = await createClient(server.url, server.config.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  }).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  expect(error).toBeNull();
}

/** The verify link and the 6-digit code, read from the plain-text part. */
function linkAndCode(mail: CaughtMessage, server: LocalServer): { link: string; code: string } {
  const link = new RegExp(`^${server.url}/auth/v1/verify\\?\\S+$`, 'm').exec(mail.text)?.[0];
  const code = /Or enter this code: (\d{6})/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  expect(code, mail.text).toBeTruthy();
  return { link: link!, code: code! };
}

/** A port on this machine with nobody listening: the SMTP server is down. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-smtp-'));
  catcher = await startMailCatcher({ httpPort: null, credentials: { user: SMTP_USER, pass: SMTP_PASS } });
});

afterAll(async () => {
  await catcher?.close();
  fs.rmSync(emptyDir, { recursive: true, force: true });
});

describe('with SMTP configured', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await start({ smtp: smtpTo(catcher.smtpPort) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('mails the sign-up confirmation through SMTP; its link confirms the reader, who then signs in', async () => {
    const email = uniqueEmail('smtp-signup');
    const reader = client(server);
    const signUp = await reader.auth.signUp({ email, password: PASSWORD });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();

    const mail = await catcher.waitForMessage({ to: email, subject: 'Confirm Your Signup' });
    expect(mail.from).toEqual({ name: 'ESG Africa News', address: SENDER });
    expect(mail.to).toEqual([{ name: '', address: email }]);
    expect(mail.envelope).toEqual({ from: SENDER, to: [email] });
    expect(mail.authUser).toBe(SMTP_USER);
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative;/);
    expect(mail.headers['mime-version']).toBe('1.0');
    expect(mail.headers['auto-submitted']).toBe('auto-generated');
    expect(mail.messageId).toMatch(/^<.+@auth\.esg-africa\.test>$/);
    expect(mail.date).toBeTruthy();
    const { link, code } = linkAndCode(mail, server);
    expect(mail.text).toContain('Confirm your signup');
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
    expect(mail.html).toContain(code);
    // Sent, not stored: the local mailbox stays empty.
    const box = await fetch(`${server.url}/mailbox/messages?to=${encodeURIComponent(email)}`);
    expect(await box.json()).toEqual([]);

    const early = await reader.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.code).toBe('email_not_confirmed');
    const followed = await followMailLink(link);
    expect(followed.status).toBe(303);
    expect(followed.hash.get('type')).toBe('signup');
    expect(followed.hash.get('access_token')).toBeTruthy();
    const signedIn = await reader.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('confirms a sign-up with the code from the message instead of the link', async () => {
    const email = uniqueEmail('smtp-code');
    const reader = client(server);
    await reader.auth.signUp({ email, password: PASSWORD });
    const { code } = linkAndCode(await catcher.waitForMessage({ to: email, subject: 'Confirm Your Signup' }), server);
    const { data, error } = await reader.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  it('mails a password reset; its token opens a session that sets a new password', async () => {
    const email = uniqueEmail('smtp-recover');
    await createConfirmedUser(server, email);
    const reader = client(server);
    const asked = await reader.auth.resetPasswordForEmail(email, { redirectTo: 'http://127.0.0.1:4321/account' });
    expect(asked.error).toBeNull();

    const mail = await catcher.waitForMessage({ to: email, subject: 'Reset Your Password' });
    expect(mail.from).toEqual({ name: 'ESG Africa News', address: SENDER });
    expect(mail.text).toContain('Reset your password');
    const { link } = linkAndCode(mail, server);
    expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
    const url = new URL(link);
    expect(url.searchParams.get('type')).toBe('recovery');
    expect(url.searchParams.get('redirect_to')).toBe('http://127.0.0.1:4321/account');

    const verified = await reader.auth.verifyOtp({ token_hash: url.searchParams.get('token')!, type: 'recovery' });
    expect(verified.error).toBeNull();
    const changed = await reader.auth.updateUser({ password: 'a-brand-new-password' });
    expect(changed.error).toBeNull();
    const again = await client(server).auth.signInWithPassword({ email, password: 'a-brand-new-password' });
    expect(again.error).toBeNull();
  });
});

describe('the hourly e-mail limit (RATE_LIMIT_EMAIL_SENT)', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await start({ smtp: smtpTo(catcher.smtpPort), rateLimitEmailSent: { events: 2, seconds: 3600 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers GoTrue's 429 over_email_send_rate_limit once the hour's mails are sent, for any address", async () => {
    const [a, b, c] = [uniqueEmail('limit-a'), uniqueEmail('limit-b'), uniqueEmail('limit-c')];
    expect((await client(server).auth.signUp({ email: a, password: PASSWORD })).error).toBeNull();
    expect((await client(server).auth.signUp({ email: b, password: PASSWORD })).error).toBeNull();
    await catcher.waitForMessage({ to: b, subject: 'Confirm Your Signup' });

    const third = await client(server).auth.signUp({ email: c, password: PASSWORD });
    expect(third.error?.status).toBe(429);
    expect(third.error?.code).toBe('over_email_send_rate_limit');
    expect(third.error?.message).toBe('email rate limit exceeded');
    // The sign-up was rolled back with its mail, as in GoTrue.
    expect(await userCount(server, c)).toBe(0);
    const resent = await client(server).auth.resend({ type: 'signup', email: a });
    expect(resent.error?.code).toBe('over_email_send_rate_limit');
    expect(catcher.messages({ to: c })).toEqual([]);
    expect(catcher.messages({ to: a })).toHaveLength(1);
  });
});

describe('when the SMTP server is down', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await start({ smtp: smtpTo(await closedPort()) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers GoTrue's 500 with no detail of the failure, logs the cause and keeps no half-made user", async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const email = uniqueEmail('smtp-down');
      const { data, error } = await client(server).auth.signUp({ email, password: PASSWORD });
      expect(data.user).toBeNull();
      // auth-js reports any 5xx as retryable, with the body's message (the code is in the body).
      expect(error?.name).toBe('AuthRetryableFetchError');
      expect(error?.status).toBe(500);
      expect(error?.message).toBe('Error sending confirmation email');

      const headers = { apikey: server.config.anonKey, 'content-type': 'application/json' };
      const body = JSON.stringify({ email, password: PASSWORD });
      const dated = await fetch(`${server.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { ...headers, 'X-Supabase-Api-Version': '2024-01-01' },
        body,
      });
      expect(dated.status).toBe(500);
      expect(await dated.json()).toEqual({ code: 'unexpected_failure', message: 'Error sending confirmation email' });
      const legacy = await fetch(`${server.url}/auth/v1/signup`, { method: 'POST', headers, body });
      expect(await legacy.json()).toEqual({
        code: 500,
        error_code: 'unexpected_failure',
        msg: 'Error sending confirmation email',
      });
      expect(await userCount(server, email)).toBe(0);

      const logged = stderr.mock.calls.map(([chunk]) => String(chunk)).join('');
      expect(logged).toMatch(/\[auth\] Error sending confirmation email: .*ECONNREFUSED/);
      expect(logged).not.toContain(SMTP_PASS);
    } finally {
      stderr.mockRestore();
    }
  });

  it('answers a password reset for a real account with "Error sending recovery email"', async () => {
    const email = uniqueEmail('smtp-down-recover');
    await createConfirmedUser(server, email);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const { error } = await client(server).auth.resetPasswordForEmail(email);
      expect(error?.status).toBe(500);
      expect(error?.message).toBe('Error sending recovery email');
    } finally {
      stderr.mockRestore();
    }
  });
});
