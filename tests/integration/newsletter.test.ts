/**
 * The newsletter in the database (issue 30): subscriber status and consent records for every way
 * of subscribing, re-subscribing, issues (authors draft, admins send), the send queue (one row
 * per issue and subscriber, claimed at most once, retries, permanent failures, interrupted rows
 * never sent again) and who may see what. On PGlite and on PostgreSQL 15.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, uniqueEmail } from '../support/clients.ts';
import { buildWorld, makeArticle, type World } from '../support/world.ts';

let w: World;
const service = serviceClient();

beforeAll(async () => {
  w = await buildWorld();
}, 120_000);

interface Claimed {
  id: number;
  kind: string;
  issue_id: number | null;
  subscriber_id: number | null;
  email: string;
  attempts: number;
}

async function rpc<T>(client: SupabaseClient, fn: string, args: object = {}): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as T;
}

async function subscriber(email: string) {
  const { data, error } = await service.from('newsletter_subscribers').select('*').eq('email', email).single();
  if (error) throw new Error(error.message);
  return data as { id: number; status: string; unsubscribed_at: string | null; source: string | null };
}

async function consents(subscriberId: number) {
  const { data } = await service
    .from('newsletter_consents')
    .select('source, wording, consented_at')
    .eq('subscriber_id', subscriberId)
    .order('id');
  return data as { source: string; wording: string | null }[];
}

async function deliveries(filter: { subscriber_id?: number; issue_id?: number }) {
  let q = service.from('newsletter_deliveries').select('id, kind, status, attempts, last_error, email');
  if (filter.subscriber_id) q = q.eq('subscriber_id', filter.subscriber_id);
  if (filter.issue_id) q = q.eq('issue_id', filter.issue_id);
  const { data, error } = await q.order('id');
  if (error) throw new Error(error.message);
  return data as { id: number; kind: string; status: string; attempts: number; last_error: string | null }[];
}

/** Claims and reports every due row as sent until none is left (other files' welcome rows too). */
async function drain(outcome: (row: Claimed) => object = () => ({ outcome: 'sent' })): Promise<Claimed[]> {
  const all: Claimed[] = [];
  for (;;) {
    const rows = await rpc<Claimed[]>(service, 'newsletter_claim', { p_limit: 500 });
    if (rows.length === 0) return all;
    all.push(...rows);
    await rpc(service, 'newsletter_report', { p_results: rows.map((r) => ({ id: r.id, ...outcome(r) })) });
  }
}

