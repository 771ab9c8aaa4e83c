/**
 * Abuse limits in the database (issue 13): size limits (check constraints) and rate limits
 * (triggers answering PT429 → HTTP 429) on comments, enquiries, the newsletter, analytics and
 * error reports, attacked over raw REST with whatever a script can vary per request (the
 * visitor id, the e-mail address). To stay fast and leave the limits of other tests alone, each
 * window is filled up to one short of the limit with rows planted as the service role (trusted
 * inserts may write the counted columns), then the attack is sent and the rows re-read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, signedInClient, uniqueEmail } from '../support/clients.ts';
import { buildWorld, row, type World } from '../support/world.ts';
import { raw } from '../support/attacker.ts';

let w: World;
const admin = serviceClient();
const tag = `abuse-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const planted: { table: string; ids: number[] }[] = [];

async function plant(table: string, make: (i: number) => object, n: number): Promise<void> {
  const rowsToInsert = Array.from({ length: n }, (_, i) => make(i));
  const { data, error } = await admin.from(table).insert(rowsToInsert).select('id');
  if (error) throw new Error(`${table}: ${error.message}`);
  planted.push({ table, ids: data!.map((r) => r.id as number) });
}

async function countWhere(table: string, column: string, value: string): Promise<number> {
  const { count, error } = await admin.from(table).select('id', { count: 'exact', head: true }).eq(column, value);
  if (error) throw new Error(error.message);
  return count ?? 0;
}

beforeAll(async () => {
  w = await buildWorld();
});

afterAll(async () => {
  for (const { table, ids } of planted) await admin.from(table).delete().in('id', ids);
});

describe('comments', () => {
  it('a comment over 5,000 characters is refused', async () => {
    const content = `${tag}-long-${'x'.repeat(5001)}`;
    const r = await raw(w.clients.reader, 'POST', '/rest/v1/comments', {
      body: { article_id: w.articles.pubA, user_id: w.ids.reader, content },
    });
    expect(r.status).toBe(400);
    expect(await countWhere('comments', 'content', content)).toBe(0);
  });

  it('the 11th comment in a minute by one user answers 429 and is not stored', async () => {
    const user = await signedInClient(uniqueEmail('comment-flood'));
    await plant(
      'comments',
      (i) => ({ article_id: w.articles.pubA, user_id: user.userId, content: `${tag} planted ${i}`, status: 'pending' }),
      9,
    );
    const ok = await raw(user.client, 'POST', '/rest/v1/comments', {
      body: { article_id: w.articles.pubA, user_id: user.userId, content: `${tag} tenth` },
    });
    expect(ok.status, ok.text).toBe(201);
    const content = `${tag} eleventh`;
    const refused = await raw(user.client, 'POST', '/rest/v1/comments', {
      body: { article_id: w.articles.pubA, user_id: user.userId, content },
    });
    expect(refused.status, refused.text).toBe(429);
    expect((refused.body as { code: string }).code).toBe('PT429');
    expect(await countWhere('comments', 'content', content)).toBe(0);
    // Another article, a bulk insert or another user id does not reset the count.
    const bulk = await raw(user.client, 'POST', '/rest/v1/comments', {
      body: [
        { article_id: w.articles.pubB, user_id: user.userId, content: `${tag} bulk a` },
        { article_id: w.articles.pubB, user_id: user.userId, content: `${tag} bulk b` },
      ],
    });
    expect(bulk.status).toBe(429);
    expect(await countWhere('comments', 'user_id', user.userId)).toBe(10);
  });
});

describe('contact and advertising enquiries', () => {
  it('a message over 5,000 characters, or a name over 200, is refused (REST and RPC)', async () => {
    const email = uniqueEmail('long');
    await raw(null, 'POST', '/rest/v1/contact_submissions', {
      body: { name: 'Long', email, message: 'x'.repeat(5001), form_type: 'contact', status: 'new' },
    });
    await raw(null, 'POST', '/rest/v1/rpc/submit_contact', {
      body: { p_name: 'n'.repeat(201), p_email: email, p_message: 'hi', p_form_type: 'contact' },
    });
    expect(await countWhere('contact_submissions', 'email', email)).toBe(0);
  });

  it('the 6th enquiry from one address in 10 minutes answers 429, whatever the case of the address', async () => {
    const email = uniqueEmail('contact-flood');
    await plant('contact_submissions', () => ({ name: 'P', email, message: tag, form_type: 'contact' }), 5);
    const r = await raw(null, 'POST', '/rest/v1/rpc/submit_contact', {
      body: { p_name: 'Flood', p_email: email.toUpperCase(), p_message: 'again', p_form_type: 'contact' },
    });
    expect(r.status, r.text).toBe(429);
    const { count } = await admin
      .from('contact_submissions')
      .select('id', { count: 'exact', head: true })
      .ilike('email', email);
    expect(count).toBe(5);
  });

  it('a new e-mail address per request does not bypass the limit: 20 per client address', async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 250)}-${tag}`;
    await plant(
      'contact_submissions',
      (i) => ({
        name: 'P',
        email: uniqueEmail(`rot${i}`),
        message: tag,
        form_type: 'contact',
        client_address: address,
      }),
      20,
    );
    const email = uniqueEmail('rotated');
    const r = await raw(null, 'POST', '/rest/v1/contact_submissions', {
      body: { name: 'Rot', email, message: 'spam', form_type: 'contact', status: 'new' },
      headers: { 'x-forwarded-for': address },
    });
    expect(r.status, r.text).toBe(429);
    expect(await countWhere('contact_submissions', 'email', email)).toBe(0);
    // The column is the trigger's: a sender cannot write another address into it.
    const other = uniqueEmail('other-address');
    const ok = await raw(null, 'POST', '/rest/v1/contact_submissions', {
      body: { name: 'Ok', email: other, message: 'hello', form_type: 'contact', status: 'new', client_address: 'x' },
      headers: { 'x-forwarded-for': `198.51.100.7-${tag}` },
    });
    expect(ok.status).toBeGreaterThanOrEqual(400);
    expect(await countWhere('contact_submissions', 'email', other)).toBe(0);
  });

  it('a signed-in sender is limited per user, whatever address they send from', async () => {
    const user = await signedInClient(uniqueEmail('contact-user'));
    await plant(
      'contact_submissions',
      (i) => ({ name: 'P', email: uniqueEmail(`u${i}`), message: tag, form_type: 'contact', user_id: user.userId }),
      20,
    );
    const email = uniqueEmail('signed-rotated');
    const r = await raw(user.client, 'POST', '/rest/v1/rpc/submit_contact', {
      body: { p_name: 'U', p_email: email, p_message: 'spam', p_form_type: 'contact' },
      headers: { 'x-forwarded-for': `192.0.2.1-${tag}` },
    });
    expect(r.status, r.text).toBe(429);
    expect(await countWhere('contact_submissions', 'email', email)).toBe(0);
  });
});

describe('newsletter', () => {
  it('an address over 320 characters or not an address is refused', async () => {
    const long = `${'a'.repeat(320)}@example.test`;
    await raw(null, 'POST', '/rest/v1/newsletter_subscribers', { body: { email: long } });
    await raw(null, 'POST', '/rest/v1/rpc/subscribe_newsletter', { body: { p_email: 'not an address' } });
    expect(await countWhere('newsletter_subscribers', 'email', long)).toBe(0);
    expect(await countWhere('newsletter_subscribers', 'email', 'not an address')).toBe(0);
  });

  it('a flood of new addresses stops at 120 a minute site-wide (REST and RPC)', async () => {
    const { count: recent } = await admin
      .from('newsletter_subscribers')
      .select('id', { count: 'exact', head: true })
      .gt('created_at', new Date(Date.now() - 55_000).toISOString());
    await plant(
      'newsletter_subscribers',
      (i) => ({ email: `${tag}-${i}@example.test` }),
      Math.max(0, 120 - (recent ?? 0)),
    );
    const a = uniqueEmail('flood-rest');
    const b = uniqueEmail('flood-rpc');
    const rest = await raw(null, 'POST', '/rest/v1/newsletter_subscribers', { body: { email: a } });
    const rpc = await raw(null, 'POST', '/rest/v1/rpc/subscribe_newsletter', { body: { p_email: b } });
    expect([rest.status, rpc.status], rest.text + rpc.text).toEqual([429, 429]);
    expect(await countWhere('newsletter_subscribers', 'email', a)).toBe(0);
    expect(await countWhere('newsletter_subscribers', 'email', b)).toBe(0);
  });

  it('a signed-in user cannot subscribe someone else’s user id', async () => {
    const email = uniqueEmail('other-id');
    await raw(w.clients.reader, 'POST', '/rest/v1/rpc/subscribe_newsletter', {
      body: { p_email: email, p_user_id: w.ids.reader2 },
    });
    await raw(w.clients.reader, 'POST', '/rest/v1/newsletter_subscribers', {
      body: { email, user_id: w.ids.reader2 },
    });
    expect(await countWhere('newsletter_subscribers', 'email', email)).toBe(0);
  });
});

describe('analytics and error reports', () => {
  it('metadata over 4,000 bytes is refused', async () => {
    const visitor = `${tag}-big`;
    await raw(null, 'POST', '/rest/v1/analytics', {
      body: { event_type: 'page_view', metadata: { visitor_id: visitor, pad: 'x'.repeat(4001) } },
    });
    expect(await countWhere('analytics', 'metadata->>visitor_id', visitor)).toBe(0);
  });

  it('the 121st event in a minute from one visitor id answers 429', async () => {
    const visitor = `${tag}-visitor`;
    await plant(
      'analytics',
      () => ({ event_type: 'page_view', metadata: { visitor_id: visitor }, visitor_key: visitor }),
      120,
    );
    const r = await raw(null, 'POST', '/rest/v1/analytics', {
      body: { event_type: 'page_view', metadata: { visitor_id: visitor, path: `/${tag}` } },
    });
    expect(r.status, r.text).toBe(429);
    expect(await countWhere('analytics', 'visitor_key', visitor)).toBe(120);
  });

  it('rotating the visitor id per request does not bypass the limit: 600 a minute per client address', async () => {
    const address = `203.0.113.9-${tag}`;
    await plant(
      'analytics',
      (i) => ({
        event_type: 'page_view',
        metadata: { visitor_id: `${tag}-p${i}` },
        visitor_key: `${tag}-p${i}`,
        client_address: address,
      }),
      600,
    );
    const fresh = `${tag}-rotated-${Math.random()}`;
    const r = await raw(null, 'POST', '/rest/v1/analytics', {
      body: { event_type: 'page_view', metadata: { visitor_id: fresh } },
      headers: { 'x-forwarded-for': `${address}, 10.0.0.1` },
    });
    expect(r.status, r.text).toBe(429);
    expect(await countWhere('analytics', 'metadata->>visitor_id', fresh)).toBe(0);
    // cf-connecting-ip (set by the edge, not by the client) wins over x-forwarded-for.
    const viaEdge = await raw(null, 'POST', '/rest/v1/analytics', {
      body: { event_type: 'page_view', metadata: { visitor_id: `${fresh}-edge` } },
      headers: { 'cf-connecting-ip': address, 'x-forwarded-for': `198.51.100.1-${tag}` },
    });
    expect(viaEdge.status).toBe(429);
    // Another address is not affected, and the client cannot write the counted column.
    const other = `${fresh}-other`;
    const ok = await raw(null, 'POST', '/rest/v1/analytics', {
      body: { event_type: 'page_view', metadata: { visitor_id: other } },
      headers: { 'x-forwarded-for': `198.51.100.2-${tag}` },
    });
    expect(ok.status, ok.text).toBe(201);
    const stored = await admin.from('analytics').select('client_address, user_id').eq('metadata->>visitor_id', other);
    expect(stored.data).toEqual([{ client_address: `198.51.100.2-${tag}`, user_id: null }]);
    const forged = await raw(null, 'POST', '/rest/v1/analytics', {
      body: { event_type: 'page_view', metadata: { visitor_id: `${fresh}-forged` }, client_address: 'elsewhere' },
      headers: { 'x-forwarded-for': address },
    });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(await countWhere('analytics', 'metadata->>visitor_id', `${fresh}-forged`)).toBe(0);
  });

  it('a signed-in user is limited by user id, whatever visitor id they send', async () => {
    const user = await signedInClient(uniqueEmail('analytics-user'));
    await plant(
      'analytics',
      () => ({ event_type: 'page_view', user_id: user.userId, visitor_key: user.userId, metadata: {} }),
      120,
    );
    const fresh = `${tag}-signed-${Math.random()}`;
    const r = await raw(user.client, 'POST', '/rest/v1/analytics', {
      body: { event_type: 'page_view', metadata: { visitor_id: fresh } },
    });
    expect(r.status, r.text).toBe(429);
    expect(await countWhere('analytics', 'metadata->>visitor_id', fresh)).toBe(0);
  });

  it('error reports: details over 8,000 bytes refused; rotating details.visitor_id stops at 150 per address', async () => {
    const big = `${tag}-bigerr`;
    await raw(null, 'POST', '/rest/v1/app_errors', {
      body: { event: big, details: { visitor_id: big, pad: 'x'.repeat(8001) } },
    });
    expect(await countWhere('app_errors', 'event', big)).toBe(0);
    const address = `203.0.113.10-${tag}`;
    await plant(
      'app_errors',
      (i) => ({ event: `${tag}-planted`, visitor_key: `${tag}-e${i}`, client_address: address }),
      150,
    );
    const event = `${tag}-rotated`;
    const r = await raw(null, 'POST', '/rest/v1/app_errors', {
      body: { event, details: { visitor_id: `${tag}-${Math.random()}` } },
      headers: { 'x-forwarded-for': address },
    });
    expect(r.status, r.text).toBe(429);
    expect(await countWhere('app_errors', 'event', event)).toBe(0);
  });

  it('planted rows are really counted: the first comment of a fresh user goes in (control)', async () => {
    const user = await signedInClient(uniqueEmail('control'));
    const content = `${tag} control`;
    const r = await raw(user.client, 'POST', '/rest/v1/comments', {
      body: { article_id: w.articles.pubA, user_id: user.userId, content },
      headers: { prefer: 'return=minimal' },
    });
    expect(r.status).toBe(201);
    expect(await countWhere('comments', 'content', content)).toBe(1);
    expect(await row('articles_meta', w.articles.pubA)).not.toBeNull();
  });
});

describe('author profile lookups', () => {
  it('60 a minute per client address, then 429 for that address only; GET is refused', async () => {
    const ask = (address: string) =>
      raw(null, 'POST', '/rest/v1/rpc/author_profile_status', {
        body: { p_username: `${tag}-nobody` },
        headers: { 'x-forwarded-for': address },
      });
    const address = `203.0.113.20-${tag}`;
    const answers: number[] = [];
    for (let i = 0; i < 60; i++) answers.push((await ask(address)).status);
    expect(new Set(answers)).toEqual(new Set([200]));
    const over = await ask(address);
    expect(over.status, over.text).toBe(429);
    const other = await ask(`203.0.113.21-${tag}`);
    expect(other.status, other.text).toBe(200);
    expect(other.body).toBe('none');
    // Counting writes: PostgREST runs a GET read-only, so the lookup is POST only.
    const get = await raw(null, 'GET', `/rest/v1/rpc/author_profile_status?p_username=${tag}-nobody`, {
      headers: { 'x-forwarded-for': `203.0.113.22-${tag}` },
    });
    expect(get.status).toBeGreaterThanOrEqual(400);
  });
});
