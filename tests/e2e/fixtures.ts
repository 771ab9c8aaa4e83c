/**
 * What the end-to-end stack adds to the demo seed before building, for states the demo content
 * does not have: an empty subcategory, an author without articles, and one category long enough
 * to paginate (30 synthetic articles dated well before the demo stories, so home and "latest"
 * lists stay as the seed makes them). And the stored-XSS cast (tests/e2e/xss.spec.ts): an author
 * whose name and bio, a report whose every text field, and an event whose fields carry script
 * payloads, in a category of their own and dated years back, so no list the other specs read
 * starts with them.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { LocalServer } from '../../supabase/local/server.ts';
import { generate } from '../../scripts/seed/generate.ts';
import { HEADLINE_FIT_CHARS } from '../../src/lib/rules/headline.ts';
import { bodyPayload, jsUrl, payload } from './xss-payloads.ts';

const E2E_FIXTURES = {
  emptyCategorySlug: 'e2e-empty-category',
  idleAuthorEmail: 'reader6@demo.test',
  longCategorySlug: 'reports',
  extraArticles: 30,
} as const;

/** The stored-XSS rows the build sees (payloads from tests/e2e/xss-payloads.ts). */
export const XSS_FIXTURES = {
  authorEmail: 'e2e-xss-author@example.test',
  authorPassword: 'xss-author-password',
  authorUsername: 'e2e-xss-author',
  categorySlug: 'e2e-xss',
  articleSlug: 'e2e-stored-payloads',
  // A headline longer than this is clamped by design (tests/e2e/layout.spec.ts shows every one in full).
  title: payload('t', 'Payload title', HEADLINE_FIT_CHARS),
  excerpt: payload('e', 'Payload excerpt', 400),
  credit: payload('c', 'Payload credit', 300),
  caption: payload('cap', 'Payload caption', 300),
  alt: payload('alt', 'Payload alt', 125),
  body: bodyPayload('b'),
  pdfUrl: jsUrl('pdf'),
  seo: {
    seoTitle: payload('st', 'Payload SEO', 120),
    metaDescription: payload('md', 'Payload meta', 300),
    keywords: [payload('kw', 'kw', 80)],
    focusKeyword: payload('fk', 'fk', 80),
  },
  displayName: payload('dn', 'Payload Author', 80),
  bio: payload('bio', 'Payload bio', 1000),
  event: {
    title: payload('ev', 'Payload event', 200),
    description: payload('evd', 'Payload event description', 5000),
    location: payload('evl', 'Payload location', 200),
  },
} as const;

export async function addE2eFixtures(server: LocalServer): Promise<void> {
  const admin = createClient(server.url, server.config.serviceRoleKey, { auth: { persistSession: false } });
  const must = <T>(what: string, r: { data: T | null; error: { message: string } | null }): T => {
    if (r.error || r.data === null) throw new Error(`e2e fixtures: ${what}: ${r.error?.message ?? 'no data'}`);
    return r.data;
  };
  const check = (what: string, r: { error: { message: string } | null }) => {
    if (r.error) throw new Error(`e2e fixtures: ${what}: ${r.error.message}`);
  };
  const long = must<{ id: number; parent_id: number | null }>(
    'long category',
    await admin.from('categories').select('id, parent_id').eq('slug', E2E_FIXTURES.longCategorySlug).single(),
  );
  check(
    'empty category',
    await admin.from('categories').insert({
      name: 'E2E Empty Category',
      slug: E2E_FIXTURES.emptyCategorySlug,
      parent_id: long.parent_id ?? long.id,
      menu_order: 99,
    }),
  );
  // Before promoting the idle author, so none of these articles can be theirs.
  await generate(admin, E2E_FIXTURES.extraArticles, () => {}, {
    categoryIds: [long.id],
    minAgeDays: 400,
    maxAgeDays: 700,
  });
  await addXssFixtures(admin, long.parent_id ?? long.id);
  check(
    'idle author',
    await admin.from('profiles').update({ role: 'author' }).eq('email', E2E_FIXTURES.idleAuthorEmail),
  );
}

async function addXssFixtures(admin: SupabaseClient, parentId: number): Promise<void> {
  const fail = (what: string, error: { message: string } | null) => {
    if (error) throw new Error(`e2e xss fixtures: ${what}: ${error.message}`);
  };
  const x = XSS_FIXTURES;
  const user = await admin.auth.admin.createUser({
    email: x.authorEmail,
    password: x.authorPassword,
    email_confirm: true,
  });
  fail('author', user.error);
  const authorId = user.data.user!.id;
  fail(
    'author profile',
    (
      await admin
        .from('profiles')
        .update({ role: 'author', username: x.authorUsername, display_name: x.displayName, bio: x.bio })
        .eq('id', authorId)
    ).error,
  );
  const category = await admin
    .from('categories')
    .insert({ name: 'E2E Stored Payloads', slug: x.categorySlug, parent_id: parentId, menu_order: 98 })
    .select('id')
    .single();
  fail('category', category.error);
  const hero = await admin
    .from('articles_meta')
    .select('hero_image_url')
    .not('hero_image_url', 'is', null)
    .limit(1)
    .single();
  fail('hero image', hero.error);
  const long = new Date(Date.now() - 900 * 86_400_000).toISOString();
  const article = await admin
    .from('articles_meta')
    .insert({
      title: x.title,
      slug: x.articleSlug,
      excerpt: x.excerpt,
      body: x.body,
      hero_image_url: (hero.data as { hero_image_url: string }).hero_image_url,
      image_reference: x.credit,
      hero_image_caption: x.caption,
      hero_image_alt: x.alt,
      status: 'published',
      published_at: long,
      author_id: authorId,
      is_report: true,
      pdf_url: x.pdfUrl,
      primary_category_id: (category.data as { id: number }).id,
      seo: x.seo,
    })
    .select('id')
    .single();
  fail('article', article.error);
  fail(
    'article category',
    (
      await admin.from('article_categories').insert({
        article_id: (article.data as { id: number }).id,
        category_id: (category.data as { id: number }).id,
      })
    ).error,
  );
  fail(
    'event',
    (
      await admin.from('events').insert({
        ...x.event,
        event_date: new Date(Date.now() + 3 * 365 * 86_400_000).toISOString(),
        link: 'https://example.com/payload-event',
      })
    ).error,
  );
}
