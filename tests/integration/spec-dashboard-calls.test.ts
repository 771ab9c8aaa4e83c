/**
 * Every call of staff-dashboard.md §7, made with supabase-js as the dashboard makes it, with the
 * spec's results and error codes (duplicate title → 23505, one main article, admin-only restore).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../support/clients.ts';
import { buildWorld, makeArticle, makeComment, type World } from '../support/world.ts';

let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 120_000);

const admin = serviceClient();
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('categories and uploads', () => {
  it('reads categories (id, name, parent_id, menu_order) ordered by name', async () => {
    const { data, error } = await w.clients.author
      .from('categories')
      .select('id, name, parent_id, menu_order')
      .order('name');
    expect(error).toBeNull();
    const names = data!.map((c) => c.name);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
  });

  it('uploads an article image (no overwrite) and gets its public URL', async () => {
    const storage = w.clients.author.storage.from('article-images');
    const name = `${Date.now()}-${stamp()}.png`;
    expect((await storage.upload(name, png, { contentType: 'image/png', upsert: false })).error).toBeNull();
    const again = await storage.upload(name, png, { contentType: 'image/png', upsert: false });
    expect((again.error as { statusCode?: string }).statusCode).toBe('409');
    const url = storage.getPublicUrl(name).data.publicUrl;
    expect((await fetch(url)).headers.get('content-type')).toBe('image/png');
  });

  it('refuses article images from readers and non-images', async () => {
    expect(
      (
        await w.clients.reader.storage
          .from('article-images')
          .upload(`${stamp()}.png`, png, { contentType: 'image/png' })
      ).error,
    ).not.toBeNull();
    const text = await w.clients.author.storage
      .from('article-images')
      .upload(`${stamp()}.txt`, Buffer.from('hi'), { contentType: 'text/plain' });
    expect((text.error as { statusCode?: string }).statusCode).toBe('415');
  });

  it('uploads a PDF under reports/ and an event image', async () => {
    const pdf = await w.clients.author.storage
      .from('article-pdfs')
      .upload(`reports/${stamp()}.pdf`, Buffer.from('%PDF-1.4\n%%EOF'), { contentType: 'application/pdf' });
    expect(pdf.error).toBeNull();
    const event = await w.clients.author.storage
      .from('event-images')
      .upload(`${stamp()}.png`, png, { contentType: 'image/png' });
    expect(event.error).toBeNull();
  });

  it('uploads an avatar with overwrite allowed, only under the own user id', async () => {
    const name = `${w.ids.author}-avatar-${Date.now()}.png`;
    const avatars = w.clients.author.storage.from('avatars');
    expect((await avatars.upload(name, png, { contentType: 'image/png', upsert: true })).error).toBeNull();
    expect((await avatars.upload(name, png, { contentType: 'image/png', upsert: true })).error).toBeNull();
    const foreign = await avatars.upload(`${w.ids.reader}-avatar-${Date.now()}.png`, png, { contentType: 'image/png' });
    expect(foreign.error).not.toBeNull();
    const tooBig = await avatars.upload(`${w.ids.author}-avatar-big.png`, Buffer.alloc(2 * 1024 * 1024 + 1), {
      contentType: 'image/png',
    });
    expect((tooBig.error as { statusCode?: string }).statusCode).toBe('413');
    const { error } = await w.clients.author
      .from('profiles')
      .update({ avatar_url: avatars.getPublicUrl(name).data.publicUrl })
      .eq('id', w.ids.author);
    expect(error).toBeNull();
  });
});

describe('create and edit an article', () => {
  it('creates: slug lookup, insert with published_at now, categories in order', async () => {
    const author = w.clients.author;
    const title = `Karoo solar ${stamp()}`;
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    expect((await author.from('articles_meta').select('id').eq('slug', slug)).data).toEqual([]);
    const { data, error } = await author
      .from('articles_meta')
      .insert({
        title,
        slug,
        body: '<p>Body</p>',
        excerpt: 'Short',
        hero_image_url: 'https://example.test/a.webp',
        status: 'published',
        published_at: new Date().toISOString(),
        is_report: false,
        pdf_url: null,
        image_reference: null,
        primary_category_id: 10,
        show_edited_tag: false,
        author_id: w.ids.author,
      })
      .select('id, status, published_at, author_id')
      .single();
    expect(error).toBeNull();
    expect(data!.published_at).not.toBeNull();
    const links = [10, 9].map((category_id, display_order) => ({ article_id: data!.id, category_id, display_order }));
    expect((await author.from('article_categories').insert(links)).error).toBeNull();
    const { data: read } = await anonClient()
      .from('article_categories')
      .select('category_id')
      .eq('article_id', data!.id)
      .order('display_order');
    expect(read).toEqual([{ category_id: 10 }, { category_id: 9 }]);
  });

  it('refuses a duplicate title by the same author with 23505', async () => {
    const title = `Duplicate ${stamp()}`;
    await w.clients.author.from('articles_meta').insert({ title, slug: `a-${stamp()}`, author_id: w.ids.author });
    const { error, status } = await w.clients.author
      .from('articles_meta')
      .insert({ title, slug: `b-${stamp()}`, author_id: w.ids.author });
    expect(status).toBe(409);
    expect(error!.code).toBe('23505');
  });

  it('edits: reads by id and categories, sets published_at when publishing, re-files categories', async () => {
    const author = w.clients.author;
    const id = await makeArticle(w.ids.author, { status: 'draft' });
    const { data: before } = await author.from('articles_meta').select('*').eq('id', id).single();
    expect(before!.published_at).toBeNull();
    const { data: after, error } = await author
      .from('articles_meta')
      .update({
        status: 'published',
        show_edited_tag: true,
        last_edited_by: w.ids.admin,
        last_edited_at: '2000-01-01T00:00:00Z',
        updated_at: '2000-01-01T00:00:00Z',
      })
      .eq('id', id)
      .select('published_at, show_edited_tag, last_edited_by, last_edited_at, updated_at')
      .single();
    expect(error).toBeNull();
    expect(after!.published_at).not.toBeNull();
    expect(after!.last_edited_by).toBe(w.ids.author);
    expect(Date.parse(after!.updated_at)).toBeGreaterThan(Date.parse('2020-01-01'));
    await author.from('article_categories').delete().eq('article_id', id);
    expect(
      (await author.from('article_categories').insert([{ article_id: id, category_id: 27, display_order: 0 }])).error,
    ).toBeNull();
    expect((await author.from('article_categories').select('category_id').eq('article_id', id)).data).toEqual([
      { category_id: 27 },
    ]);
  });
});

describe('my articles, archive and main', () => {
  it('lists non-archived articles newest first with categories and staff names and e-mails', async () => {
    const { data, error } = await w.clients.admin
      .from('articles_meta')
      .select('id, title, slug, status, published_at, created_at, is_main, author_id')
      .is('archived_at', null)
      .order('published_at', { ascending: false });
    expect(error).toBeNull();
    expect(data!.some((a) => a.status === 'draft')).toBe(true);
    const { data: staff } = await w.clients.admin.rpc('staff_profiles');
    expect(staff.some((p: { email: string }) => p.email === 'author@demo.test')).toBe(true);
    expect((await w.clients.reader.rpc('staff_profiles')).error!.code).toBe('42501');
  });

  it('archives (stamped by the database), lists archived, and only an admin restores', async () => {
    const id = await makeArticle(w.ids.author);
    await w.clients.author
      .from('articles_meta')
      .update({ archived_at: new Date().toISOString(), archived_by: w.ids.author })
      .eq('id', id);
    const { data: archived } = await w.clients.admin
      .from('articles_meta')
      .select('id, archived_at, archived_by')
      .not('archived_at', 'is', null)
      .order('archived_at', { ascending: false });
    expect(archived!.find((a) => a.id === id)).toMatchObject({ archived_by: w.ids.author });
    const denied = await w.clients.author
      .from('articles_meta')
      .update({ archived_at: null, archived_by: null })
      .eq('id', id);
    expect(denied.error!.code).toBe('42501');
    expect(
      (await w.clients.admin.from('articles_meta').update({ archived_at: null, archived_by: null }).eq('id', id)).error,
    ).toBeNull();
    expect((await admin.from('articles_meta').select('archived_at').eq('id', id).single()).data).toEqual({
      archived_at: null,
    });
  });

  it('sets the main article atomically: exactly one afterwards', async () => {
    const id = await makeArticle(w.ids.author);
    const { error } = await w.clients.author.rpc('set_main_article', { p_article_id: id });
    expect(error).toBeNull();
    const { data } = await admin.from('articles_meta').select('id').eq('is_main', true);
    expect(data).toEqual([{ id }]);
    const draft = await w.clients.author.rpc('set_main_article', { p_article_id: w.articles.draftA });
    expect(draft.error!.code).toBe('23514');
  });

  it('changes the author (admin only); an empty author id is refused', async () => {
    const id = await makeArticle(w.ids.author);
    expect(
      (await w.clients.admin.from('articles_meta').update({ author_id: w.ids.author2 }).eq('id', id)).error,
    ).toBeNull();
    const empty = await w.clients.admin.from('articles_meta').update({ author_id: '' }).eq('id', id);
    expect(empty.error!.code).toBe('22P02');
    expect((await admin.from('articles_meta').select('author_id').eq('id', id).single()).data!.author_id).toBe(
      w.ids.author2,
    );
  });
});

describe('moderation, events, enquiries, insights, subscribers, bookmarks', () => {
  it('reads comments with article and commenter, ordered by status then newest, and moderates', async () => {
    const { data, error } = await w.clients.author
      .from('comments')
      .select(
        'id, content, status, created_at, is_author, edited, article_id, user_id, like_count, dislike_count, author_display_name, articles_meta(title, slug)',
      )
      .order('status')
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data!.find((c) => c.id === w.comments.hidden)!.articles_meta).toMatchObject({ slug: expect.any(String) });
    const id = await makeComment(w.articles.pubA, w.ids.reader, 'pending');
    for (const status of ['approved', 'hidden', 'deleted', 'pending']) {
      expect((await w.clients.author.from('comments').update({ status }).eq('id', id)).error).toBeNull();
      expect((await admin.from('comments').select('status').eq('id', id).single()).data!.status).toBe(status);
    }
  });

  it('manages events: list by date, create (title, date and location required), edit, archive and unarchive', async () => {
    const staff = w.clients.author;
    const missing = await staff.from('events').insert({ title: 'No place', event_date: '2031-01-01T10:00:00Z' });
    expect(missing.error!.code).toBe('23502');
    const { data: created } = await staff
      .from('events')
      .insert({
        title: `Summit ${stamp()}`,
        event_date: '2031-01-01T10:00:00Z',
        location: 'Gqeberha',
        description: 'Talks',
        link: 'https://example.test/summit',
      })
      .select('id')
      .single();
    expect((await staff.from('events').update({ location: 'East London' }).eq('id', created!.id)).error).toBeNull();
    await staff.from('events').update({ archived_at: new Date().toISOString() }).eq('id', created!.id);
    expect((await anonClient().from('events').select('id').eq('id', created!.id)).data).toEqual([]);
    await staff.from('events').update({ archived_at: null }).eq('id', created!.id);
    expect((await anonClient().from('events').select('location').eq('id', created!.id).single()).data).toEqual({
      location: 'East London',
    });
    const { data: all } = await staff.from('events').select('*').order('event_date');
    expect(all!.some((e) => e.id === w.eventArchived)).toBe(true);
  });

  it('lists enquiries by status and form type, newest first, and moves them new → read → replied only', async () => {
    const staff = w.clients.author;
    const { data } = await staff
      .from('contact_submissions')
      .select('*')
      .eq('status', 'new')
      .eq('form_type', 'contact')
      .order('created_at', { ascending: false });
    expect(data!.every((s) => s.status === 'new' && s.form_type === 'contact')).toBe(true);
    expect(
      (await staff.from('contact_submissions').update({ status: 'read' }).eq('id', w.submission)).error,
    ).toBeNull();
    expect(
      (await staff.from('contact_submissions').update({ status: 'replied' }).eq('id', w.submission)).error,
    ).toBeNull();
    const back = await staff.from('contact_submissions').update({ status: 'new' }).eq('id', w.submission);
    expect(back.error!.code).toBe('23514');
  });

  it('reads insights as aggregates: totals, last 7 days, today, uniques and the top 5', async () => {
    const { data, error } = await w.clients.admin.rpc('site_insights');
    expect(error).toBeNull();
    expect(data.page_views.total).toBeGreaterThan(1000);
    expect(data.page_views.last_7_days).toBeGreaterThan(0);
    expect(data.page_views.total).toBeGreaterThanOrEqual(data.page_views.last_7_days);
    expect(data.unique_visitors).toBeGreaterThan(10);
    expect(data.top_articles).toHaveLength(5);
    expect((await w.clients.reader.rpc('site_insights')).error!.code).toBe('42501');
    // 'Your Article Views' for the seeded author, whose articles have views.
    const author = anonClient();
    await author.auth.signInWithPassword({ email: 'author@demo.test', password: 'demo-password' });
    const { data: mine } = await author.rpc('my_article_views');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.some((r: { views: number }) => r.views > 0)).toBe(true);
  });

  it('lists subscribers newest first (subscribed_at, nulls last)', async () => {
    const { data, error } = await w.clients.admin
      .from('newsletter_subscribers')
      .select('id, email, subscribed_at, created_at, user_id')
      .order('subscribed_at', { ascending: false, nullsFirst: false });
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(10);
  });

  it('lists bookmarks with joined article info and author profiles', async () => {
    const id = await makeArticle(w.ids.author);
    await w.clients.author2.from('bookmarks').insert({ user_id: w.ids.author2, article_id: id });
    const { data, error } = await w.clients.author2
      .from('bookmarks')
      .select(
        'created_at, articles_meta(id, title, excerpt, hero_image_url, published_at, created_at, slug, author_id, article_categories(categories(name, slug)))',
      )
      .eq('user_id', w.ids.author2);
    expect(error).toBeNull();
    expect(data![0]!.articles_meta).toMatchObject({ id });
  });
});
