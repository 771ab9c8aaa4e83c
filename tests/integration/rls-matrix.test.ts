/**
 * Row-level security matrix: for every table, the roles anonymous, reader, another reader,
 * author, another author and admin, and every operation, the allowed and the denied case.
 * Writes are judged by their effect, re-read as the service role, never by the status alone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { serviceClient, uniqueEmail } from '../support/clients.ts';
import { buildWorld, makeArticle, makeComment, row, type Actor, type World } from '../support/world.ts';

let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 120_000);

type Query = PromiseLike<{ data: unknown; error: unknown }>;
interface Case {
  name: string;
  actor: Actor;
  allowed: boolean;
  /** Performs the operation; returns ids or state the effect check needs. */
  run: (c: SupabaseClient, w: World) => PromiseLike<unknown>;
  /** true when the operation took effect (write) or returned the row (read). */
  effect: (w: World, ran: unknown) => Promise<boolean>;
}

const visible = (q: (c: SupabaseClient, w: World) => Query): Pick<Case, 'run' | 'effect'> => ({
  run: async (c, world) => (await q(c, world)).data,
  effect: async (_w, data) => Array.isArray(data) && data.length > 0,
});

const reads = (
  table: string,
  actors: Record<Actor, boolean>,
  q: (c: SupabaseClient, w: World) => Query,
  what: string,
): Case[] =>
  (Object.keys(actors) as Actor[]).map((actor) => ({
    name: `${table}: ${actor} reads ${what}`,
    actor,
    allowed: actors[actor],
    ...visible(q),
  }));

const all = (value: boolean, except: Partial<Record<Actor, boolean>> = {}): Record<Actor, boolean> => ({
  anon: value,
  reader: value,
  reader2: value,
  author: value,
  author2: value,
  admin: value,
  ...except,
});

const field = async (table: string, id: number | string, col: string) => (await row(table, id))?.[col];

