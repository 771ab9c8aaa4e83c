/**
 * Every call of reader-site.md §7, made with supabase-js as the site makes it, against the
 * seeded local stack, with the results and error codes the spec relies on.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, apiUrl, mailFor, serviceClient, uniqueEmail } from '../support/clients.ts';
import { buildWorld, makeArticle, makeComment, type World } from '../support/world.ts';

const sb = anonClient();
const published = () =>
  sb
    .from('articles_meta')
    .select('id, title, slug, excerpt, published_at, created_at, is_main, author_id')
    .eq('status', 'published')
    .is('archived_at', null);
let w: World;

beforeAll(async () => {
  w = await buildWorld();
}, 120_000);

describe('auth calls', () => {
  it('signs up with confirmation, refuses sign-in until confirmed (email not confirmed)', async () => {
    const email = uniqueEmail('signup');
    const client = anonClient();
    const { data, error } = await client.auth.signUp({ email, password: 'secret-123' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const early = await client.auth.signInWithPassword({ email, password: 'secret-123' });
    expect(early.error!.code).toBe('email_not_confirmed');
    expect(early.error!.message.toLowerCase()).toContain('email not confirmed');
    expect((await mailFor(email))[0]!.subject).toBe('Confirm Your Signup');
  });

  it('sends the reset link to /reset-password, and the session from it sets a new password', async () => {
    const email = uniqueEmail('reset');
    await serviceClient().auth.admin.createUser({ email, password: 'old-password', email_confirm: true });
    const client = anonClient();
    const { error } = await client.auth.resetPasswordForEmail(email, {
      redirectTo: 'http://127.0.0.1:4321/reset-password',
    });
    expect(error).toBeNull();
    const [mail] = await mailFor(email);
    const res = await fetch(mail!.link!, { redirect: 'manual' });
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:4321/reset-password');
    const hash = new URLSearchParams(location.hash.slice(1));
    expect(hash.get('type')).toBe('recovery');
    const set = await client.auth.setSession({
      access_token: hash.get('access_token')!,
      refresh_token: hash.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    expect((await client.auth.updateUser({ password: 'new-password' })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: 'new-password' })).error).toBeNull();
  });

  it('reports session changes and signs out', async () => {
    const client = anonClient();
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    await client.auth.signInWithPassword({ email: 'reader@demo.test', password: 'demo-password' });
    expect((await client.auth.getSession()).data.session?.user.email).toBe('reader@demo.test');
    await client.auth.signOut();
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect(events).toEqual(expect.arrayContaining(['SIGNED_IN', 'SIGNED_OUT']));
  });
});

describe('reads', () => {
  it('profiles by id and by username (staff profiles are public)', async () => {
    const { data: byName } = await sb
      .from('profiles')
      .select('id, display_name, username, bio, avatar_url, role')
      .eq('username', 'sipho-ndlovu')
      .single();
    expect(byName).toMatchObject({ display_name: 'Sipho Ndlovu', role: 'author' });
    const { data: byId } = await sb.from('profiles').select('username').eq('id', byName!.id).single();
    expect(byId).toEqual({ username: 'sipho-ndlovu' });
  });

  it('categories ordered by menu_order, parent_id, name; one by slug', async () => {
    const { data } = await sb
      .from('categories')
      .select('id, name, slug, parent_id, menu_order')
      .order('menu_order')
      .order('parent_id', { nullsFirst: true })
      .order('name');
    expect(data!.length).toBeGreaterThanOrEqual(20);
    const { data: one } = await sb.from('categories').select('*').eq('slug', 'opinion').maybeSingle();
    expect(one).toMatchObject({ id: 27, name: 'Opinion' });
    expect((await sb.from('categories').select('*').eq('slug', 'no-such-category').maybeSingle()).data).toBeNull();
  });

  it('the main article: is_main, newest first, single', async () => {
    // Other files archive or unpublish articles, main ones included: make sure one is main.
    const { error: setError } = await w.clients.admin.rpc('set_main_article', { p_article_id: w.articles.pubA });
    expect(setError).toBeNull();
    const { data, error } = await published()
      .eq('is_main', true)
      .order('published_at', { ascending: false })
      .limit(1)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: w.articles.pubA, is_main: true });
  });

  it('the latest 4, ordered by published_at then created_at descending', async () => {
    const { data } = await published()
      .order('published_at', { ascending: false })
      .order('created_at', { ascending: false })
      .limit(4);
    expect(data).toHaveLength(4);
    const dates = data!.map((a) => Date.parse(a.published_at!));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('an article by slug, with the id as fallback, author and categories embedded', async () => {
    const { data: bySlug } = await published()
      .select(
        'id, slug, author:profiles!articles_meta_author_id_fkey(display_name, username, avatar_url), article_categories(display_order, categories(id, name, slug))',
      )
      .eq('slug', 'namibia-s-hydrogen-valley-tests-whether-africa-can-export-sunshine')
      .maybeSingle();
    expect(bySlug!.author).toMatchObject({ username: expect.any(String) });
    expect(bySlug!.article_categories.length).toBeGreaterThan(0);
    const { data: byId } = await published().eq('id', bySlug!.id).maybeSingle();
    expect(byId!.slug).toBe(bySlug!.slug);
    expect((await published().eq('slug', 'no-such-article').maybeSingle()).data).toBeNull();
  });

  it('articles by author and by a list of ids', async () => {
    const { data: author } = await sb.from('profiles').select('id').eq('username', 'fatima-hendricks').single();
    const { data: mine } = await published().eq('author_id', author!.id).order('published_at', { ascending: false });
    expect(mine!.length).toBeGreaterThan(0);
    expect(mine!.every((a) => a.author_id === author!.id)).toBe(true);
    const ids = mine!.slice(0, 2).map((a) => a.id);
    expect((await published().in('id', ids)).data!.map((a) => a.id).sort()).toEqual([...ids].sort());
  });

  it('search on title or excerpt: case- and accent-insensitive, drafts never found', async () => {
    const { data } = await sb.rpc('search_articles', { q: 'COTE D' }).select('title');
    expect((data as { title: string }[]).some((a) => a.title.startsWith('Côte d’Ivoire'))).toBe(true);
    const { data: none } = await sb.rpc('search_articles', { q: 'zzzz-nothing-zzzz' });
    expect(none).toEqual([]);
    const { data: drafts } = await sb.rpc('search_articles', { q: 'Greenwashing watch' });
    expect(drafts).toEqual([]);
  });

  it('article_categories for Featured Stories (1) and Opinion (27), and by article ids with nested category', async () => {
    const featured = await sb
      .from('article_categories')
      .select('article_id, articles_meta!inner(id, status)')
      .eq('category_id', 1);
    expect(featured.data!.length).toBeGreaterThan(6);
    const opinion = await sb.from('article_categories').select('article_id').eq('category_id', 27);
    expect(opinion.data!.length).toBeGreaterThan(0);
    const ids = featured.data!.slice(0, 3).map((r) => r.article_id);
    const { data } = await sb
      .from('article_categories')
      .select('article_id, display_order, categories(id, name, slug)')
      .in('article_id', ids);
    expect(data!.every((r) => typeof (r.categories as unknown as { slug: string } | null)?.slug === 'string')).toBe(
      true,
    );
  });

  it('comments of an article oldest first with the commenter name; pending ones hidden from others', async () => {
    const { data } = await sb
      .from('comments')
      .select('id, content, status, created_at, is_author, edited, author_display_name, like_count, dislike_count')
      .eq('article_id', w.articles.pubA)
      .order('created_at');
    expect(data!.map((c) => c.status)).toEqual(['approved', 'approved']);
    expect(data![0]!.author_display_name).toBe('Test reader');
  });

  it('own reactions by a list of comment ids; counts on the comments themselves', async () => {
    const reader = w.clients.reader;
    await reader
      .from('reactions')
      .insert({ comment_id: w.comments.reader2Approved, user_id: w.ids.reader, type: 'like' });
    const { data } = await reader
      .from('reactions')
      .select('comment_id, type')
      .in('comment_id', [w.comments.reader2Approved, w.comments.approved]);
    expect(data).toEqual([{ comment_id: w.comments.reader2Approved, type: 'like' }]);
    const { data: counts } = await sb
      .from('comments')
      .select('like_count, dislike_count')
      .eq('id', w.comments.reader2Approved)
      .single();
    expect(counts).toEqual({ like_count: 1, dislike_count: 0 });
  });

  it('events, all fields, ordered by event_date ascending (archived excluded)', async () => {
    const { data } = await sb.from('events').select('*').order('event_date', { ascending: true });
    const dates = data!.map((e) => Date.parse(e.event_date));
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
    expect(data!.some((e) => e.id === w.eventArchived)).toBe(false);
  });
});

describe('writes', () => {
  it('updates the own profile (display_name, bio, avatar_url)', async () => {
    const { error } = await w.clients.reader2
      .from('profiles')
      .update({ display_name: 'Lindiwe', bio: 'Reads everything', avatar_url: `${apiUrl()}/x.webp` })
      .eq('id', w.ids.reader2);
    expect(error).toBeNull();
    const { data } = await serviceClient()
      .from('profiles')
      .select('display_name, bio')
      .eq('id', w.ids.reader2)
      .single();
    expect(data).toEqual({ display_name: 'Lindiwe', bio: 'Reads everything' });
  });

  it('bookmarks: insert, duplicate is 23505, select by user with article ids, delete by user and article', async () => {
    const reader = w.clients.reader;
    const id = await makeArticle(w.ids.author);
    expect((await reader.from('bookmarks').insert({ user_id: w.ids.reader, article_id: id })).error).toBeNull();
    expect((await reader.from('bookmarks').insert({ user_id: w.ids.reader, article_id: id })).error!.code).toBe(
      '23505',
    );
    const { data } = await reader
      .from('bookmarks')
      .select('article_id')
      .eq('user_id', w.ids.reader)
      .in('article_id', [id]);
    expect(data).toEqual([{ article_id: id }]);
    await reader.from('bookmarks').delete().eq('user_id', w.ids.reader).eq('article_id', id);
    expect((await reader.from('bookmarks').select('id').eq('article_id', id)).data).toEqual([]);
  });

  it('newsletter: insert, duplicate e-mail in any case is 23505, upsert at signup, lookup by user id or e-mail', async () => {
    const email = uniqueEmail('subscriber');
    expect((await sb.from('newsletter_subscribers').insert({ email, user_id: null })).error).toBeNull();
    expect((await sb.from('newsletter_subscribers').insert({ email: ` ${email.toUpperCase()}` })).error!.code).toBe(
      '23505',
    );
    // The sign-up upsert: idempotent, true only for a new address.
    expect((await sb.rpc('subscribe_newsletter', { p_email: email })).data).toBe(false);
    expect((await sb.rpc('subscribe_newsletter', { p_email: uniqueEmail('fresh') })).data).toBe(true);
    expect(
      (await sb.rpc('subscribe_newsletter', { p_email: uniqueEmail('x'), p_user_id: w.ids.reader })).error!.code,
    ).toBe('42501');
    const reader = w.clients.reader;
    await reader.from('newsletter_subscribers').insert({ email: uniqueEmail('mine'), user_id: w.ids.reader });
    expect((await reader.from('newsletter_subscribers').select('id').eq('user_id', w.ids.reader)).data!.length).toBe(1);
  });

  it('comments: insert becomes pending; editing sets edited and pending; delete and restore', async () => {
    const reader = w.clients.reader;
    const { data: created } = await reader
      .from('comments')
      .insert({ article_id: w.articles.pubA, user_id: w.ids.reader, content: 'First thought' })
      .select('id, status, edited, is_author')
      .single();
    expect(created).toMatchObject({ status: 'pending', edited: false, is_author: false });
    await serviceClient().from('comments').update({ status: 'approved' }).eq('id', created!.id);
    const { data: edited } = await reader
      .from('comments')
      .update({ content: 'Second thought' })
      .eq('id', created!.id)
      .select('status, edited, last_edited_at')
      .single();
    expect(edited).toMatchObject({ status: 'pending', edited: true });
    expect(edited!.last_edited_at).not.toBeNull();
    expect(
      (await reader.from('comments').update({ status: 'deleted' }).eq('id', created!.id).select('status').single())
        .data,
    ).toEqual({ status: 'deleted' });
    expect(
      (await reader.from('comments').update({ status: 'pending' }).eq('id', created!.id).select('status').single())
        .data,
    ).toEqual({ status: 'pending' });
  });

  it("marks the article author's own comment with is_author", async () => {
    const { data } = await w.clients.author
      .from('comments')
      .insert({ article_id: w.articles.pubA, user_id: w.ids.author, content: 'Author here' })
      .select('is_author')
      .single();
    expect(data).toEqual({ is_author: true });
  });

  it('reactions: insert, switch type, same type again removes it', async () => {
    const reader2 = w.clients.reader2;
    const id = await makeComment(w.articles.pubA, w.ids.reader, 'approved');
    const counts = async () =>
      (await sb.from('comments').select('like_count, dislike_count').eq('id', id).single()).data;
    await reader2.from('reactions').insert({ user_id: w.ids.reader2, comment_id: id, type: 'like' });
    expect(await counts()).toEqual({ like_count: 1, dislike_count: 0 });
    await reader2.from('reactions').update({ type: 'dislike' }).eq('user_id', w.ids.reader2).eq('comment_id', id);
    expect(await counts()).toEqual({ like_count: 0, dislike_count: 1 });
    await reader2.from('reactions').delete().eq('user_id', w.ids.reader2).eq('comment_id', id);
    expect(await counts()).toEqual({ like_count: 0, dislike_count: 0 });
  });

  it('contact and advertise submissions return the new id; advertise needs a company', async () => {
    const { data: id, error } = await sb.rpc('submit_contact', {
      p_name: 'Thandi',
      p_email: 'thandi@example.test',
      p_message: 'Hello',
      p_form_type: 'contact',
      p_company: '',
    });
    expect(error).toBeNull();
    expect(typeof id).toBe('number');
    const { data } = await serviceClient()
      .from('contact_submissions')
      .select('status, company, form_type')
      .eq('id', id)
      .single();
    expect(data).toEqual({ status: 'new', company: null, form_type: 'contact' });
    const noCompany = await sb.from('contact_submissions').insert({
      name: 'A',
      email: 'a@example.test',
      company: null,
      message: 'Ad',
      form_type: 'advertise',
      status: 'new',
    });
    expect(noCompany.error!.code).toBe('23514');
  });

  it('analytics page_view and article_view, and app_errors, insert anonymously', async () => {
    expect(
      (
        await sb.from('analytics').insert({
          event_type: 'page_view',
          metadata: { path: '/', visitor_id: 'spec-v1', user_agent: 'test', referrer: '' },
        })
      ).error,
    ).toBeNull();
    expect(
      (
        await sb.from('analytics').insert({
          event_type: 'article_view',
          article_id: w.articles.pubA,
          metadata: { path: '/article/x', visitor_id: 'spec-v1' },
        })
      ).error,
    ).toBeNull();
    expect((await sb.from('analytics').insert({ event_type: 'bounce' })).error!.code).toBe('23514');
    expect(
      (
        await sb.from('app_errors').insert({
          event: 'newsletter_failed',
          message: 'timeout',
          error_code: '57014',
          details: { visitor_id: 'spec-v1' },
          user_agent: 'test',
          referrer: '',
          path: '/',
        })
      ).error,
    ).toBeNull();
  });

  it('rate-limits a flood of error reports from one visitor (HTTP 429)', async () => {
    const send = () => sb.from('app_errors').insert({ event: 'flood', details: { visitor_id: 'flooder' } });
    const results = [];
    for (let i = 0; i < 32; i++) results.push(await send());
    expect(results.slice(0, 30).every((r) => r.error === null)).toBe(true);
    expect(results[31]!.status).toBe(429);
  });
});
