/**
 * Loads the demo content (scripts/seed/content) into a fresh database: accounts through the
 * auth admin API, media through the storage API (both with the service-role key, exactly as
 * against hosted Supabase), and rows through SQL as the database owner, as `supabase db reset`
 * runs seed.sql.
 *
 * Dates in the content are written relative to ANCHOR and shifted by whole days to the seeding
 * day, so "the last 48 hours" and "upcoming events" stay true whenever the demo is installed.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Queryable } from '../../supabase/local/db/engine.ts';
import type { LocalServer } from '../../supabase/local/server.ts';
import { articles } from './content/articles.ts';
import { categories, taxonomyRows } from '../setup/taxonomy.ts';
import { comments } from './content/comments.ts';
import { events } from './content/events.ts';
import { people } from './content/people.ts';
import { submissions } from './content/submissions.ts';
import { subscribers } from './content/subscribers.ts';
import { avatarWebp, ILLUSTRATION_ALT, illustrationWebp, themeFor } from './images.ts';
import { makeReportPdf } from './make-report-pdf.ts';
import { generateAnalytics } from './analytics.ts';

export const DEMO_PASSWORD = 'demo-password';
const ANCHOR = Date.parse('2026-11-22T09:00:00+02:00');
const DAY = 86_400_000;

/** Whole days since the epoch on the Johannesburg calendar (UTC+2 all year, no DST). */
export const johannesburgDay = (t: number): number => Math.floor((t + 2 * 3_600_000) / DAY);

interface SeedOptions {
  db: Queryable;
  apiUrl: string;
  /** A secret key: accounts go through the auth admin API and files through Storage. */
  secretKey: string;
  now?: number;
  log?: (line: string) => void;
}

/** Inserts rows as JSON through json_populate_recordset and returns the chosen column. */
async function insertRows(db: Queryable, table: string, rows: object[], returning = 'id'): Promise<string[]> {
  if (rows.length === 0) return [];
  const cols = Object.keys(rows[0]!);
  const list = cols.map((c) => `"${c}"`).join(', ');
  const sql = `insert into public.${table} (${list}) overriding system value
    select ${list} from json_populate_recordset(null::public.${table}, $1::json) returning ${returning}::text as v`;
  const result = await db.query<{ v: string }>(sql, [JSON.stringify(rows)]);
  return result.rows.map((r) => r.v);
}

async function upload(
  client: SupabaseClient,
  bucket: string,
  path: string,
  body: Buffer,
  contentType: string,
): Promise<string> {
  const { error } = await client.storage
    .from(bucket)
    .upload(path, body, { contentType, upsert: true, cacheControl: '31536000' });
  if (error) throw new Error(`upload ${bucket}/${path} failed: ${error.message}`);
  return client.storage.from(bucket).getPublicUrl(path).data.publicUrl;
}

