/**
 * The dashboard's long lists in the database (issue 28: no list stops silently): Archive, Contact
 * Submissions, Subscribers and Your Article Views are read a page at a time with their search and
 * filters applied in the database and an exact count of what matches, the way the screens ask
 * (PostgREST ranges with `count=exact`, `my_article_views(p_limit, p_offset)`). And the event
 * link's rule, which the form and the database share.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_LINK_PATTERN, eventLink } from '../../src/dashboard/features/events/event-rules.ts';
import { REFUSALS } from '../../src/lib/messages/refusals.ts';
import { refusalMessage } from '../../src/lib/rules/database-errors.ts';
import { serviceClient } from '../support/clients.ts';
import { buildWorld, makeArticle, type World } from '../support/world.ts';

let w: World;
const service = serviceClient();
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

beforeAll(async () => {
  w = await buildWorld();
}, 120_000);

describe('Archive: paged and searched in the database', () => {
  it('pages the matching archived articles, newest archive first, with their count', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        await makeArticle(w.ids.author, {
          title: `Archived pager ${tag} ${i}`,
          archived_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
          archived_by: w.ids.admin,
        }),
      );
    }
    const page = (from: number, to: number) =>
      w.clients.admin
        .from('articles_meta')
        .select('id, title, slug, archived_at', { count: 'exact' })
        .not('archived_at', 'is', null)
        .ilike('title', `%pager ${tag}%`)
        .order('archived_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, to);
    const first = await page(0, 1);
    expect(first.error).toBeNull();
    expect(first.count).toBe(3);
    expect(first.data!.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const second = await page(2, 3);
    expect(second.count).toBe(3);
    expect(second.data!.map((r) => r.id)).toEqual([ids[0]]);
  });
});

describe('Contact Submissions: filtered and paged in the database', () => {
  it('counts every match of the filters and reaches the last one on a later page', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({
      name: `Pager ${tag}`,
      email: `pager-${tag}-${i}@example.test`,
      message: `Enquiry ${i}`,
      form_type: i % 2 ? 'advertise' : 'contact',
      company: i % 2 ? 'Acme' : null,
    }));
    expect((await service.from('contact_submissions').insert(rows)).error).toBeNull();
    const page = (from: number, to: number) =>
      w.clients.admin
        .from('contact_submissions')
        .select('*', { count: 'exact' })
        .eq('name', `Pager ${tag}`)
        .eq('status', 'new')
        .eq('form_type', 'contact')
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, to);
    const first = await page(0, 1);
    expect(first.count).toBe(3);
    expect(first.data).toHaveLength(2);
    const second = await page(2, 3);
    expect(second.data!.map((r) => r.email)).toEqual([`pager-${tag}-0@example.test`]);
    // Authors read enquiries too (staff), with the same count.
    const author = await w.clients.author
      .from('contact_submissions')
      .select('id', { count: 'exact', head: true })
      .eq('name', `Pager ${tag}`);
    expect(author.count).toBe(5);
  });
});

describe('Subscribers: searched and paged in the database, admins only', () => {
  it('pages the e-mail search with its count; authors get nothing', async () => {
    const emails = Array.from({ length: 4 }, (_, i) => `subpager-${tag}-${i}@example.test`);
    expect((await service.from('newsletter_subscribers').insert(emails.map((email) => ({ email })))).error).toBeNull();
    const page = (client: World['clients']['admin'], from: number, to: number) =>
      client
        .from('newsletter_subscribers')
        .select('id, email, subscribed_at, created_at, user_id', { count: 'exact' })
        .ilike('email', `%subpager-${tag}%`)
        .order('subscribed_at', { ascending: false, nullsFirst: false })
        .order('id', { ascending: false })
        .range(from, to);
    const first = await page(w.clients.admin, 0, 2);
    expect(first.count).toBe(4);
    expect(first.data!.map((r) => r.email)).toEqual([emails[3], emails[2], emails[1]]);
    expect((await page(w.clients.admin, 3, 5)).data!.map((r) => r.email)).toEqual([emails[0]]);
    const author = await page(w.clients.author, 0, 2);
    expect(author.data).toEqual([]);
    expect(author.count).toBe(0);
  });
});

describe('my_article_views: Your Article Views a page at a time', () => {
  type ViewRow = { article_id: number; views: number; total_count: number };

  it('pages the caller’s non-archived articles, most viewed first, with the total on each row', async () => {
    const extra = await makeArticle(w.ids.author, { title: `Viewed ${tag}` });
    await makeArticle(w.ids.author, { archived_at: new Date().toISOString(), archived_by: w.ids.admin });
    const mine = [w.articles.draftA, w.articles.pubA, extra];
    const all = await w.clients.author.rpc('my_article_views', { p_limit: 100 });
    expect(all.error).toBeNull();
    const rows = all.data as ViewRow[];
    expect(rows.map((r) => r.article_id).sort((a, b) => a - b)).toEqual([...mine].sort((a, b) => a - b));
    expect(rows.every((r) => Number(r.total_count) === 3)).toBe(true);
    const first = (await w.clients.author.rpc('my_article_views', { p_limit: 2, p_offset: 0 })).data as ViewRow[];
    const last = (await w.clients.author.rpc('my_article_views', { p_limit: 2, p_offset: 2 })).data as ViewRow[];
    expect(first).toHaveLength(2);
    expect(last).toHaveLength(1);
    expect([...first, ...last].map((r) => r.article_id)).toEqual(rows.map((r) => r.article_id));
    expect(Number(last[0]!.total_count)).toBe(3);
  });

  it('refuses readers and anonymous callers', async () => {
    expect((await w.clients.reader.rpc('my_article_views', {})).error!.code).toBe('42501');
    expect((await w.clients.anon.rpc('my_article_views', {})).error).not.toBeNull();
  });
});

describe('an event link: the form and the database share the rule', () => {
  const insert = (link: string) =>
    w.clients.admin
      .from('events')
      .insert({ title: `Link ${tag}`, event_date: new Date().toISOString(), location: 'Durban', link })
      .select('id');

  it.each([
    ['https://www.example.org', true],
    ['http://example.org/events?id=4#agenda', true],
    ['https://events.example.co.za:8443/path', true],
    ['www.example.org', false],
    ['https://not a link.org', false],
    ['https://localhost', false],
    ['javascript:alert(1)', false],
    [`https://example.org/${'a'.repeat(1000)}`, false],
  ])('%s → stored: %s, as the form decides', async (link, stored) => {
    const { error } = await insert(link);
    expect(error === null).toBe(stored);
    if (error) {
      expect(error.code).toBe('23514');
      expect(refusalMessage(error, 'fallback')).toBe(REFUSALS.eventLink);
    }
    expect(link.length <= 1000 && EVENT_LINK_PATTERN.test(link)).toBe(stored);
  });

  it('the form stores www.example.org as https://www.example.org, which the database takes', async () => {
    expect(eventLink('  www.example.org ')).toBe('https://www.example.org');
    expect(eventLink('http://example.org')).toBe('http://example.org');
    expect(eventLink('  ')).toBeNull();
    const { error } = await insert(eventLink('www.example.org')!);
    expect(error).toBeNull();
  });
});
