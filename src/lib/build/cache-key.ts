/**
 * `cacheKey`s for incremental builds (release builds: src/lib/build/routes/route-manifest.ts; a plain
 * `astro build`: Astro's `experimental.incrementalBuild`): a page returned by `getStaticPaths` is
 * re-rendered only when its key or the code changes, so a key must cover
 * exactly the data the page renders: anything missing leaves a stale page, anything extra
 * re-renders for nothing. The helpers below are that list for each page type.
 *
 * What every key includes: the header menu (all categories' id, name, slug, parent and order),
 * because every page prints it. What no key includes: the trending list, which changes on every
 * publish and is fetched by the page as a small JSON fragment (its baked-in fallback may be
 * older; that is the trade-off that keeps one publish from re-rendering every page).
 */
import { hash } from 'node:crypto';
import type { Article, Author, Category, SiteData } from '../types.ts';
import type { ListingPage } from '../rules/article-links.ts';
import { articleCategories, cardCategories, displayedPrimaryCategory } from '../rules/categories.ts';
import { articleDate } from '../rules/dates.ts';
import { RSS_ITEMS } from './feeds/rss.ts';
import { articleDescription } from '../rules/text.ts';

/** The data a key helper needs: categories for the menu and cards, authors for bylines. */
export type CacheKeyData = Pick<SiteData, 'categories' | 'categoryById' | 'authorById' | 'articleDigests'>;

function canonical(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return value.toString();
    return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  }
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Map) return canonical(Object.fromEntries([...value].map(([k, v]) => [String(k), v])));
  if (value instanceof Set || Array.isArray(value)) return [...value].map((v) => canonical(v) ?? null);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = canonical((value as Record<string, unknown>)[key]);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/**
 * JSON with object keys sorted at every level, so two equal values always serialise alike
 * whatever order their keys were built in. Maps become objects, Sets arrays, Dates ISO strings;
 * undefined, functions and symbols are dropped as in JSON.stringify.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value)) ?? 'null';
}

/** The first 16 hex digits of the SHA-256 of a text. */
const shortHash = (text: string): string => hash('sha256', text, 'hex').slice(0, 16);

/** A short stable hash of a value: the first 16 hex digits of the SHA-256 of its canonical JSON. */
export function cacheKeyFor(value: unknown): string {
  return shortHash(canonicalJson(value));
}

/**
 * cacheKeyFor without the canonical form, for the two keys made once per article at every build
 * (a card and an article page with a kept row: 20,000 at 10,000 articles). Their values are built
 * right here, with a fixed key order, from plain data (strings, numbers, arrays of ids), so plain
 * JSON is already one text per value; sorting keys at every level cost ~90 ms per build there.
 */
function plainKeyFor(value: unknown): string {
  return shortHash(JSON.stringify(value));
}

/** The header menu as every page renders it: part of every key. */
export function menuKeyPart(categories: readonly Category[]): unknown {
  return categories.map((c) => [c.id, c.name, c.slug, c.parentId, c.menuOrder]);
}

const menuKeys = new WeakMap<readonly Category[], string>();

/**
 * menuKeyPart as a hash, worked out once per category list: every page's key holds the menu,
 * and canonicalising 32 categories again for each of 11,000 pages was a fifth of the time the
 * keys took at 10,000 articles.
 */
export function menuKey(categories: readonly Category[]): string {
  let key = menuKeys.get(categories);
  if (key === undefined) {
    key = cacheKeyFor(menuKeyPart(categories));
    menuKeys.set(categories, key);
  }
  return key;
}

/** How a byline shows an author: name, profile link and avatar. */
function authorKeyPart(
  author: Author | null | undefined,
): Pick<Author, 'id' | 'username' | 'displayName' | 'avatarUrl' | 'role'> | null {
  if (!author) return null;
  const { id, username, displayName, avatarUrl, role } = author;
  return { id, username, displayName, avatarUrl, role };
}

/**
 * What an article card renders: link, title, excerpt (or body when it has none), image, date,
 * its displayed category and chips, and the byline.
 */
export function cardKeyPart(article: Article, data: CacheKeyData): unknown {
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt ?? article.body,
    image: article.heroImageUrl,
    date: article.publishedAt ?? article.createdAt,
    primary: displayedPrimaryCategory(article, data.categoryById)?.id ?? null,
    chips: cardCategories(article, data.categoryById).map((c) => c.id),
    author: authorKeyPart(article.authorId ? data.authorById.get(article.authorId) : null),
  };
}

