/**
 * `npm run seed:generate -- --articles 10000 [--remove]`: adds N synthetic published articles
 * (with categories, authors and images from the demo content) for benchmarks, through the API
 * with a secret key (SUPABASE_SECRET_KEY, or the legacy SUPABASE_SERVICE_ROLE_KEY; the local
 * stack's by default), so it works against a running `npm start` or any Supabase project.
 * `--remove` deletes them again. Deterministic: the same N gives the same articles.
 *
 * A newsroom in its second year (issue 28; newsroom.ts): `--archived N` archives N of them,
 * `--comments N` adds comments on them in every state, `--subscribers N`, `--submissions N` and
 * `--events N` add those rows; `--second-year` asks for 100,000 articles (2,000 archived),
 * 500,000 comments, 50,000 subscribers, 10,000 enquiries and 500 events. Each kind continues
 * from what an earlier run wrote.
 */
import { parseArgs } from 'node:util';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { articles as demoArticles } from './content/articles.ts';
import { generateNewsroom, removeNewsroom } from './newsroom.ts';

export const SYNTHETIC_PREFIX = 'synthetic-';
const BATCH = 250;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Paragraphs borrowed from the demo articles, so synthetic bodies have real length and markup. */
function paragraphPool(): string[] {
  return demoArticles.flatMap((a) => a.bodyHtml.match(/<p>[\s\S]*?<\/p>/g) ?? []).slice(0, 400);
}

export interface SyntheticArticle {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  hero_image_url: string | null;
  status: 'published';
  published_at: string;
  created_at: string;
  author_id: string;
  primary_category_id: number;
}

/** Builds article rows n = from … to-1 (pure; exported for tests). */
export function syntheticArticles(
  from: number,
  to: number,
  ctx: {
    authorIds: string[];
    categoryIds: number[];
    images: string[];
    now: number;
    minAgeDays?: number;
    maxAgeDays?: number;
  },
): { rows: SyntheticArticle[]; categories: number[][] } {
  const pool = paragraphPool();
  const rows: SyntheticArticle[] = [];
  const categories: number[][] = [];
  for (let n = from; n < to; n++) {
    const r = rng(n * 7919 + 1);
    const source = demoArticles[n % demoArticles.length]!;
    const cats = [
      ...new Set(
        [0, 1, 2]
          .slice(0, 1 + Math.floor(r() * 3))
          .map(() => ctx.categoryIds[Math.floor(r() * ctx.categoryIds.length)]!),
      ),
    ];
    const minAge = ctx.minAgeDays ?? 0;
    const ageDays = minAge + r() * ((ctx.maxAgeDays ?? 730) - minAge);
    const published = new Date(ctx.now - Math.floor(ageDays * 86_400_000)).toISOString();
    const body = Array.from({ length: 5 }, () => pool[Math.floor(r() * pool.length)]!).join('\n');
    rows.push({
      title: `${source.title} (${n + 1})`,
      slug: `${SYNTHETIC_PREFIX}${n + 1}-${source.slug}`.slice(0, 300).replace(/-+$/, ''),
      excerpt: source.excerpt,
      body,
      hero_image_url: ctx.images.length ? ctx.images[n % ctx.images.length]! : null,
      status: 'published',
      published_at: published,
      created_at: published,
      author_id: ctx.authorIds[n % ctx.authorIds.length]!,
      primary_category_id: cats[0]!,
    });
    categories.push(cats);
  }
  return { rows, categories };
}

async function must<T>(
  what: string,
  q: PromiseLike<{ data: T | null; error: { message: string } | null }>,
): Promise<T> {
  const { data, error } = await q;
  if (error) throw new Error(`${what}: ${error.message}`);
  return data as T;
}

/**
 * An overloaded API's refusals of a write that left nothing behind: PostgREST's "no connection
 * free in time" (HTTP 504: the statement never ran) and Postgres' statement timeout (57014: the
 * statement was cancelled and its transaction rolled back).
 */
const OVERLOADED = new Set(['PGRST003', '57014']);
const OVERLOAD_TRIES = 5;

/**
 * must() for a write sent again when an overloaded API refused it (a 100,000-article benchmark
 * stopped on both refusals at load average 20), up to OVERLOAD_TRIES times. Neither leaves a row
 * behind, so nothing is written twice.
 */
