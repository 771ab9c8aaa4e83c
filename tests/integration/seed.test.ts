/** The demo content `npm start` installs: counts and invariants the product relies on. */
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../support/clients.ts';
import { articles } from '../../scripts/seed/content/articles.ts';

const admin = serviceClient();

describe('seed', () => {
  it('has Featured Stories as category 1, Opinion as 27, and Latest News under Current News', async () => {
    const { data } = await admin.from('categories').select('id, name, slug, parent_id').in('id', [1, 27]).order('id');
    expect(data).toMatchObject([
      { id: 1, name: 'Featured Stories' },
      { id: 27, name: 'Opinion' },
    ]);
    const { data: latest } = await admin
      .from('categories')
      // PostgREST: the key column names the parent; categories!parent_id would be the children.
      .select('name, parent:parent_id(name)')
      .eq('name', 'Latest News')
      .single();
    expect(latest!.parent).toEqual({ name: 'Current News' });
  });

  it('has at least 10 top-level categories with subcategories', async () => {
    const { count: top } = await admin
      .from('categories')
      .select('*', { count: 'exact', head: true })
      .is('parent_id', null);
    const { count: sub } = await admin
      .from('categories')
      .select('*', { count: 'exact', head: true })
      .not('parent_id', 'is', null);
    expect(top).toBeGreaterThanOrEqual(10);
    expect(sub).toBeGreaterThan(0);
  });

  it('publishes at least 40 articles with real-length bodies, exactly one of them main', async () => {
    const { data } = await anonClient()
      .from('articles_meta')
      .select('id, body, is_main, is_report')
      .order('published_at', { ascending: false });
    expect(data!.length).toBeGreaterThanOrEqual(40);
    expect(data!.filter((a) => a.is_main)).toHaveLength(1);
    const long = data!.filter((a) => !a.is_report && (a.body ?? '').length > 2000);
    expect(long.length).toBeGreaterThanOrEqual(40);
  });

  it('dates nothing published in the future, and has articles from the last 48 hours', async () => {
    const { data } = await anonClient()
      .from('articles_meta')
      .select('published_at')
      .order('published_at', { ascending: false })
      .limit(1)
      .single();
    const newest = Date.parse(data!.published_at);
    expect(newest).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - newest).toBeLessThan(48 * 3_600_000);
  });

  it('has drafts by at least two authors, one archived article and a PDF report', async () => {
    const { data: drafts } = await admin.from('articles_meta').select('author_id').eq('status', 'draft');
    expect(new Set(drafts!.map((d) => d.author_id)).size).toBeGreaterThanOrEqual(2);
    // Other test files archive their own articles; look only at the seeded ones.
    const seeded = articles.map((a) => a.slug);
    const { data: archived } = await admin
      .from('articles_meta')
      .select('slug')
      .in('slug', seeded)
      .not('archived_at', 'is', null);
    expect(archived).toHaveLength(1);
    const { data: report } = await anonClient()
      .from('articles_meta')
      .select('pdf_url')
      .eq('is_report', true)
      .in('slug', seeded)
      .limit(1)
      .single();
    const pdf = await fetch(report!.pdf_url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('serves every hero image from local storage as WebP', async () => {
    // Only the seed's own articles: other test files add articles without images.
    const seeded = articles.filter((a) => a.status === 'published' && !a.archived).map((a) => a.slug);
    const { data } = await anonClient().from('articles_meta').select('hero_image_url').in('slug', seeded);
    expect(data).toHaveLength(seeded.length);
    for (const { hero_image_url } of data!) {
      expect(hero_image_url).toContain('/storage/v1/object/public/article-images/');
      const res = await fetch(hero_image_url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('has comments in every status, with likes and dislikes', async () => {
    const { data } = await admin.from('comments').select('status, like_count, dislike_count');
    expect(new Set(data!.map((c) => c.status))).toEqual(new Set(['pending', 'approved', 'hidden', 'deleted']));
    expect(data!.some((c) => c.like_count > 0)).toBe(true);
    expect(data!.some((c) => c.dislike_count > 0)).toBe(true);
  });

  it('has upcoming and past events, subscribers, enquiries in every status and 30 days of analytics', async () => {
    const now = new Date().toISOString();
    expect(
      (await admin.from('events').select('*', { count: 'exact', head: true }).gt('event_date', now)).count,
    ).toBeGreaterThan(0);
    expect(
      (await admin.from('events').select('*', { count: 'exact', head: true }).lt('event_date', now)).count,
    ).toBeGreaterThan(0);
    expect(
      (await admin.from('newsletter_subscribers').select('*', { count: 'exact', head: true })).count,
    ).toBeGreaterThanOrEqual(10);
    const { data: subs } = await admin.from('contact_submissions').select('status, form_type');
    expect(new Set(subs!.map((s) => s.status))).toEqual(new Set(['new', 'read', 'replied']));
    expect(new Set(subs!.map((s) => s.form_type))).toEqual(new Set(['contact', 'advertise']));
    const { data: oldest } = await admin.from('analytics').select('created_at').order('created_at').limit(1).single();
    expect(Date.now() - Date.parse(oldest!.created_at)).toBeGreaterThan(29 * 86_400_000);
  });

  it.each([
    ['admin@demo.test', 'admin'],
    ['author@demo.test', 'author'],
    ['reader@demo.test', 'reader'],
  ])('lets the demo account %s sign in with demo-password, as %s', async (email, role) => {
    const client = anonClient();
    const { data, error } = await client.auth.signInWithPassword({ email, password: 'demo-password' });
    expect(error).toBeNull();
    const { data: profile } = await client.from('profiles').select('role').eq('id', data.user!.id).single();
    expect(profile!.role).toBe(role);
  });
});
