/**
 * A newsroom in its second year, in one go (issue 28), for `npm run bench:dashboard -- --lists`:
 * 100,000 articles (2,000 archived, one in ten a draft) by 20 authors over two years, each in one
 * or two of 30 categories; 500,000 comments by 2,000 readers in every state (70 % approved, 10 %
 * each pending, hidden, deleted); 50,000 subscribers; 10,000 enquiries (both forms, every
 * status); 500 events; and 200,000 daily view counters (two per article) for Your Article Views. Loaded with
 * triggers off (as insights-rows.ts does), then `analyze`: the rows the screens page through, not
 * the side tables their triggers keep (search index, revisions, publish queue).
 * `npm run seed:generate -- --second-year` writes the same sizes into a running stack through the
 * API, triggers and all.
 */
import type { Queryable } from '../../../supabase/local/db/engine.ts';

export interface NewsroomSizes {
  articles: number;
  archived: number;
  comments: number;
  subscribers: number;
  submissions: number;
  events: number;
}

/** The sizes issue 28 names for a newsroom in its second year. */
export const SECOND_YEAR: NewsroomSizes = {
  articles: 100_000,
  archived: 2_000,
  comments: 500_000,
  subscribers: 50_000,
  submissions: 10_000,
  events: 500,
};

const AUTHORS = 20;
const READERS = 2_000;
const uuid = (kind: number, n: number) => `00000000-0000-4000-8${kind}00-${String(n).padStart(12, '0')}`;

/** Who reads the lists: the claims each call runs with. */
export const NEWSROOM_ADMIN = { role: 'authenticated', sub: uuid(1, 1) } as const;
export const NEWSROOM_AUTHOR = { role: 'authenticated', sub: uuid(2, 1) } as const;

/** Loads the second-year newsroom into a freshly migrated database. */
export async function loadNewsroomRows(db: Queryable, s: NewsroomSizes = SECOND_YEAR): Promise<void> {
  const archiveEvery = Math.max(1, Math.floor(s.articles / Math.max(1, s.archived)));
  await db.exec(`
    insert into auth.users (id, email, raw_user_meta_data)
      select ('00000000-0000-4000-8' || k || '00-' || lpad(g::text, 12, '0'))::uuid,
             'newsroom-' || k || '-' || g || '@example.test',
             json_build_object('display_name', case k when 1 then 'Admin ' when 2 then 'Author ' else 'Reader ' end || g)::jsonb
        from (values (1, 1), (2, ${AUTHORS}), (3, ${READERS})) as kinds(k, n), generate_series(1, kinds.n) g;
    update public.profiles set role = 'admin' where id = '${NEWSROOM_ADMIN.sub}';
    update public.profiles set role = 'author' where id::text like '00000000-0000-4000-8200-%';
    insert into public.categories (name, slug)
      select 'Newsroom category ' || g, 'newsroom-category-' || g from generate_series(1, 30) g;
    set session_replication_role = replica;
    insert into public.articles_meta (title, slug, body, excerpt, status, published_at, created_at, updated_at,
                                      author_id, archived_at, archived_by)
      select 'Newsroom story ' || g || (array[' on carbon tax', ' on hydrogen', ' on water', ' on mining'])[1 + g % 4],
             'newsroom-story-' || g, '<p>Story ' || g || '.</p>', 'The story in brief.',
             case when g % 10 = 0 then 'draft' else 'published' end,
             case when g % 10 = 0 then null else now() - g * interval '10 minutes' end,
             now() - g * interval '10 minutes', now() - g * interval '10 minutes',
             ('00000000-0000-4000-8200-' || lpad((1 + g % ${AUTHORS})::text, 12, '0'))::uuid,
             case when g % ${archiveEvery} = 0 and g / ${archiveEvery} <= ${s.archived}
                  then now() - g * interval '1 minute' end,
             case when g % ${archiveEvery} = 0 and g / ${archiveEvery} <= ${s.archived}
                  then '${NEWSROOM_ADMIN.sub}'::uuid end
        from generate_series(1, ${s.articles}) g;
    insert into public.article_categories (article_id, category_id, display_order)
      select a.id, c.id, o.n
        from public.articles_meta a
        cross join (values (0), (1)) o(n)
        join public.categories c on c.slug = 'newsroom-category-' || (1 + (a.id + o.n * 7) % 30)
       where a.slug like 'newsroom-story-%' and (o.n = 0 or a.id % 2 = 0);
    insert into public.comments (article_id, user_id, content, status, created_at, author_display_name)
      select (select min(id) from public.articles_meta) + g % ${s.articles},
             ('00000000-0000-4000-8300-' || lpad((1 + g % ${READERS})::text, 12, '0'))::uuid,
             'Comment ' || g || '.',
             case when g % 10 < 7 then 'approved' when g % 10 = 7 then 'pending' when g % 10 = 8 then 'hidden' else 'deleted' end,
             now() - g * interval '1 minute', 'Reader ' || (1 + g % ${READERS})
        from generate_series(1, ${s.comments}) g;
    insert into public.newsletter_subscribers (email, subscribed_at, created_at)
      select 'subscriber-' || g || '@example.test', now() - g * interval '10 minutes', now() - g * interval '10 minutes'
        from generate_series(1, ${s.subscribers}) g;
    insert into public.contact_submissions (name, email, company, message, form_type, status, created_at)
      select 'Sender ' || g, 'sender-' || g || '@example.test', case when g % 2 = 1 then 'Company ' || g end,
             'Enquiry ' || g || '.', case when g % 2 = 1 then 'advertise' else 'contact' end,
             (array['new', 'read', 'replied'])[1 + g % 3], now() - g * interval '30 minutes'
        from generate_series(1, ${s.submissions}) g;
    insert into public.events (title, event_date, location, link, archived_at)
      select 'Event ' || g, now() + (g - 250) * interval '1 day', 'Durban', 'https://www.example.org/' || g,
             case when g % 5 = 0 then now() end
        from generate_series(1, ${s.events}) g;
    insert into public.analytics_daily (day, event_type, article_id, views)
      select current_date - g % 30, 'article_view', (select min(id) from public.articles_meta) + g % ${s.articles}, 1 + g % 7
        from generate_series(1, ${Math.min(200_000, 2 * s.articles)}) g
      on conflict do nothing;
    set session_replication_role = origin;
  `);
  await db.exec('analyze');
}