async function mustWrite<T>(
  what: string,
  q: () => PromiseLike<{ data: T | null; error: { code?: string; message: string } | null }>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const { data, error } = await q();
    if (!error) return data as T;
    if (!OVERLOADED.has(error.code ?? '') || attempt >= OVERLOAD_TRIES) throw new Error(`${what}: ${error.message}`);
  }
}

export interface GenerateOptions {
  /** Only these categories (default: all). */
  categoryIds?: number[];
  /** Publication dates between these ages in days (default 0–730). */
  minAgeDays?: number;
  maxAgeDays?: number;
}

export async function generate(
  client: SupabaseClient,
  count: number,
  log: (l: string) => void = console.log,
  options: GenerateOptions = {},
): Promise<void> {
  const authors = await must<{ id: string }[]>(
    'authors',
    client.from('profiles').select('id').in('role', ['author', 'admin']),
  );
  const cats = await must<{ id: number }[]>('categories', client.from('categories').select('id'));
  const images = await must<{ hero_image_url: string }[]>(
    'images',
    client
      .from('articles_meta')
      .select('hero_image_url')
      .not('hero_image_url', 'is', null)
      .not('slug', 'like', `${SYNTHETIC_PREFIX}%`)
      .limit(50),
  );
  if (!authors.length || !cats.length) throw new Error('Seed the demo content first (npm start does it on first run).');
  const existing =
    (
      await client
        .from('articles_meta')
        .select('id', { count: 'exact', head: true })
        .like('slug', `${SYNTHETIC_PREFIX}%`)
    ).count ?? 0;
  const ctx = {
    authorIds: authors.map((a) => a.id),
    categoryIds: options.categoryIds ?? cats.map((c) => c.id),
    images: images.map((i) => i.hero_image_url),
    now: Date.now(),
    ...(options.minAgeDays !== undefined ? { minAgeDays: options.minAgeDays } : {}),
    ...(options.maxAgeDays !== undefined ? { maxAgeDays: options.maxAgeDays } : {}),
  };
  const started = Date.now();
  for (let from = existing; from < count; from += BATCH) {
    const { rows, categories } = syntheticArticles(from, Math.min(count, from + BATCH), ctx);
    const ids = await mustWrite<{ id: number }[]>('insert articles', () =>
      client.from('articles_meta').insert(rows).select('id'),
    );
    const links = ids.flatMap(({ id }, i) =>
      categories[i]!.map((category_id, display_order) => ({ article_id: id, category_id, display_order })),
    );
    await mustWrite('insert categories', () => client.from('article_categories').insert(links));
    log(`${Math.min(count, from + BATCH)} / ${count} synthetic articles`);
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export async function removeSynthetic(client: SupabaseClient): Promise<number> {
  const { count, error } = await client
    .from('articles_meta')
    .delete({ count: 'exact' })
    .like('slug', `${SYNTHETIC_PREFIX}%`);
  if (error) throw new Error(error.message);
  return count ?? 0;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      articles: { type: 'string' },
      archived: { type: 'string', default: '0' },
      comments: { type: 'string', default: '0' },
      subscribers: { type: 'string', default: '0' },
      submissions: { type: 'string', default: '0' },
      events: { type: 'string', default: '0' },
      'second-year': { type: 'boolean', default: false },
      remove: { type: 'boolean', default: false },
    },
  });
  const year2 = values['second-year'];
  const size = (v: string | undefined, second: number, fallback = 0) =>
    v !== undefined && v !== '0' ? Number(v) : year2 ? second : fallback;
  const url = process.env.SUPABASE_URL ?? process.env.PUBLIC_SUPABASE_URL ?? 'http://127.0.0.1:54321';
  const { loadConfig } = await import('../../supabase/local/config.ts');
  const key = process.env.SUPABASE_SECRET_KEY || process.env.SUPABASE_SERVICE_ROLE_KEY || loadConfig().secretKey;
  const client = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  if (values.remove) {
    console.log(`removed ${await removeNewsroom(client)} synthetic subscribers, enquiries and events`);
    console.log(`removed ${await removeSynthetic(client)} synthetic articles (and their comments)`);
  } else {
    await generate(client, size(values.articles, 100_000, 10_000));
    await generateNewsroom(client, {
      archived: size(values.archived, 2_000),
      comments: size(values.comments, 500_000),
      subscribers: size(values.subscribers, 50_000),
      submissions: size(values.submissions, 10_000),
      events: size(values.events, 500),
    });
  }
}