const cases: Case[] = [
  // ---------------------------------------------------------------- profiles
  ...reads(
    'profiles',
    all(true),
    (c, w) => c.from('profiles').select('id, display_name').eq('id', w.ids.author),
    'a staff profile',
  ),
  ...reads(
    'profiles',
    all(false, { reader: true, author: true, author2: true, admin: true }),
    (c, w) => c.from('profiles').select('id, display_name').eq('id', w.ids.reader),
    "a reader's profile",
  ),
  ...reads(
    'profiles',
    all(false),
    (c, w) => c.from('profiles').select('email').eq('id', w.ids.author),
    "a profile's e-mail",
  ),
  {
    name: 'profiles: reader edits own display name',
    actor: 'reader',
    allowed: true,
    run: (c, w) =>
      c
        .from('profiles')
        .update({ display_name: 'Renamed Reader' })
        .eq('id', w.ids.reader)
        .then((r) => r),
    effect: async (w) => (await field('profiles', w.ids.reader, 'display_name')) === 'Renamed Reader',
  },
  {
    name: 'profiles: reader makes themselves admin',
    actor: 'reader',
    allowed: false,
    run: (c, w) =>
      c
        .from('profiles')
        .update({ role: 'admin' })
        .eq('id', w.ids.reader)
        .then((r) => r),
    effect: async (w) => (await field('profiles', w.ids.reader, 'role')) === 'admin',
  },
  {
    name: "profiles: reader edits another reader's bio",
    actor: 'reader',
    allowed: false,
    run: (c, w) =>
      c
        .from('profiles')
        .update({ bio: 'hacked' })
        .eq('id', w.ids.reader2)
        .then((r) => r),
    effect: async (w) => (await field('profiles', w.ids.reader2, 'bio')) === 'hacked',
  },
  {
    name: "profiles: admin changes a reader's role through the API",
    actor: 'admin',
    allowed: false,
    run: (c, w) =>
      c
        .from('profiles')
        .update({ role: 'author' })
        .eq('id', w.ids.reader2)
        .then((r) => r),
    effect: async (w) => (await field('profiles', w.ids.reader2, 'role')) === 'author',
  },
  {
    name: 'profiles: reader deletes own profile',
    actor: 'reader',
    allowed: false,
    run: (c, w) =>
      c
        .from('profiles')
        .delete()
        .eq('id', w.ids.reader)
        .then((r) => r),
    effect: async (w) => (await row('profiles', w.ids.reader)) === null,
  },

  // ---------------------------------------------------------------- articles_meta
  ...reads(
    'articles_meta',
    all(true),
    (c, w) => c.from('articles_meta').select('id').eq('id', w.articles.pubA),
    'a published article',
  ),
  ...reads(
    'articles_meta',
    // Staff read a colleague's non-archived articles (My Articles lists them; writing stays theirs).
    all(false, { author: true, author2: true, admin: true }),
    (c, w) => c.from('articles_meta').select('id').eq('id', w.articles.draftA),
    "author's draft",
  ),
  ...reads(
    'articles_meta',
    all(false, { author2: true, admin: true }),
    (c, w) => c.from('articles_meta').select('id').eq('id', w.articles.archivedB),
    "author2's archived article",
  ),
  ...(['reader', 'author', 'admin'] as const).map((actor): Case => ({
    name: `articles_meta: ${actor} writes an article as themselves`,
    actor,
    allowed: actor !== 'reader',
    run: async (c, w) => {
      const t = `${actor} ${Date.now()} ${Math.random()}`;
      await c.from('articles_meta').insert({
        title: t,
        slug: `rls-${Date.now()}-${Math.floor(Math.random() * 1e9)}`,
        author_id: w.ids[actor],
        status: 'draft',
      });
      return t;
    },
    effect: async (_w, t) =>
      (
        await serviceClient()
          .from('articles_meta')
          .select('id')
          .eq('title', t as string)
      ).data!.length === 1,
  })),
  {
    name: "articles_meta: author writes an article in another author's name",
    actor: 'author',
    allowed: false,
    run: async (c, w) => {
      const t = `spoof ${Date.now()}`;
      await c.from('articles_meta').insert({ title: t, slug: `spoof-${Date.now()}`, author_id: w.ids.author2 });
      return t;
    },
    effect: async (_w, t) =>
      (
        await serviceClient()
          .from('articles_meta')
          .select('id')
          .eq('title', t as string)
      ).data!.length > 0,
  },
  {
    name: 'articles_meta: author edits own draft',
    actor: 'author',
    allowed: true,
    run: (c, w) =>
      c
        .from('articles_meta')
        .update({ excerpt: 'Own edit' })
        .eq('id', w.articles.draftA)
        .then((r) => r),
    effect: async (w) => (await field('articles_meta', w.articles.draftA, 'excerpt')) === 'Own edit',
  },
  {
    name: "articles_meta: author edits another author's article",
    actor: 'author',
    allowed: false,
    run: (c, w) =>
      c
        .from('articles_meta')
        .update({ excerpt: 'Not mine' })
        .eq('id', w.articles.pubB)
        .then((r) => r),
    effect: async (w) => (await field('articles_meta', w.articles.pubB, 'excerpt')) === 'Not mine',
  },
  {
    name: 'articles_meta: author reassigns own article to another author',
    actor: 'author',
    allowed: false,
    run: (c, w) =>
      c
        .from('articles_meta')
        .update({ author_id: w.ids.author2 })
        .eq('id', w.articles.draftA)
        .then((r) => r),
    effect: async (w) => (await field('articles_meta', w.articles.draftA, 'author_id')) === w.ids.author2,
  },
  {
    name: 'articles_meta: admin reassigns an article',
    actor: 'admin',
    allowed: true,
    run: async (c, w) => {
      const id = await makeArticle(w.ids.author);
      await c.from('articles_meta').update({ author_id: w.ids.author2 }).eq('id', id);
      return id;
    },
    effect: async (w, id) => (await field('articles_meta', id as number, 'author_id')) === w.ids.author2,
  },
  {
    name: 'articles_meta: author flags is_main directly',
    actor: 'author',
    allowed: false,
    run: (c, w) =>
      c
        .from('articles_meta')
        .update({ is_main: true })
        .eq('id', w.articles.pubA)
        .then((r) => r),
    effect: async (w) => (await field('articles_meta', w.articles.pubA, 'is_main')) === true,
  },
  {
    name: "articles_meta: author archives another author's article",
    actor: 'author',
    allowed: false,
    run: (c, w) =>
      c
        .from('articles_meta')
        .update({ archived_at: new Date().toISOString() })
        .eq('id', w.articles.pubB)
        .then((r) => r),
    effect: async (w) => (await field('articles_meta', w.articles.pubB, 'archived_at')) !== null,
  },
  {
    name: 'articles_meta: author archives own article (stamped archived_by)',
    actor: 'author',
    allowed: true,
    run: async (c, w) => {
      const id = await makeArticle(w.ids.author);
      await c
        .from('articles_meta')
        .update({ archived_at: new Date().toISOString(), archived_by: w.ids.admin })
        .eq('id', id);
      return id;
    },
    effect: async (w, id) => (await field('articles_meta', id as number, 'archived_by')) === w.ids.author,
  },
  {
    name: 'articles_meta: author2 restores own archived article',
    actor: 'author2',
    allowed: false,
    run: (c, w) =>
      c
        .from('articles_meta')
        .update({ archived_at: null, archived_by: null })
        .eq('id', w.articles.archivedB)
        .then((r) => r),
    effect: async (w) => (await field('articles_meta', w.articles.archivedB, 'archived_at')) === null,
  },
  {
    name: 'articles_meta: admin restores an archived article',
    actor: 'admin',
    allowed: true,
    run: async (c, w) => {
      const id = await makeArticle(w.ids.author2, { archived_at: new Date().toISOString() });
      await c.from('articles_meta').update({ archived_at: null, archived_by: null }).eq('id', id);
      return id;
    },
    effect: async (_w, id) => (await field('articles_meta', id as number, 'archived_at')) === null,
  },
  ...(['reader', 'author', 'admin'] as const).map((actor): Case => ({
    name: `articles_meta: ${actor} deletes an article`,
    actor,
    allowed: actor === 'admin',
    run: async (c, w) => {
      const id = await makeArticle(w.ids.author);
      await c.from('articles_meta').delete().eq('id', id);
      return id;
    },
    effect: async (_w, id) => (await row('articles_meta', id as number)) === null,
  })),
  ...(['anon', 'reader', 'author'] as const).map((actor): Case => ({
    name: `articles_meta: ${actor} sets the main article (RPC)`,
    actor,
    // Authors promote only their own articles (20261124100100_dashboard_articles.sql).
    allowed: actor === 'author',
    run: async (c, w) => {
      const id = await makeArticle(w.ids.author);
      await c.rpc('set_main_article', { p_article_id: id });
      return id;
    },
    effect: async (_w, id) => (await field('articles_meta', id as number, 'is_main')) === true,
  })),

  // ---------------------------------------------------------------- article_categories
  ...reads(
    'article_categories',
    all(false, { author: true, author2: true, admin: true }),
    (c, w) => c.from('article_categories').select('article_id').eq('article_id', w.articles.draftA),
    'the category links of a draft',
  ),
  ...(
    [
      ['reader', 2],
      ['author', 3],
      ['author2', 5],
    ] as const
  ).map(([actor, categoryId]): Case => ({
    name: `article_categories: ${actor} files author's draft under a category`,
    actor,
    allowed: actor === 'author',
    run: (c, w) =>
      c
        .from('article_categories')
        .insert({ article_id: w.articles.draftA, category_id: categoryId, display_order: 3 })
        .then((r) => r),
    effect: async (w) =>
      (
        await serviceClient()
          .from('article_categories')
          .select('*')
          .eq('article_id', w.articles.draftA)
          .eq('category_id', categoryId)
      ).data!.length > 0,
  })),

  // ---------------------------------------------------------------- comments
  ...reads(
    'comments',
    all(true),
    (c, w) => c.from('comments').select('id').eq('id', w.comments.approved),
    'an approved comment',
  ),
  ...reads(
    'comments',
    all(false, { reader: true, author: true, admin: true }),
    (c, w) => c.from('comments').select('id').eq('id', w.comments.pending),
    "reader's pending comment",
  ),
  ...reads(
    'comments',
    all(false, { reader: true, author: true, admin: true }),
    (c, w) => c.from('comments').select('content').eq('id', w.comments.deleted),
    "reader's deleted comment",
  ),
  ...reads(
    'comments',
    all(false, { author: true, admin: true }),
    (c, w) => c.from('comments').select('id').eq('id', w.comments.hidden),
    'a hidden comment',
  ),
  ...(['anon', 'reader'] as const).map((actor): Case => ({
    name: `comments: ${actor} comments on a published article`,
    actor,
    allowed: actor === 'reader',
    run: async (c, w) => {
      const content = `Hello ${Math.random()}`;
      await c.from('comments').insert({ article_id: w.articles.pubA, user_id: w.ids.reader, content });
      return content;
    },
    effect: async (_w, content) =>
      (
        await serviceClient()
          .from('comments')
          .select('id')
          .eq('content', content as string)
      ).data!.length === 1,
  })),
  {
    name: 'comments: reader comments as another reader',
    actor: 'reader',
    allowed: false,
    run: async (c, w) => {
      const content = `Spoof ${Math.random()}`;
      await c.from('comments').insert({ article_id: w.articles.pubA, user_id: w.ids.reader2, content });
      return content;
    },
    effect: async (_w, content) =>
      (
        await serviceClient()
          .from('comments')
          .select('id')
          .eq('content', content as string)
      ).data!.length > 0,
  },
  {
    name: 'comments: reader comments on a draft',
    actor: 'reader',
    allowed: false,
    run: async (c, w) => {
      const content = `Draft ${Math.random()}`;
      await c.from('comments').insert({ article_id: w.articles.draftA, user_id: w.ids.reader, content });
      return content;
    },
    effect: async (_w, content) =>
      (
        await serviceClient()
          .from('comments')
          .select('id')
          .eq('content', content as string)
      ).data!.length > 0,
  },
  {
    name: 'comments: reader posts an already-approved comment',
    actor: 'reader',
    allowed: false,
    run: async (c, w) => {
      const content = `Self-approved ${Math.random()}`;
      await c
        .from('comments')
        .insert({ article_id: w.articles.pubA, user_id: w.ids.reader, content, status: 'approved' });
      return content;
    },
    effect: async (_w, content) =>
      (
        await serviceClient()
          .from('comments')
          .select('status')
          .eq('content', content as string)
      ).data!.some((r) => r.status === 'approved'),
  },
  {
    name: 'comments: reader approves own pending comment',
    actor: 'reader',
    allowed: false,
    run: (c, w) =>
      c
        .from('comments')
        .update({ status: 'approved' })
        .eq('id', w.comments.pending)
        .then((r) => r),
    effect: async (w) => (await field('comments', w.comments.pending, 'status')) === 'approved',
  },
  {
    name: "comments: reader edits another reader's comment",
    actor: 'reader',
    allowed: false,
    run: (c, w) =>
      c
        .from('comments')
        .update({ content: 'Overwritten' })
        .eq('id', w.comments.reader2Approved)
        .then((r) => r),
    effect: async (w) => (await field('comments', w.comments.reader2Approved, 'content')) === 'Overwritten',
  },
  {
    name: "comments: reader2 deletes reader's comment",
    actor: 'reader2',
    allowed: false,
    run: (c, w) =>
      c
        .from('comments')
        .update({ status: 'deleted' })
        .eq('id', w.comments.approved)
        .then((r) => r),
    effect: async (w) => (await field('comments', w.comments.approved, 'status')) === 'deleted',
  },
  {
    name: 'comments: author (staff) approves a pending comment',
    actor: 'author',
    allowed: true,
    run: async (c, w) => {
      const id = await makeComment(w.articles.pubA, w.ids.reader2, 'pending');
      await c.from('comments').update({ status: 'approved' }).eq('id', id);
      return id;
    },
    effect: async (_w, id) => (await field('comments', id as number, 'status')) === 'approved',
  },
  {
    name: "comments: admin rewrites a reader's comment",
    actor: 'admin',
    allowed: false,
    run: (c, w) =>
      c
        .from('comments')
        .update({ content: 'Moderator words' })
        .eq('id', w.comments.reader2Approved)
        .then((r) => r),
    effect: async (w) => (await field('comments', w.comments.reader2Approved, 'content')) === 'Moderator words',
  },
  ...(['reader', 'admin'] as const).map((actor): Case => ({
    name: `comments: ${actor} deletes a comment row outright`,
    actor,
    allowed: actor === 'admin',
    run: async (c, w) => {
      const id = await makeComment(w.articles.pubA, w.ids.reader, 'approved');
      await c.from('comments').delete().eq('id', id);
      return id;
    },
    effect: async (_w, id) => (await row('comments', id as number)) === null,
  })),

  // ---------------------------------------------------------------- reactions
  ...(['anon', 'reader'] as const).map((actor): Case => ({
    name: `reactions: ${actor} likes an approved comment`,
    actor,
    allowed: actor === 'reader',
    run: async (c, w) => {
      const id = await makeComment(w.articles.pubA, w.ids.reader2, 'approved');
      await c.from('reactions').insert({ comment_id: id, user_id: w.ids.reader, type: 'like' });
      return id;
    },
    effect: async (_w, id) => (await field('comments', id as number, 'like_count')) === 1,
  })),
  {
    name: "reactions: reader reacts in another user's name",
    actor: 'reader',
    allowed: false,
    run: async (c, w) => {
      const id = await makeComment(w.articles.pubA, w.ids.reader2, 'approved');
      await c.from('reactions').insert({ comment_id: id, user_id: w.ids.reader2, type: 'dislike' });
      return id;
    },
    effect: async (_w, id) => (await field('comments', id as number, 'dislike_count')) === 1,
  },
  {
    name: 'reactions: reader reacts to a deleted comment',
    actor: 'reader',
    allowed: false,
    run: async (c, w) => {
      await c.from('reactions').insert({ comment_id: w.comments.deleted, user_id: w.ids.reader, type: 'like' });
      return w.comments.deleted;
    },
    effect: async (_w, id) =>
      (
        await serviceClient()
          .from('reactions')
          .select('id')
          .eq('comment_id', id as number)
      ).data!.length > 0,
  },
  {
    name: "reactions: reader2 reads reader's reaction",
    actor: 'reader2',
    allowed: false,
    run: async (c, w) => {
      const id = await makeComment(w.articles.pubA, w.ids.author, 'approved');
      await serviceClient().from('reactions').insert({ comment_id: id, user_id: w.ids.reader, type: 'like' });
      return (await c.from('reactions').select('id').eq('comment_id', id)).data;
    },
    effect: async (_w, data) => Array.isArray(data) && data.length > 0,
  },

  // ---------------------------------------------------------------- bookmarks
  ...(['anon', 'reader'] as const).map((actor): Case => ({
    name: `bookmarks: ${actor} bookmarks an article for themselves`,
    actor,
    allowed: actor === 'reader',
    run: async (c, w) => {
      const id = await makeArticle(w.ids.author);
      await c.from('bookmarks').insert({ user_id: w.ids.reader, article_id: id });
      return id;
    },
    effect: async (_w, id) =>
      (
        await serviceClient()
          .from('bookmarks')
          .select('id')
          .eq('article_id', id as number)
      ).data!.length === 1,
  })),
  {
    name: "bookmarks: reader2 reads and deletes reader's bookmarks",
    actor: 'reader2',
    allowed: false,
    run: async (c, w) => {
      const id = await makeArticle(w.ids.author);
      await serviceClient().from('bookmarks').insert({ user_id: w.ids.reader, article_id: id });
      const seen = (await c.from('bookmarks').select('id').eq('article_id', id)).data ?? [];
      await c.from('bookmarks').delete().eq('article_id', id);
      return { id, seen: seen.length };
    },
    effect: async (_w, r) => {
      const { id, seen } = r as { id: number; seen: number };
      return seen > 0 || (await serviceClient().from('bookmarks').select('id').eq('article_id', id)).data!.length === 0;
    },
  },

  // ---------------------------------------------------------------- newsletter_subscribers
  ...(['anon', 'reader'] as const).map((actor): Case => ({
    name: `newsletter_subscribers: ${actor} subscribes (stored trimmed and lower-cased)`,
    actor,
    allowed: true,
    run: async (c) => {
      const email = uniqueEmail('News');
      await c.from('newsletter_subscribers').insert({ email: `  ${email.toUpperCase()} ` });
      return email.toLowerCase();
    },
    effect: async (_w, email) =>
      (
        await serviceClient()
          .from('newsletter_subscribers')
          .select('id')
          .eq('email', email as string)
      ).data!.length === 1,
  })),
  ...reads(
    'newsletter_subscribers',
    all(false, { admin: true }),
    (c) => c.from('newsletter_subscribers').select('email').limit(1),
    'the subscriber list',
  ),
  {
    name: "newsletter_subscribers: reader subscribes in another user's name",
    actor: 'reader',
    allowed: false,
    run: async (c, w) => {
      const email = uniqueEmail('spoof');
      await c.from('newsletter_subscribers').insert({ email, user_id: w.ids.reader2 });
      return email;
    },
    effect: async (_w, email) =>
      (
        await serviceClient()
          .from('newsletter_subscribers')
          .select('id')
          .eq('email', email as string)
      ).data!.length > 0,
  },

  // ---------------------------------------------------------------- contact_submissions
  ...reads(
    'contact_submissions',
    all(false, { author: true, author2: true, admin: true }),
    (c, w) => c.from('contact_submissions').select('id').eq('id', w.submission),
    'an enquiry',
  ),
  ...(['reader', 'author'] as const).map((actor): Case => ({
    name: `contact_submissions: ${actor} marks an enquiry as read`,
    actor,
    allowed: actor === 'author',
    run: async (c) => {
      const { data } = await serviceClient()
        .from('contact_submissions')
        .insert({ name: 'N', email: uniqueEmail('c'), message: 'M', form_type: 'contact' })
        .select('id')
        .single();
      await c.from('contact_submissions').update({ status: 'read' }).eq('id', data!.id);
      return data!.id;
    },
    effect: async (_w, id) => (await field('contact_submissions', id as number, 'status')) === 'read',
  })),
  {
    name: 'contact_submissions: anon files an enquiry already marked replied',
    actor: 'anon',
    allowed: false,
    run: async (c) => {
      const email = uniqueEmail('replied');
      await c
        .from('contact_submissions')
        .insert({ name: 'N', email, message: 'M', form_type: 'contact', status: 'replied' });
      return email;
    },
    // The row is accepted, but the database files it as new whatever the sender claims.
    effect: async (_w, email) =>
      (
        await serviceClient()
          .from('contact_submissions')
          .select('status')
          .eq('email', email as string)
      ).data!.some((r) => r.status !== 'new'),
  },

  // ---------------------------------------------------------------- analytics and app_errors
  ...(['anon', 'reader'] as const).map((actor): Case => ({
    name: `analytics: ${actor} records a page view`,
    actor,
    allowed: true,
    run: async (c) => {
      const visitor = `rls-${Math.random()}`;
      await c.from('analytics').insert({ event_type: 'page_view', metadata: { path: '/', visitor_id: visitor } });
      return visitor;
    },
    effect: async (_w, visitor) =>
      (
        await serviceClient()
          .from('analytics')
          .select('id')
          .eq('metadata->>visitor_id', visitor as string)
      ).data!.length === 1,
  })),
  ...reads(
    'analytics',
    all(false, { author: true, author2: true, admin: true }),
    (c) => c.from('analytics').select('id').limit(1),
    'raw analytics',
  ),
  {
    name: "analytics: reader records a view in another user's name",
    actor: 'reader',
    allowed: false,
    run: async (c, w) => {
      const visitor = `spoof-${Math.random()}`;
      await c
        .from('analytics')
        .insert({ event_type: 'page_view', user_id: w.ids.reader2, metadata: { visitor_id: visitor } });
      return visitor;
    },
    effect: async (w, visitor) =>
      (
        await serviceClient()
          .from('analytics')
          .select('id')
          .eq('metadata->>visitor_id', visitor as string)
          .eq('user_id', w.ids.reader2)
      ).data!.length > 0,
  },
  ...reads(
    'app_errors',
    all(false, { author: true, author2: true, admin: true }),
    (c) => c.from('app_errors').select('id').limit(1),
    'error reports',
  ),

  // ---------------------------------------------------------------- events and categories
  ...reads('events', all(true), (c, w) => c.from('events').select('id').eq('id', w.eventActive), 'an active event'),
  ...reads(
    'events',
    all(false, { author: true, author2: true, admin: true }),
    (c, w) => c.from('events').select('id').eq('id', w.eventArchived),
    'an archived event',
  ),
  ...(['anon', 'reader', 'author'] as const).map((actor): Case => ({
    name: `events: ${actor} creates an event`,
    actor,
    allowed: actor === 'author',
    run: async (c) => {
      const title = `Event by ${actor} ${Math.random()}`;
      await c.from('events').insert({ title, event_date: '2031-05-01T09:00:00Z', location: 'Cape Town' });
      return title;
    },
    effect: async (_w, title) =>
      (
        await serviceClient()
          .from('events')
          .select('id')
          .eq('title', title as string)
      ).data!.length === 1,
  })),
  ...reads('categories', all(true), (c) => c.from('categories').select('id').eq('id', 1), 'a category'),
  ...(['reader', 'author', 'admin'] as const).map((actor): Case => ({
    name: `categories: ${actor} creates a category`,
    actor,
    allowed: actor === 'admin',
    run: async (c) => {
      const slug = `cat-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
      await c.from('categories').insert({ name: slug, slug });
      return slug;
    },
    effect: async (_w, slug) =>
      (
        await serviceClient()
          .from('categories')
          .select('id')
          .eq('slug', slug as string)
      ).data!.length === 1,
  })),
];

describe('row-level security matrix', () => {
  it.each(cases.map((c) => [c.name, c.allowed ? 'allowed' : 'denied', c] as const))(
    '%s → %s',
    async (_name, _verdict, c) => {
      const ran = await c.run(w.clients[c.actor], w);
      expect(await c.effect(w, ran)).toBe(c.allowed);
    },
  );
});
