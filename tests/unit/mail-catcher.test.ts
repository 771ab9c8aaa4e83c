/**
 * The local SMTP mail catcher (scripts/lib/mail-catcher.ts): what it keeps of a message, its
 * HTTP API, waiting for a message, and its bounds (size, count, credentials, loopback Host).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../scripts/lib/mail-catcher.ts';
import { sendSmtp, type SmtpMessage } from '../../supabase/local/auth/smtp.ts';
import type { SmtpSettings } from '../../supabase/local/auth/mail-config.ts';

const open: MailCatcher[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function catcher(options: Parameters<typeof startMailCatcher>[0] = {}): Promise<MailCatcher> {
  const c = await startMailCatcher(options);
  open.push(c);
  return c;
}

function settings(c: MailCatcher, extra: Partial<SmtpSettings> = {}): SmtpSettings {
  return {
    host: '127.0.0.1',
    port: c.smtpPort,
    user: undefined,
    pass: undefined,
    adminEmail: 'no-reply@auth.example.test',
    senderName: 'ESG Africa News',
    ...extra,
  };
}

const message = (
  to: string,
  subject = 'Confirm Your Signup',
  text = 'Follow: http://x.test/a?b=1&c=2',
): SmtpMessage => ({
  to,
  subject,
  text,
  html: `<p>Follow <a href="http://x.test/a?b=1&amp;c=2">this</a></p>`,
});

/** A GET with a Host header of our choosing (fetch does not let one set it). */
function rawGet(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

describe('mail catcher', () => {
  it('keeps the parsed message: envelope, From with the name, both parts and the headers', async () => {
    const c = await catcher();
    const waiting = c.waitForMessage({ to: 'Reader@Example.test', subject: 'Confirm Your Signup' });
    await sendSmtp(settings(c), message('reader@example.test'));
    const m = await waiting;
    expect(m).toMatchObject({
      id: '1',
      envelope: { from: 'no-reply@auth.example.test', to: ['reader@example.test'] },
      authUser: null,
      from: { name: 'ESG Africa News', address: 'no-reply@auth.example.test' },
      to: [{ name: '', address: 'reader@example.test' }],
      subject: 'Confirm Your Signup',
      text: 'Follow: http://x.test/a?b=1&c=2',
      html: '<p>Follow <a href="http://x.test/a?b=1&amp;c=2">this</a></p>',
    });
    expect(m.headers.from).toBe('ESG Africa News <no-reply@auth.example.test>');
    expect(m.headers['content-type']).toMatch(/^multipart\/alternative; boundary=/);
    expect(m.messageId).toMatch(/@auth\.example\.test>$/);
    expect(m.size).toBeGreaterThan(200);
    // Already there: answered at once, newest first.
    expect(await c.waitForMessage({ to: 'reader@example.test' })).toBe(m);
  });

  it('serves the messages over HTTP on 127.0.0.1, filtered by recipient, and empties on DELETE', async () => {
    const c = await catcher();
    expect(c.httpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await sendSmtp(settings(c), message('a@example.test', 'First'));
    await sendSmtp(settings(c), message('b@example.test', 'Second'));
    await sendSmtp(settings(c), message('a@example.test', 'Third'));

    const list = await (await fetch(`${c.httpUrl}/api/messages?to=A@example.test`)).json();
    expect(list.map((m: { id: string; subject: string }) => [m.id, m.subject])).toEqual([
      ['3', 'Third'],
      ['1', 'First'],
    ]);
    expect(list[0]).not.toHaveProperty('html');
    const all = await fetch(`${c.httpUrl}/api/messages`);
    expect(all.headers.get('cache-control')).toBe('no-store');
    expect(await all.json()).toHaveLength(3);

    const one = await fetch(`${c.httpUrl}/api/messages/2`);
    expect(await one.json()).toMatchObject({
      id: '2',
      subject: 'Second',
      text: expect.any(String),
      html: expect.any(String),
    });
    expect((await fetch(`${c.httpUrl}/api/messages/99`)).status).toBe(404);
    expect((await fetch(`${c.httpUrl}/api/messages/2`, { method: 'DELETE' })).status).toBe(405);

    expect((await fetch(`${c.httpUrl}/api/messages`, { method: 'DELETE' })).status).toBe(204);
    expect(c.messages()).toEqual([]);
  });

  it('answers only requests addressed to this machine (no DNS rebinding)', async () => {
    const c = await catcher();
    const port = new URL(c.httpUrl!).port;
    expect(await rawGet(`${c.httpUrl}/api/messages`, `127.0.0.1:${port}`)).toBe(200);
    expect(await rawGet(`${c.httpUrl}/api/messages`, `localhost:${port}`)).toBe(200);
    expect(await rawGet(`${c.httpUrl}/api/messages`, `attacker.example:${port}`)).toBe(403);
  });

  it('waits for a later message, after a given one, and gives up with what it saw', async () => {
    const c = await catcher({ httpPort: null });
    expect(c.httpUrl).toBeNull();
    await sendSmtp(settings(c), message('r@example.test', 'Confirm Your Signup'));
    const first = c.messages()[0]!;
    const next = c.waitForMessage({ to: 'r@example.test', after: first.id });
    const reset = c.waitForMessage({ to: 'r@example.test', subject: /^Reset/ });
    await sendSmtp(settings(c), message('other@example.test', 'Reset Your Password'));
    await sendSmtp(settings(c), message('r@example.test', 'Reset Your Password'));
    expect((await next).subject).toBe('Reset Your Password');
    expect((await reset).id).toBe('3');
    await expect(c.waitForMessage({ to: 'r@example.test', subject: 'Welcome', timeoutMs: 50 })).rejects.toThrow(
      /No message to r@example.test with subject Welcome within 50 ms.*"Reset Your Password", "Confirm Your Signup"/,
    );
  });

  it('keeps the newest maxMessages, in memory and in its folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-catcher-'));
    try {
      const c = await catcher({ maxMessages: 2, dir });
      for (const n of [1, 2, 3, 4]) await sendSmtp(settings(c), message('r@example.test', `Mail ${n}`));
      expect(c.messages().map((m) => m.subject)).toEqual(['Mail 4', 'Mail 3']);
      const files = fs.readdirSync(dir).sort();
      expect(files).toHaveLength(2);
      expect(files.every((f) => /-[34]\.eml$/.test(f))).toBe(true);
      expect(fs.readFileSync(path.join(dir, files[0]!), 'utf8')).toMatch(/^Subject: Mail [34]\r?$/m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a message over maxMessageBytes (552) and keeps nothing of it', async () => {
    const c = await catcher({ maxMessageBytes: 4096 });
    await expect(sendSmtp(settings(c), message('r@example.test', 'Big', 'x'.repeat(10_000)))).rejects.toThrow(/552/);
    expect(c.messages()).toEqual([]);
    await sendSmtp(settings(c), message('r@example.test', 'Small'));
    expect(c.messages().map((m) => m.subject)).toEqual(['Small']);
  });

  it('checks credentials when given some, and records who sent', async () => {
    const c = await catcher({ credentials: { user: 'smtp-user', pass: 'right' } });
    await expect(sendSmtp(settings(c), message('r@example.test'))).rejects.toThrow(/530|auth/i);
    await expect(
      sendSmtp(settings(c, { user: 'smtp-user', pass: 'wrong' }), message('r@example.test')),
    ).rejects.toThrow(/535/);
    await sendSmtp(settings(c, { user: 'smtp-user', pass: 'right' }), message('r@example.test'));
    expect(c.messages().map((m) => m.authUser)).toEqual(['smtp-user']);
  });
});