describe('subscribing records consent', () => {
  it('each way of subscribing stores where and what was shown, and queues a welcome mail', async () => {
    const anon = anonClient();
    const ways = [
      ['block', 'Block wording'],
      ['popup', 'Popup wording'],
      ['one_click', 'One-click wording'],
    ] as const;
    for (const [source, wording] of ways) {
      const email = uniqueEmail(source);
      const { error } = await anon
        .from('newsletter_subscribers')
        .insert({ email, user_id: null, source, consent_text: wording });
      expect(error).toBeNull();
      const s = await subscriber(email);
      expect(s.status).toBe('active');
      expect(s.source).toBe(source);
      expect(await consents(s.id)).toMatchObject([{ source, wording }]);
      expect(await deliveries({ subscriber_id: s.id })).toMatchObject([{ kind: 'welcome', status: 'queued' }]);
    }
    const email = uniqueEmail('register');
    expect(
      await rpc(anon, 'subscribe_newsletter', { p_email: email, p_source: 'register', p_wording: 'Register wording' }),
    ).toBe(true);
    const s = await subscriber(email);
    expect(await consents(s.id)).toMatchObject([{ source: 'register', wording: 'Register wording' }]);
  });

  it('an active address answers 23505 and records nothing new', async () => {
    const email = uniqueEmail('twice');
    const anon = anonClient();
    await anon.from('newsletter_subscribers').insert({ email, source: 'block', consent_text: 'x' });
    const again = await anon.from('newsletter_subscribers').insert({ email, source: 'popup', consent_text: 'y' });
    expect(again.error?.code).toBe('23505');
    expect(await consents((await subscriber(email)).id)).toHaveLength(1);
  });

  it('unsubscribing takes effect at once; re-subscribing makes it active with a new consent and welcome', async () => {
    const email = uniqueEmail('comeback');
    const anon = anonClient();
    await anon.from('newsletter_subscribers').insert({ email, source: 'block', consent_text: 'first' });
    const s = await subscriber(email);
    expect(await rpc(service, 'newsletter_unsubscribe', { p_subscriber_id: s.id, p_email: email })).toBe(true);
    expect(await rpc(service, 'newsletter_unsubscribe', { p_subscriber_id: s.id, p_email: email })).toBe(false);
    const gone = await subscriber(email);
    expect(gone.status).toBe('unsubscribed');
    expect(gone.unsubscribed_at).not.toBeNull();
    // The queued welcome mail is skipped, not sent.
    expect((await deliveries({ subscriber_id: s.id }))[0]).toMatchObject({ status: 'skipped' });
    // Another address's id does not unsubscribe this one.
    expect(await rpc(service, 'newsletter_unsubscribe', { p_subscriber_id: s.id, p_email: 'other@example.test' })).toBe(
      false,
    );

    const back = await anon.from('newsletter_subscribers').insert({ email, source: 'popup', consent_text: 'second' });
    expect(back.error).toBeNull();
    const active = await subscriber(email);
    expect(active).toMatchObject({ id: s.id, status: 'active', unsubscribed_at: null, source: 'popup' });
    expect(await consents(s.id)).toMatchObject([{ wording: 'first' }, { wording: 'second', source: 'popup' }]);
    expect((await deliveries({ subscriber_id: s.id })).map((d) => d.status)).toEqual(['skipped', 'queued']);
  });

  it('the register RPC re-subscribes an unsubscribed address too', async () => {
    const email = uniqueEmail('rpc-back');
    await rpc(anonClient(), 'subscribe_newsletter', { p_email: email, p_source: 'register', p_wording: 'a' });
    const s = await subscriber(email);
    await rpc(service, 'newsletter_unsubscribe', { p_subscriber_id: s.id, p_email: email });
    await rpc(anonClient(), 'subscribe_newsletter', { p_email: email, p_source: 'register', p_wording: 'b' });
    expect((await subscriber(email)).status).toBe('active');
    expect(await consents(s.id)).toHaveLength(2);
  });

  it('consents and subscribers: admins read them, readers only their own, anon nothing', async () => {
    const email = uniqueEmail('private');
    await anonClient().from('newsletter_subscribers').insert({ email, source: 'block', consent_text: 'w' });
    const admin = await w.clients.admin.from('newsletter_consents').select('email').eq('email', email);
    expect(admin.data).toHaveLength(1);
    for (const actor of ['reader', 'author'] as const) {
      const r = await w.clients[actor].from('newsletter_consents').select('email').eq('email', email);
      expect(r.data).toEqual([]);
      const subs = await w.clients[actor].from('newsletter_subscribers').select('email').eq('email', email);
      expect(subs.data).toEqual([]);
    }
    expect((await anonClient().from('newsletter_consents').select('email')).error?.code).toBe('42501');
  });

  it('subscriber_stats counts the real status', async () => {
    const before = (await rpc<{ unsubscribed: number }[]>(w.clients.admin, 'subscriber_stats'))[0]!;
    const email = uniqueEmail('stats');
    await anonClient().from('newsletter_subscribers').insert({ email });
    const s = await subscriber(email);
    await rpc(service, 'newsletter_unsubscribe', { p_subscriber_id: s.id, p_email: email });
    const after = (await rpc<{ unsubscribed: number }[]>(w.clients.admin, 'subscriber_stats'))[0]!;
    expect(Number(after.unsubscribed)).toBe(Number(before.unsubscribed) + 1);
  });
});

