/**
 * Issue 13, auth: refresh-token replay, account enumeration through password recovery, sign-in
 * brute force and open redirects, as raw HTTP against /auth/v1. Effects are re-read with the
 * admin API (last sign-in, metadata) and the local mailbox.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { startLocalServer } from '../../supabase/local/server.ts';
import { apiUrl, followMailLink, mailFor, serviceClient, signedInClient, uniqueEmail } from '../support/clients.ts';

const SITE = 'http://127.0.0.1:4321';
const EVIL = ['https://evil.example', '//evil.example', '/\\evil.example', 'https://evil.example/127.0.0.1:4321'];

async function auth(path: string, body: unknown, extra: Record<string, string> = {}, base = apiUrl()) {
  const res = await fetch(`${base}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: inject('anonKey'),
      'content-type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      ...extra,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
}

const refresh = (token: string) => auth('/token?grant_type=refresh_token', { refresh_token: token });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('refresh tokens', () => {
  it('a rotated token replayed after the reuse interval is refused and revokes the whole session', async () => {
    const user = await signedInClient();
    const signIn = await auth('/token?grant_type=password', { email: user.email, password: user.password });
    const a = signIn.json!.refresh_token as string;
    const b = (await refresh(a)).json!.refresh_token as string;
    // Losing an answer is forgiven: the parent of the active token yields that token again.
    expect((await refresh(a)).json!.refresh_token).toBe(b);
    const c = (await refresh(b)).json!.refresh_token as string;
    expect(c).toMatch(/^[a-z0-9]{12}$/);
    await sleep(11_000); // past REFRESH_TOKEN_REUSE_INTERVAL (10 s)

    const replay = await refresh(a);
    expect(replay.status).toBe(400);
    expect(replay.json).toMatchObject({ code: 'refresh_token_already_used' });
    expect(replay.text).not.toContain('access_token');
    // The family is revoked: the legitimate holder's newest token no longer works either.
    const victim = await refresh(c);
    expect(victim.status).toBe(400);
    expect(victim.text).not.toContain('access_token');
    // Nor the middle one.
    expect((await refresh(b)).status).toBe(400);
  }, 30_000);
});

describe('password recovery', () => {
  it('answers an unknown address exactly like a known one and sends it no mail', async () => {
    const known = await signedInClient();
    const unknown = uniqueEmail('nobody');
    const a = await auth('/recover', { email: known.email });
    const b = await auth('/recover', { email: unknown });
    expect(b.status).toBe(a.status);
    expect(b.text).toBe(a.text);
    expect(a.status).toBe(200);
    expect(await mailFor(unknown)).toEqual([]);
    expect((await mailFor(known.email)).length).toBe(1);
  });

  describe("with GoTrue's one-mail-per-interval limit on", () => {
    let server: Awaited<ReturnType<typeof startLocalServer>>;
    beforeAll(async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secauth-mail-'));
      const config = loadConfig({ port: 0, inMemory: true, dataDir, emailMinInterval: 60, bcryptCost: 4 });
      server = await startLocalServer(config);
    }, 120_000);
    afterAll(async () => {
      await server?.close();
    });

    it('a second request for a known address within the interval does not reveal it', async () => {
      const email = uniqueEmail('limited');
      const admin = await fetch(`${server.url}/auth/v1/admin/users`, {
        method: 'POST',
        headers: {
          apikey: server.config.serviceRoleKey,
          Authorization: `Bearer ${server.config.serviceRoleKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ email, password: 'correct-horse-battery', email_confirm: true }),
      });
      expect(admin.status).toBe(200);
      const first = await auth('/recover', { email }, {}, server.url);
      const second = await auth('/recover', { email }, {}, server.url);
      const stranger = await auth('/recover', { email: uniqueEmail('nobody') }, {}, server.url);
      expect([first.status, second.status, stranger.status]).toEqual([200, 200, 200]);
      expect(second.text).toBe(stranger.text);
      // The limit itself still holds: one mail, not two.
      const box = await fetch(`${server.url}/mailbox/messages?to=${encodeURIComponent(email)}`);
      expect(((await box.json()) as unknown[]).length).toBe(1);
    });
  });
});

describe('sign-in brute force', () => {
  it('is throttled per address after 10 failures, even for the right password, and signs nobody in', async () => {
    const user = await signedInClient();
    const admin = serviceClient();
    const before = (await admin.auth.admin.getUserById(user.userId)).data.user!.last_sign_in_at;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await auth('/token?grant_type=password', { email: user.email, password: `guess-${i}` })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const right = await auth('/token?grant_type=password', { email: user.email, password: user.password });
    expect(right.status).toBe(429);
    expect(right.json).toMatchObject({ code: 'over_request_rate_limit' });
    expect(right.text).not.toContain('access_token');
    expect((await admin.auth.admin.getUserById(user.userId)).data.user!.last_sign_in_at).toBe(before);

    // Unknown addresses are throttled the same way (no enumeration through the limit).
    const ghost = uniqueEmail('ghost');
    const ghostStatuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      ghostStatuses.push((await auth('/token?grant_type=password', { email: ghost, password: 'x' })).status);
    }
    expect(ghostStatuses.at(-1)).toBe(429);

    // Other accounts from the same client are not affected.
    const other = await signedInClient();
    expect((await auth('/token?grant_type=password', { email: other.email, password: other.password })).status).toBe(
      200,
    );
  });
});

describe('redirect targets outside the site', () => {
  for (const evil of EVIL) {
    it(`are ignored for signup, recovery and magic links: ${evil}`, async () => {
      // Signup: the link in the mail and the place it finally sends the browser.
      const email = uniqueEmail('redir');
      const signup = await auth(`/signup?redirect_to=${encodeURIComponent(evil)}`, {
        email,
        password: 'correct-horse-battery',
      });
      expect(signup.status).toBe(200);
      const [mail] = await mailFor(email);
      expect(mail!.link).not.toContain('evil.example');
      // The attacker edits the link's redirect_to before sending it to the victim.
      const tampered = new URL(mail!.link!);
      tampered.searchParams.set('redirect_to', evil);
      const landed = await followMailLink(tampered.toString());
      expect(landed.status).toBe(303);
      expect(landed.location.startsWith(`${SITE}#`) || landed.location.startsWith(`${SITE}/`)).toBe(true);
      expect(landed.location).not.toContain('evil.example');
      expect(landed.hash.get('access_token')).toBeTruthy();

      // Recovery (the "magic link" of this project: /otp is not offered), also via the Referer.
      const known = await signedInClient();
      await auth(`/recover?redirect_to=${encodeURIComponent(evil)}`, { email: known.email }, { referer: evil });
      const [recovery] = await mailFor(known.email);
      expect(recovery!.link).not.toContain('evil.example');
      const recovered = await followMailLink(recovery!.link!);
      expect(recovered.location.startsWith(SITE)).toBe(true);
      expect(recovered.location).not.toContain('evil.example');

      // A magic-link request is not offered by this server: it cannot be used as a redirector.
      const otp = await auth(`/otp?redirect_to=${encodeURIComponent(evil)}`, { email: known.email });
      expect(otp.status).toBe(404);
      expect((await mailFor(known.email)).length).toBe(1);
    });
  }
});