/** A key worked out from one article, and what else it was worked out from. */
interface ArticleKey {
  context: string;
  key: string;
}

/**
 * One string object per distinct context text, so that comparing a kept context with this
 * build's is a pointer check, not a walk through ~150 characters for each of 300,000 cards.
 */
const interned = new Map<string, string>();

function intern(text: string): string {
  let same = interned.get(text);
  if (same === undefined) {
    // Authors and menus change rarely: a bound keeps an unusual process from growing without end.
    if (interned.size > 10_000) interned.clear();
    interned.set(text, text);
    same = text;
  }
  return same;
}

/** What a card and an article page show of their author, with the menu, per author and build. */
const authorContexts = new WeakMap<Author, { categories: readonly Category[]; card: string; page: string }>();
const NO_AUTHOR = new WeakMap<readonly Category[], { card: string; page: string }>();

/**
 * The context of an article's card key (the menu, which holds every category field a card looks
 * up, and the byline) and of its page key (the same with the author's bio), worked out once per
 * author object and category list (a build makes one of each).
 */
function authorContext(
  author: Author | null | undefined,
  categories: readonly Category[],
): { card: string; page: string } {
  const menu = menuKey(categories);
  if (!author) {
    let none = NO_AUTHOR.get(categories);
    if (!none) NO_AUTHOR.set(categories, (none = { card: intern(`${menu}\0null`), page: intern(`${menu}\0null\0`) }));
    return none;
  }
  let context = authorContexts.get(author);
  if (context?.categories !== categories) {
    const card = `${menu}\0${JSON.stringify(authorKeyPart(author))}`;
    context = { categories, card: intern(card), page: intern(`${card}\0${author.bio ?? ''}`) };
    authorContexts.set(author, context);
  }
  return context;
}

const cardKeys = new WeakMap<Article, ArticleKey>();

/**
 * cardKeyPart as a hash, worked out once per article: an article's card is on a page of each of
 * its categories, its author's profile and the parents' listings. Kept with the article object
 * for as long as the categories (all of a card's category lookups are in menuKey) and the
 * author's byline stay the same: a process that builds many times gets the same object for an
 * unchanged row (src/lib/build/data/fetch-site-data.ts), so a publish hashes only the cards of
 * the articles it changed, not 100,000.
 */
export function cardKey(article: Article, data: CacheKeyData): string {
  const author = article.authorId ? data.authorById.get(article.authorId) : null;
  const context = authorContext(author, data.categories).card;
  const before = cardKeys.get(article);
  if (before?.context === context) return before.key;
  const key = plainKeyFor(cardKeyPart(article, data));
  cardKeys.set(article, { context, key });
  return key;
}

/**
 * An article page: the whole article (every field is printed or in its JSON-LD), author, tags.
 * The article is its row's digest plus its categories when the build has one (kept rows), which
 * stands for the same content without hashing 10,000 bodies at every publish.
 */
export function articlePageCacheKey(article: Article, data: CacheKeyData): string {
  const author = article.authorId ? data.authorById.get(article.authorId) : null;
  const digest = data.articleDigests?.get(article.id);
  // Without a digest the key hashes the article itself: the same object, the same article.
  const context = authorContext(author, data.categories).page;
  const before = articlePageKeys.get(article);
  if (before?.context === context && before.digest === digest) return before.key;
  const key = {
    page: 'article',
    menu: menuKey(data.categories),
    article: digest ? { row: digest, categoryIds: article.categoryIds } : article,
    author: author ? { ...authorKeyPart(author), bio: author.bio } : null,
    tags: articleCategories(article, data.categoryById).map((c) => c.id),
  };
  // With a digest every part is built here in a fixed shape; the whole article is not.
  const made = digest ? plainKeyFor(key) : cacheKeyFor(key);
  articlePageKeys.set(article, { context, digest, key: made });
  return made;
}

/** articlePageCacheKey's keys, kept with the article object as cardKey's are. */
const articlePageKeys = new WeakMap<Article, ArticleKey & { digest: string | undefined }>();