async function seed(opts: SeedOptions): Promise<void> {
  const { db, log = () => {} } = opts;
  const now = opts.now ?? Date.now();
  const offset = (johannesburgDay(now) - johannesburgDay(ANCHOR)) * DAY;
  // Shifted whole days; a time later today than now (seeding early in the morning) is clamped,
  // so nothing "published" lies in the future.
  const at = (iso: string) => new Date(Math.min(Date.parse(iso) + offset, now - 60_000)).toISOString();
  const future = (iso: string) => new Date(Date.parse(iso) + offset).toISOString();
  const service = createClient(opts.apiUrl, opts.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });

  // Accounts: the profile row is created by the auth trigger; role, bio and avatar are set here.
  const userIds = new Map<string, string>();
  for (const person of people) {
    const { data, error } = await service.auth.admin.createUser({
      email: person.email,
      password: DEMO_PASSWORD,
      email_confirm: true,
      user_metadata: { display_name: person.displayName },
    });
    if (error) throw new Error(`creating ${person.email} failed: ${error.message}`);
    const id = data.user.id;
    userIds.set(person.key, id);
    const avatar =
      person.role === 'reader'
        ? null
        : await upload(
            service,
            'avatars',
            `${id}-avatar-seed.webp`,
            await avatarWebp(person.displayName),
            'image/webp',
          );
    await db.query(
      'update public.profiles set role = $2, bio = $3, username = $4, display_name = $5, avatar_url = $6 where id = $1',
      [id, person.role, person.bio, person.username, person.displayName === '' ? null : person.displayName, avatar],
    );
  }
  log(`seeded ${people.length} accounts`);

  // The taxonomy is product data: installed as `npm run setup:production` installs it.
  const { error: taxonomyError } = await service.rpc('install_taxonomy', { p_categories: taxonomyRows() });
  if (taxonomyError) throw new Error(`installing the categories failed: ${taxonomyError.message}`);
  const categoryId = new Map(categories.map((c) => [c.slug, c.id]));

  const pdfUrl = await upload(
    service,
    'article-pdfs',
    'reports/jse-climate-disclosure-review-2026.pdf',
    makeReportPdf(),
    'application/pdf',
  );
  const adminId = userIds.get(people.find((p) => p.role === 'admin')!.key)!;
  const articleRows = [];
  for (const a of articles) {
    const theme = themeFor(a.categorySlugs, a.isReport);
    const hero = await upload(
      service,
      'article-images',
      `seed/${a.heroImage}`,
      await illustrationWebp(a.heroImage, theme),
      'image/webp',
    );
    const published = a.publishedAt ? at(a.publishedAt) : null;
    articleRows.push({
      title: a.title,
      slug: a.slug,
      excerpt: a.excerpt,
      body: a.bodyHtml,
      hero_image_url: hero,
      // The demo images are drawings of the topic: the description says what is drawn.
      hero_image_alt: ILLUSTRATION_ALT[theme],
      hero_image_caption: a.heroImageCaption ?? null,
      image_reference: a.imageReference,
      status: a.status,
      published_at: published,
      created_at: at(a.createdAt),
      author_id: userIds.get(a.authorKey) ?? null,
      is_main: a.isMain ?? false,
      is_report: a.isReport ?? false,
      pdf_url: a.isReport ? pdfUrl : null,
      primary_category_id: categoryId.get(a.primaryCategorySlug ?? a.categorySlugs[0]!) ?? null,
      show_edited_tag: a.showEditedTag ?? false,
      last_edited_by: a.showEditedTag ? (userIds.get(a.authorKey) ?? null) : null,
      last_edited_at:
        a.showEditedTag && published ? new Date(Date.parse(published) + 3 * 3_600_000).toISOString() : null,
      archived_at: a.archived && published ? new Date(Date.parse(published) + 20 * DAY).toISOString() : null,
      archived_by: a.archived ? adminId : null,
    });
  }
  const articleIds = await insertRows(db, 'articles_meta', articleRows);
  const articleId = new Map(articles.map((a, i) => [a.key, Number(articleIds[i])]));
  await insertRows(
    db,
    'article_categories',
    articles.flatMap((a) =>
      a.categorySlugs.map((slug, order) => ({
        article_id: articleId.get(a.key),
        category_id: categoryId.get(slug),
        display_order: order,
      })),
    ),
    'article_id',
  );
  // The write trigger stamps updated_at with the seeding moment (adding categories is a change of
  // the article too); give the demo articles the
  // history they pretend to have (last edit, else publication, else creation), which the
  // sitemap's lastmod and JSON-LD dateModified report.
  await db.query(`alter table public.articles_meta disable trigger articles_meta_before_write`);
  await db.query(
    `update public.articles_meta set updated_at = coalesce(last_edited_at, published_at, created_at)
      where id = any($1::bigint[])`,
    [`{${articleIds.join(',')}}`],
  );
  await db.query(`alter table public.articles_meta enable trigger articles_meta_before_write`);
  log(`seeded ${categories.length} categories and ${articles.length} articles with images and a PDF report`);

  for (const c of comments) {
    const created = at(c.createdAt);
    const [id] = await insertRows(db, 'comments', [
      {
        article_id: articleId.get(c.articleKey),
        user_id: userIds.get(c.authorKey),
        content: c.content,
        status: c.status,
        created_at: created,
        edited: c.edited ?? false,
        last_edited_at: c.edited ? new Date(Date.parse(created) + 2 * 3_600_000).toISOString() : null,
      },
    ]);
    if (c.reactions?.length) {
      await insertRows(
        db,
        'reactions',
        c.reactions.map((r) => ({ comment_id: Number(id), user_id: userIds.get(r.authorKey), type: r.type })),
      );
    }
  }

  const eventRows = [];
  for (const e of events) {
    const image = e.imageFile
      ? await upload(
          service,
          'event-images',
          `seed/${e.imageFile}`,
          await illustrationWebp(e.imageFile, 'city', 1200, 675),
          'image/webp',
        )
      : null;
    eventRows.push({
      title: e.title,
      event_date: future(e.eventDate),
      location: e.location,
      description: e.description,
      image_url: image,
      link: e.link,
      archived_at: e.archived ? at(e.eventDate) : null,
    });
  }
  await insertRows(db, 'events', eventRows);
  await insertRows(
    db,
    'contact_submissions',
    submissions.map((s) => ({
      name: s.name,
      email: s.email,
      company: s.company,
      message: s.message,
      form_type: s.formType,
      status: s.status,
      created_at: at(s.createdAt),
    })),
  );
  await insertRows(
    db,
    'newsletter_subscribers',
    subscribers.map((s) => ({
      email: s.email,
      user_id: s.userKey ? userIds.get(s.userKey) : null,
      subscribed_at: at(s.subscribedAt),
      created_at: at(s.subscribedAt),
    })),
  );
  const published = articles.filter((a) => a.status === 'published' && !a.archived).map((a) => articleId.get(a.key)!);
  const views = generateAnalytics({
    articleIds: published,
    userIds: [...userIds.values()],
    now,
    days: 30,
  });
  for (let i = 0; i < views.length; i += 2000) await insertRows(db, 'analytics', views.slice(i, i + 2000));
  log(
    `seeded ${comments.length} comments, ${events.length} events, ${submissions.length} enquiries, ${subscribers.length} subscribers, ${views.length} analytics events`,
  );
}

/** Seeds once: a database that already has the demo admin is left alone. */
export async function seedIfEmpty(server: LocalServer, log: (line: string) => void = () => {}): Promise<boolean> {
  const existing = await server.engine.query<{ n: string }>(
    `select count(*)::text as n from public.profiles where email = 'admin@demo.test'`,
  );
  if (existing.rows[0]!.n !== '0') return false;
  await seed({ db: server.engine, apiUrl: server.url, secretKey: server.config.secretKey, log });
  return true;
}
