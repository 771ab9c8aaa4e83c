/**
 * The newsletter sender (scripts/lib/newsletter/) against the real API and a real SMTP server
 * (smtp-server): the welcome mail at once with a working unsubscribe link and the RFC 8058
 * headers, an issue to every active subscriber with canonical article links, temporary SMTP
 * failures retried, permanent ones failed, and the signed unsubscribe link (GET and one-click
 * POST) that cannot be used for another address.
 */
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSenderHttp } from '../../scripts/lib/newsletter/http.ts';
import { createNewsletterSender, type NewsletterSender } from '../../scripts/lib/newsletter/sender.ts';
import { unsubscribeToken } from '../../scripts/lib/newsletter/token.ts';
import { UNSUBSCRIBE_PAGE } from '../../src/lib/messages/newsletter.ts';
import { anonClient, apiUrl, serviceClient, uniqueEmail } from '../support/clients.ts';
import { buildWorld, makeArticle, type World } from '../support/world.ts';
import { inject } from 'vitest';
import { EventEmitter } from 'node:events';

interface Caught {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Header lines by lower-case name, as sent (unfolded). */
  headers: Map<string, string>;
}

const SECRET = 'test-unsubscribe-secret-0123456789abcdef';
const SITE = 'https://esg.example.test';
let w: World;
let smtp: SMTPServer;
const caught: Caught[] = [];
const arrivals = new EventEmitter();
/** Replies by local-part prefix: perm- → 550 at RCPT; temp- → 451 at DATA the first time of each subject. */
const tempSeen = new Set<string>();
let sender: NewsletterSender;
let http: ReturnType<typeof createSenderHttp>;
let senderUrl = '';
const service = serviceClient();

function waitFor(match: (m: Caught) => boolean): Promise<Caught> {
  const found = caught.find(match);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const on = (m: Caught) => {
      if (!match(m)) return;
      arrivals.off('mail', on);
      resolve(m);
    };
    arrivals.on('mail', on);
  });
}

async function deliveryRows(filter: Record<string, string | number>) {
  let q = service.from('newsletter_deliveries').select('id, status, attempts, last_error, email');
  for (const [k, v] of Object.entries(filter)) q = q.eq(k, v);
  return (await q.order('id')).data as { id: number; status: string; attempts: number; last_error: string | null }[];
}

let reports = 0;

/** Waits until the queue rows matching `filter` all reach a final state (the sender reports). */
async function settled(filter: Record<string, string | number>): Promise<void> {
  for (;;) {
    const seen = reports;
    const rows = await deliveryRows(filter);
    if (rows.length > 0 && rows.every((r) => !['queued', 'sending'].includes(r.status))) return;
    if (reports === seen) await new Promise<void>((resolve) => arrivals.once('reported', resolve));
  }
}