function pagination(page: ListingPage<unknown>): unknown {
  return [page.page, page.totalPages, page.totalItems, page.prevPath, page.nextPath];
}

/** A category as a listing shows it (every field of Category), in a fixed shape. */
const categoryPart = (c: Category): unknown => [c.id, c.name, c.slug, c.parentId, c.menuOrder];

/**
 * One page of a category listing: the category, its count line, the page's cards and links.
 * Built in a fixed shape from plain values, so plain JSON is one text per value (see
 * plainKeyFor): the canonical form cost ~1 s per build over 10,000 listing pages at 100,000 articles.
 */
export function categoryPageCacheKey(category: Category, page: ListingPage<Article>, data: CacheKeyData): string {
  const head = ['category', menuKey(data.categories), categoryPart(category), pagination(page)];
  return listingKey(`c${category.id}/${page.page}`, head, page, data);
}

/** One page of an author profile: the profile (with bio) and the page's cards and links. */
export function authorPageCacheKey(author: Author, page: ListingPage<Article>, data: CacheKeyData): string {
  const head = [
    'author',
    menuKey(data.categories),
    [author.id, author.username, author.displayName, author.avatarUrl, author.role, author.bio],
    pagination(page),
  ];
  return listingKey(`a${author.id}/${page.page}`, head, page, data);
}

/**
 * What every card of a build is keyed with besides its article (cardKey's contexts): the menu
 * and every byline, as one interned text per build's data.
 */
const cardContexts = new WeakMap<CacheKeyData, string>();

function cardContextOf(data: CacheKeyData): string {
  let context = cardContexts.get(data);
  if (context === undefined) {
    const bylines = [...data.authorById.values()].map((a) => authorContext(a, data.categories).card);
    context = intern([authorContext(null, data.categories).card, ...bylines].join('\u0001'));
    cardContexts.set(data, context);
  }
  return context;
}

/** The last key of each listing page (by owner and page number), and what it was made from. */
const listingKeys = new Map<string, { context: string; head: string; items: readonly Article[]; key: string }>();

/**
 * A listing page's key: its head (kind, menu, owner, pagination) and its cards' keys, hashed.
 * Kept per page for as long as its head, its articles (the same objects, as a process that
 * builds many times gets for unchanged rows) and every card's context are the same: at 100,000
 * articles a publish then hashes the few listing pages whose cards changed, not 17,000.
 */
function listingKey(id: string, head: unknown[], page: ListingPage<Article>, data: CacheKeyData): string {
  const context = cardContextOf(data);
  const headText = JSON.stringify(head);
  const before = listingKeys.get(id);
  if (
    before?.context === context &&
    before.head === headText &&
    before.items.length === page.items.length &&
    before.items.every((a, i) => a === page.items[i])
  ) {
    return before.key;
  }
  const key = plainKeyFor([...head, page.items.map((a) => cardKey(a, data))]);
  // Pages that went are dropped now and then, for a process whose site keeps changing.
  if (listingKeys.size > 1_000_000) listingKeys.clear();
  listingKeys.set(id, { context, head: headText, items: page.items, key });
  return key;
}

/**
 * One id → slug shard (src/lib/build/routes/article-id-shard-paths.ts): the map is all it shows.
 * Its keys are all integer-like, which JavaScript orders numerically whatever order they were
 * added in, so plain JSON is one text per map.
 */
export function articleIdShardCacheKey(slugs: Readonly<Record<string, string>>): string {
  return plainKeyFor(['article-ids', slugs]);
}

/**
 * A category's RSS feed: the channel (category name and link) and, for each of its newest items,
 * exactly what the item prints: title, link, description, date, category names and author name.
 * A feed prints no menu, so names are keyed here rather than through menuKeyPart.
 */
export function categoryFeedCacheKey(category: Category, articles: readonly Article[], data: CacheKeyData): string {
  return cacheKeyFor({
    page: 'category-feed',
    category,
    items: articles.slice(0, RSS_ITEMS).map((a) => {
      const author = a.authorId ? data.authorById.get(a.authorId) : null;
      return {
        slug: a.slug,
        title: a.title,
        description: articleDescription(a),
        date: articleDate(a),
        categories: articleCategories(a, data.categoryById).map((c) => c.name),
        author: author ? [author.displayName, author.username] : null,
      };
    }),
  });
}