describe('issues and the send queue', () => {
  async function draft(client: SupabaseClient, articleIds: number[], subject = 'This week in ESG') {
    return rpc<number>(client, 'save_newsletter_issue', {
      p_id: null,
      p_subject: subject,
      p_preheader: 'Preheader',
      p_intro_html: '<p>Hello</p>',
      p_article_ids: articleIds,
    });
  }

  it('authors draft and reorder; readers cannot; the content lists published articles in order', async () => {
    const a = await makeArticle(w.ids.author);
    const b = await makeArticle(w.ids.author);
    const id = await draft(w.clients.author, [a, b]);
    await rpc(w.clients.author, 'save_newsletter_issue', {
      p_id: id,
      p_subject: 'Reordered',
      p_preheader: '',
      p_intro_html: '<p>x</p>',
      p_article_ids: [b, w.articles.draftA, a],
    });
    const content = await rpc<{ subject: string; articles: { id: number }[] }>(
      w.clients.author,
      'newsletter_issue_content',
      { p_issue_id: id },
    );
    expect(content.subject).toBe('Reordered');
    // The draft article is on the list but not in the mail.
    expect(content.articles.map((x) => x.id)).toEqual([b, a]);
    const refused = await w.clients.reader.rpc('save_newsletter_issue', {
      p_id: null,
      p_subject: 's',
      p_preheader: '',
      p_intro_html: '',
      p_article_ids: [],
    });
    expect(refused.error?.code).toBe('42501');
    expect((await w.clients.reader.from('newsletter_issues').select('id').eq('id', id)).data).toEqual([]);
    expect((await anonClient().from('newsletter_issues').select('id')).error?.code).toBe('42501');
  });

  it('only admins send; one queued row per active subscriber; never twice', async () => {
    await drain();
    const a = await makeArticle(w.ids.author);
    const id = await draft(w.clients.author, [a]);
    expect((await w.clients.author.rpc('send_newsletter_issue', { p_issue_id: id })).error?.code).toBe('42501');
    expect((await w.clients.author.rpc('newsletter_recipient_count')).error?.code).toBe('42501');
    const active = await rpc<number>(w.clients.admin, 'newsletter_recipient_count');
    expect(Number(active)).toBeGreaterThan(0);
    expect(Number(await rpc(w.clients.admin, 'send_newsletter_issue', { p_issue_id: id }))).toBe(Number(active));
    const again = await w.clients.admin.rpc('send_newsletter_issue', { p_issue_id: id });
    expect(again.error?.code).toBe('23514');
    expect(again.error?.hint).toBe('newsletter_already_sent');
    const rows = await deliveries({ issue_id: id });
    expect(rows).toHaveLength(Number(active));
    // The unique key holds even for the service role.
    const first = (await service.from('newsletter_deliveries').select('subscriber_id').eq('id', rows[0]!.id).single())
      .data as { subscriber_id: number };
    const dup = await service
      .from('newsletter_deliveries')
      .insert({ kind: 'issue', issue_id: id, subscriber_id: first.subscriber_id, email: 'x@example.test' });
    expect(dup.error?.code).toBe('23505');
    // Nobody but the service role sees the queue.
    for (const actor of ['anon', 'reader', 'author', 'admin'] as const) {
      expect((await w.clients[actor].from('newsletter_deliveries').select('id').limit(1)).error?.code).toBe('42501');
    }
    for (const fn of ['newsletter_claim', 'newsletter_report', 'newsletter_recover', 'newsletter_unsubscribe']) {
      expect((await w.clients.admin.rpc(fn, {})).error).not.toBeNull();
    }
    await drain();
    const issue = (await service.from('newsletter_issues').select('status, sent_at').eq('id', id).single()).data!;
    expect(issue.status).toBe('sent');
    expect((await deliveries({ issue_id: id })).every((d) => d.status === 'sent')).toBe(true);
  });

  it('temporary failures retry later; permanent ones are marked and counted; history counts', async () => {
    await drain();
    const a = await makeArticle(w.ids.author);
    const unsubscriber = uniqueEmail('leaves');
    await anonClient().from('newsletter_subscribers').insert({ email: unsubscriber });
    const leaving = await subscriber(unsubscriber);
    await drain();
    const id = await draft(w.clients.admin, [a], 'Counts');
    const recipients = Number(await rpc(w.clients.admin, 'send_newsletter_issue', { p_issue_id: id }));
    const claimed = await rpc<Claimed[]>(service, 'newsletter_claim', { p_limit: 1000 });
    const mine = claimed.filter((r) => r.issue_id === id);
    expect(mine).toHaveLength(recipients);
    expect(mine.every((r) => r.attempts === 1)).toBe(true);
    const [temp, perm, ...rest] = mine;
    await rpc(service, 'newsletter_report', {
      p_results: [
        { id: temp!.id, outcome: 'retry', error: '421 try later', retry_in_ms: 3_600_000 },
        { id: perm!.id, outcome: 'failed', error: '550 no such user' },
        ...rest.map((r) => ({ id: r.id, outcome: 'sent' })),
        ...claimed.filter((r) => r.issue_id !== id).map((r) => ({ id: r.id, outcome: 'sent' })),
      ],
    });
    // Reporting again changes nothing (only rows still 'sending' move).
    expect(await rpc(service, 'newsletter_report', { p_results: [{ id: perm!.id, outcome: 'sent' }] })).toBe(0);
    // The retry is not due yet: claiming does not return it.
    expect((await rpc<Claimed[]>(service, 'newsletter_claim', { p_limit: 1000 })).map((r) => r.id)).not.toContain(
      temp!.id,
    );
    const rows = await deliveries({ issue_id: id });
    expect(rows.find((r) => r.id === temp!.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: '421 try later',
    });
    expect(rows.find((r) => r.id === perm!.id)).toMatchObject({ status: 'failed', last_error: '550 no such user' });
    await rpc(service, 'newsletter_unsubscribe', { p_subscriber_id: leaving.id, p_email: unsubscriber });
    const history = await rpc<
      {
        id: number;
        status: string;
        recipients: number;
        sent: number;
        failed: number;
        unsubscribed_since: number;
        total_count: number;
      }[]
    >(w.clients.author, 'newsletter_history', { p_limit: 100, p_offset: 0 });
    const h = history.find((x) => x.id === id)!;
    expect(h).toMatchObject({ status: 'sending' });
    expect(Number(h.recipients)).toBe(recipients);
    expect(Number(h.sent)).toBe(recipients - 2);
    expect(Number(h.failed)).toBe(1);
    expect(Number(h.unsubscribed_since)).toBe(1);
    expect(Number(history[0]!.total_count)).toBeGreaterThanOrEqual(history.length);
    expect((await w.clients.reader.rpc('newsletter_history', {})).error?.code).toBe('42501');
  });

  it('rows left sending by a stopped sender are failed as interrupted and never claimed again', async () => {
    await drain();
    const a = await makeArticle(w.ids.author);
    const id = await draft(w.clients.admin, [a], 'Interrupted');
    await rpc(w.clients.admin, 'send_newsletter_issue', { p_issue_id: id });
    const claimed = await rpc<Claimed[]>(service, 'newsletter_claim', { p_limit: 1 });
    expect(claimed).toHaveLength(1);
    expect(await rpc<number>(service, 'newsletter_recover')).toBe(1);
    const rows = await deliveries({ issue_id: id });
    expect(rows.find((r) => r.id === claimed[0]!.id)).toMatchObject({ status: 'failed' });
    expect(rows.find((r) => r.id === claimed[0]!.id)!.last_error).toMatch(/^interrupted/);
    const later = await drain();
    expect(later.map((r) => r.id)).not.toContain(claimed[0]!.id);
    expect((await service.from('newsletter_issues').select('status').eq('id', id).single()).data!.status).toBe('sent');
  });

  it('a scheduled issue starts when due; unscheduling returns it to draft; tests go to the caller', async () => {
    const a = await makeArticle(w.ids.author);
    const id = await draft(w.clients.admin, [a], 'Scheduled');
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await rpc(w.clients.admin, 'send_newsletter_issue', { p_issue_id: id, p_at: future });
    expect((await service.from('newsletter_issues').select('status').eq('id', id).single()).data!.status).toBe(
      'scheduled',
    );
    await rpc(service, 'newsletter_due');
    expect(await deliveries({ issue_id: id })).toEqual([]);
    await rpc(w.clients.admin, 'unschedule_newsletter_issue', { p_issue_id: id });
    expect((await service.from('newsletter_issues').select('status').eq('id', id).single()).data!.status).toBe('draft');
    await rpc(w.clients.admin, 'send_newsletter_issue', { p_issue_id: id, p_at: future });
    await service
      .from('newsletter_issues')
      .update({ scheduled_at: new Date(Date.now() - 1000).toISOString() })
      .eq('id', id);
    expect(await rpc<number>(service, 'newsletter_due')).toBeGreaterThanOrEqual(1);
    expect((await deliveries({ issue_id: id })).length).toBeGreaterThan(0);

    const testIssue = await draft(w.clients.author, [a], 'Test me');
    await rpc(w.clients.author, 'send_newsletter_test', { p_issue_id: testIssue });
    const tests = await deliveries({ issue_id: testIssue });
    expect(tests).toMatchObject([{ kind: 'test', status: 'queued' }]);
    const email = (await service.from('profiles').select('email').eq('id', w.ids.author).single()).data!.email;
    expect((tests[0] as unknown as { email: string }).email).toBe(email);
    expect((await w.clients.reader.rpc('send_newsletter_test', { p_issue_id: testIssue })).error?.code).toBe('42501');
  });

  it("the week's stories: published in the last 7 days, most read first", async () => {
    const quiet = await makeArticle(w.ids.author, { published_at: new Date(Date.now() - 3_600_000).toISOString() });
    const popular = await makeArticle(w.ids.author, { published_at: new Date(Date.now() - 7_200_000).toISOString() });
    const old = await makeArticle(w.ids.author, { published_at: new Date(Date.now() - 9 * 86_400_000).toISOString() });
    const today = new Date().toISOString().slice(0, 10);
    const { error } = await service
      .from('analytics_daily')
      .insert({ day: today, event_type: 'article_view', article_id: popular, views: 1_000_000 });
    expect(error).toBeNull();
    const stories = await rpc<{ id: number }[]>(w.clients.author, 'newsletter_week_stories');
    const ids = stories.map((s) => s.id);
    expect(ids[0]).toBe(popular);
    expect(ids).toContain(quiet);
    expect(ids).not.toContain(old);
    expect(ids).not.toContain(w.articles.draftA);
    expect((await w.clients.reader.rpc('newsletter_week_stories')).error?.code).toBe('42501');
  });
});
