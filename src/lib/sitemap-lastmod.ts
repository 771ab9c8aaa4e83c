/**
 * `<lastmod>` for sitemap.xml: when each listed page last changed in a way a crawler cares
 * about. The sitemap (scripts/lib/sitemap.ts) knows only URLs, so the build reads the few columns this needs once
 * (four paged queries, like the page data load) and the sitemap's `serialize` looks pages up here.
 *
 * - An article: its last edit (updated_at), never earlier than its publication.
 * - A category or author listing, every page of it: the newest change among its articles (a new
 *   article shifts every later page by one card, so all pages change together).
 * - The home page: the newest change of any article.
 * - Pages whose content is not dated (company pages, /events, /categories, /authors) get no
 *   lastmod rather than a made-up one.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { articlePath, authorPath, categoryPath } from './article-links.ts';
import { readAll } from './data/read-all.ts';
import { latestDate } from './dates.ts';

export interface LastmodArticle {
  slug: string;
  publishedAt: string | null;
  updatedAt: string;
  authorUsername: string | null;
  categorySlugs: string[];
}

/** Path (canonical, percent-encoded, no trailing slash) → ISO timestamp. */
export type LastmodIndex = ReadonlyMap<string, string>;

export function buildLastmodIndex(articles: readonly LastmodArticle[]): LastmodIndex {
  const index = new Map<string, string>();
  const bump = (path: string, iso: string) => index.set(path, latestDate(index.get(path), iso));
  for (const a of articles) {
    const changed = latestDate(a.updatedAt, a.publishedAt);
    if (!changed) continue;
    bump(articlePath(a), changed);
    bump('/', changed);
    for (const slug of a.categorySlugs) bump(categoryPath({ slug }), changed);
    if (a.authorUsername) bump(authorPath({ username: a.authorUsername }), changed);
  }
  return index;
}

/**
 * The lastmod of a page URL or path, or undefined when the page is not dated. Later pages of a
 * listing ('/category/x/3') share the listing's date.
 */
export function lastmodFor(index: LastmodIndex, urlOrPath: string): string | undefined {
  const pathname = new URL(urlOrPath, 'http://site.invalid').pathname;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const listing = /^(\/(?:category|author)\/[^/]+)\/\d+$/.exec(path);
  return index.get(listing ? listing[1]! : path);
}

/** Reads what the index needs with the anon key: only published, non-archived articles. */
export async function loadLastmodIndex(client: SupabaseClient, apiUrl: string): Promise<LastmodIndex> {
  const [articles, links, categories, authors] = await Promise.all([
    readAll<{ id: number; slug: string; published_at: string | null; updated_at: string; author_id: string | null }>(
      'articles',
      apiUrl,
      (f, t) =>
        client
          .from('articles_meta')
          .select('id, slug, published_at, updated_at, author_id')
          .eq('status', 'published')
          .is('archived_at', null)
          .order('id')
          .range(f, t),
    ),
    readAll<{ article_id: number; category_id: number }>('article categories', apiUrl, (f, t) =>
      client.from('article_categories').select('article_id, category_id').order('article_id').range(f, t),
    ),
    readAll<{ id: number; slug: string }>('categories', apiUrl, (f, t) =>
      client.from('categories').select('id, slug').order('id').range(f, t),
    ),
    readAll<{ id: string; username: string }>('authors', apiUrl, (f, t) =>
      client.from('profiles').select('id, username').in('role', ['author', 'admin']).order('id').range(f, t),
    ),
  ]);
  const categorySlug = new Map(categories.map((c) => [c.id, c.slug]));
  const username = new Map(authors.map((a) => [a.id, a.username]));
  const slugsByArticle = new Map<number, string[]>();
  for (const l of links) {
    const slug = categorySlug.get(l.category_id);
    if (slug) slugsByArticle.set(l.article_id, [...(slugsByArticle.get(l.article_id) ?? []), slug]);
  }
  return buildLastmodIndex(
    articles.map((a) => ({
      slug: a.slug,
      publishedAt: a.published_at,
      updatedAt: a.updated_at,
      authorUsername: (a.author_id && username.get(a.author_id)) || null,
      categorySlugs: slugsByArticle.get(a.id) ?? [],
    })),
  );
}