beforeAll(async () => {
  w = await buildWorld();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      const a = address.address.toLowerCase();
      if (a.startsWith('perm-')) return cb(Object.assign(new Error('No such user'), { responseCode: 550 }));
      cb();
    },
    onData(stream, session, cb) {
      simpleParser(stream).then(
        (p) => {
          const to = session.envelope.rcptTo[0]!.address.toLowerCase();
          if (to.startsWith('temp-') && !tempSeen.has(`${to} ${p.subject}`)) {
            tempSeen.add(`${to} ${p.subject}`);
            return cb(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          }
          const m = {
            to: session.envelope.rcptTo[0]!.address.toLowerCase(),
            subject: p.subject ?? '',
            html: typeof p.html === 'string' ? p.html : '',
            text: p.text ?? '',
            headers: new Map(
              p.headerLines.map((l) => [
                l.key,
                l.line
                  .slice(l.line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim(),
              ]),
            ),
          };
          caught.push(m);
          arrivals.emit('mail', m);
          cb();
        },
        (e: Error) => cb(e),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  sender = createNewsletterSender({
    apiUrl: apiUrl(),
    secretKey: inject('secretKey'),
    smtp: { host: '127.0.0.1', port: smtpPort },
    from: { name: 'ESG Africa News', address: 'newsletter@example.test' },
    email: { siteUrl: SITE, apiUrl: apiUrl(), renditions: true },
    publicUrl: () => senderUrl,
    unsubscribeSecret: SECRET,
    ratePerSecond: 500,
    pollMs: 100,
    retryBaseMs: 1,
    flushMs: 20,
  });
  // Tell waiting tests when a batch was reported.
  const report = sender.api.report;
  sender.api.report = async (results) => {
    const n = await report(results);
    reports += 1;
    arrivals.emit('reported');
    return n;
  };
  http = createSenderHttp({ sender, unsubscribeSecret: SECRET, siteUrl: SITE });
  senderUrl = `http://127.0.0.1:${await http.listen(0, '127.0.0.1')}`;
  await sender.start();
}, 120_000);

afterAll(async () => {
  await sender?.stop();
  await http?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

function unsubscribeLink(m: Caught): string {
  const header = String(m.headers.get('list-unsubscribe') ?? '');
  return /<([^>]+)>/.exec(header)![1]!;
}

describe('newsletter sender', () => {
  it('sends the welcome mail at once, with the one-click headers and a working link', async () => {
    const email = uniqueEmail('welcome');
    await anonClient().from('newsletter_subscribers').insert({ email, source: 'block', consent_text: 'w' });
    const mail = await waitFor((m) => m.to === email);
    expect(mail.subject).toBe('Welcome to the ESG Africa briefing');
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = unsubscribeLink(mail);
    expect(link.startsWith(`${senderUrl}/unsubscribe?`)).toBe(true);
    // The same link is in the HTML and the plain-text part.
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    expect(mail.text).toContain(link);

    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(UNSUBSCRIBE_PAGE.doneBody.replace('’', '’'));
    const row = (await service.from('newsletter_subscribers').select('status').eq('email', email).single()).data!;
    expect(row.status).toBe('unsubscribed');
    // Again: already unsubscribed, still a friendly page.
    expect((await fetch(link)).status).toBe(200);
  });

  it('one-click POST unsubscribes; a token for one address does not work for another', async () => {
    const a = uniqueEmail('oneclick');
    const b = uniqueEmail('victim');
    const anon = anonClient();
    await anon.from('newsletter_subscribers').insert({ email: a, source: 'popup', consent_text: 'w' });
    await anon.from('newsletter_subscribers').insert({ email: b, source: 'popup', consent_text: 'w' });
    const mailA = await waitFor((m) => m.to === a);
    const linkA = new URL(unsubscribeLink(mailA));
    const idB = (await service.from('newsletter_subscribers').select('id').eq('email', b).single()).data!.id as number;
    // A's token with B's id, a guessed token, a token for B made with another secret: refused.
    for (const forged of [
      `${senderUrl}/unsubscribe?s=${idB}&t=${linkA.searchParams.get('t')}`,
      `${senderUrl}/unsubscribe?s=${idB}&t=${'A'.repeat(43)}`,
      `${senderUrl}/unsubscribe?s=${idB}&t=${unsubscribeToken('another-secret-of-32-characters-xx', idB, b)}`,
    ]) {
      expect((await fetch(forged, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(400);
    }
    expect((await service.from('newsletter_subscribers').select('status').eq('email', b).single()).data!.status).toBe(
      'active',
    );
    const res = await fetch(linkA, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect((await service.from('newsletter_subscribers').select('status').eq('email', a).single()).data!.status).toBe(
      'unsubscribed',
    );
  });

  it('sends an issue once to every active subscriber, with canonical links; retries 4xx, fails 5xx', async () => {
    const temp = `temp-${uniqueEmail('issue')}`;
    const perm = `perm-${uniqueEmail('issue')}`;
    const ok = uniqueEmail('issue');
    const anon = anonClient();
    for (const email of [temp, perm, ok]) {
      await anon.from('newsletter_subscribers').insert({ email, source: 'block', consent_text: 'w' });
    }
    const slug = `newsletter-story-${Date.now().toString(36)}`;
    const article = await makeArticle(w.ids.author, { slug, excerpt: 'An excerpt for the mail.' });
    const { data: issueId, error } = await w.clients.admin.rpc('save_newsletter_issue', {
      p_id: null,
      p_subject: `Weekly ${slug}`,
      p_preheader: 'The preheader',
      p_intro_html: '<p>Intro <strong>bold</strong></p><script>alert(1)</script>',
      p_article_ids: [article],
    });
    expect(error).toBeNull();
    const { data: recipients } = await w.clients.admin.rpc('send_newsletter_issue', { p_issue_id: issueId });
    sender.wake();
    const mail = await waitFor((m) => m.to === ok && m.subject === `Weekly ${slug}`);
    expect(mail.html).toContain(`${SITE}/article/${slug}`);
    expect(mail.html).toContain('<strong>bold</strong>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain(`${SITE}/article/${slug}`);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    await waitFor((m) => m.to === temp && m.subject === `Weekly ${slug}`);
    await settled({ issue_id: issueId as number });
    const rows = await deliveryRows({ issue_id: issueId as number });
    expect(rows).toHaveLength(Number(recipients));
    const byEmail = new Map(rows.map((r) => [(r as unknown as { email: string }).email, r]));
    expect(byEmail.get(temp)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(byEmail.get(perm)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(byEmail.get(perm)!.last_error).toMatch(/No such user|550/);
    expect(byEmail.get(ok)).toMatchObject({ status: 'sent', attempts: 1 });
    // Exactly one copy each.
    for (const email of [temp, ok]) {
      expect(caught.filter((m) => m.to === email && m.subject === `Weekly ${slug}`)).toHaveLength(1);
    }
    const issue = (await service.from('newsletter_issues').select('status').eq('id', issueId).single()).data!;
    expect(issue.status).toBe('sent');
  });

  it("'Send a test to me' reaches the staff member, marked as a test", async () => {
    const article = await makeArticle(w.ids.author);
    const { data: issueId } = await w.clients.author.rpc('save_newsletter_issue', {
      p_id: null,
      p_subject: 'Draft subject',
      p_preheader: '',
      p_intro_html: '',
      p_article_ids: [article],
    });
    expect((await w.clients.author.rpc('send_newsletter_test', { p_issue_id: issueId })).error).toBeNull();
    sender.wake();
    const email = (await service.from('profiles').select('email').eq('id', w.ids.author).single()).data!.email;
    const mail = await waitFor((m) => m.to === email);
    expect(mail.subject).toBe('[Test] Draft subject');
  });
});
