/**
 * The grants layer: which tables, columns and functions each API role may touch at all, before
 * row-level security picks the rows (docs/security.md, "Grants and row-level security").
 *
 * Hosted Supabase grants nothing by default any more (new projects from 30 May 2026, every
 * project from 30 Oct 2026), and neither does the local stack: every privilege is granted by name
 * in supabase/migrations/20261125900400_explicit_grants.sql or a later migration. This file
 * holds the intended privileges of every table, view, sequence and function in public (and of
 * the private helpers) per role, reads the real ones from the catalog and compares them, so a
 * missing grant and an extra one both fail, on PGlite and on PostgreSQL 15. The fidelity
 * fixtures (`fx_…`, tests/fixtures/migrations) are test-only and left out.
 */
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { fetchSiteData } from '../../src/lib/build/data/fetch-site-data.ts';
import { anonClient, apiUrl, serviceClient } from '../support/clients.ts';
import { buildWorld, insertOne, makeArticle, type World } from '../support/world.ts';

type Role = 'anon' | 'authenticated' | 'service_role';
const ROLES: Role[] = ['anon', 'authenticated', 'service_role'];

/** Every table privilege the service role has: the worker, seeds and admin scripts write it all. */
const SERVICE = ['DELETE', 'INSERT', 'SELECT', 'UPDATE'];

/**
 * Table, view and sequence → role → privileges. A privilege on some columns only is written
 * `INSERT (a, b)`, its columns in alphabetical order. A role left out has none.
 */
const TABLES: Record<string, Partial<Record<Role, string[]>>> = {
  profiles: {
    anon: ['SELECT (avatar_url, bio, created_at, display_name, id, role, username)'],
    authenticated: [
      'SELECT (avatar_url, bio, created_at, display_name, id, role, username)',
      'UPDATE (avatar_url, bio, display_name)',
    ],
    service_role: SERVICE,
  },
  categories: {
    anon: ['SELECT'],
    authenticated: [
      'DELETE',
      'INSERT (menu_order, name, parent_id, slug)',
      'SELECT',
      'UPDATE (menu_order, name, parent_id, slug)',
    ],
    service_role: SERVICE,
  },
  articles_meta: {
    anon: ['SELECT'],
    authenticated: [
      'DELETE',
      'INSERT (author_id, body, excerpt, hero_image_alt, hero_image_caption, hero_image_url, image_reference, ' +
        'is_report, pdf_url, primary_category_id, published_at, seo, show_edited_tag, slug, status, title)',
      'SELECT',
      'UPDATE (archived_at, archived_by, author_id, body, excerpt, hero_image_alt, hero_image_caption, ' +
        'hero_image_url, image_reference, is_report, last_edited_at, last_edited_by, pdf_url, primary_category_id, ' +
        'published_at, seo, show_edited_tag, slug, status, title, updated_at)',
    ],
    service_role: SERVICE,
  },
  article_categories: {
    anon: ['SELECT'],
    authenticated: ['DELETE', 'INSERT', 'SELECT', 'UPDATE (display_order)'],
    service_role: SERVICE,
  },
  article_revisions: { authenticated: ['SELECT'], service_role: SERVICE },
  article_presence: {
    authenticated: ['DELETE', 'INSERT (article_id, seen_at, user_id)', 'SELECT', 'UPDATE (seen_at)'],
    service_role: SERVICE,
  },
  bookmarks: { authenticated: ['DELETE', 'INSERT', 'SELECT'], service_role: SERVICE },
  comments: {
    anon: ['SELECT'],
    authenticated: ['DELETE', 'INSERT (article_id, content, user_id)', 'SELECT', 'UPDATE (content, status)'],
    service_role: SERVICE,
  },
  reactions: {
    authenticated: ['DELETE', 'INSERT (comment_id, type, user_id)', 'SELECT', 'UPDATE (type)'],
    service_role: SERVICE,
  },
  newsletter_subscribers: {
    anon: ['INSERT (consent_text, email, source, user_id)'],
    authenticated: ['DELETE', 'INSERT (consent_text, email, source, user_id)', 'SELECT'],
    service_role: SERVICE,
  },
  // The newsletter (issue 30): consents readable by admins and their owner; issues by staff, written
  // through functions; the send queue by the sender (service role) only.
  newsletter_consents: { authenticated: ['SELECT'], service_role: SERVICE },
  newsletter_issues: { authenticated: ['SELECT'], service_role: SERVICE },
  newsletter_issue_articles: { authenticated: ['SELECT'], service_role: SERVICE },
  newsletter_deliveries: { service_role: SERVICE },
  contact_submissions: {
    anon: ['INSERT (company, email, form_type, message, name, status)'],
    authenticated: ['INSERT (company, email, form_type, message, name, status)', 'SELECT', 'UPDATE (status)'],
    service_role: SERVICE,
  },
  app_errors: {
    anon: ['INSERT (details, error_code, event, message, path, referrer, user_agent)'],
    authenticated: ['INSERT (details, error_code, event, message, path, referrer, user_agent)', 'SELECT'],
    service_role: SERVICE,
  },
  analytics: {
    anon: ['INSERT (article_id, event_type, metadata)'],
    authenticated: ['INSERT (article_id, event_type, metadata)', 'SELECT'],
    service_role: SERVICE,
  },
  analytics_daily: { authenticated: ['SELECT'], service_role: SERVICE },
  events: {
    anon: ['SELECT'],
    authenticated: [
      'DELETE',
      'INSERT (archived_at, description, event_date, image_url, link, location, title)',
      'SELECT',
      'UPDATE (archived_at, description, event_date, image_url, link, location, title)',
    ],
    service_role: SERVICE,
  },
  // Identity sequences: an insert advances them without a grant, and nobody else may.
  analytics_id_seq: {},
  app_errors_id_seq: {},
  article_revisions_id_seq: {},
  articles_meta_id_seq: {},
  bookmarks_id_seq: {},
  categories_id_seq: {},
  comments_id_seq: {},
  contact_submissions_id_seq: {},
  events_id_seq: {},
  newsletter_consents_id_seq: {},
  newsletter_deliveries_id_seq: {},
  newsletter_issues_id_seq: {},
  newsletter_subscribers_id_seq: {},
  reactions_id_seq: {},
};

/** Function (as `regprocedure` names it) → the roles that may execute it. */
const FUNCTIONS: Record<string, Role[]> = {
  // The public site: builds, search, the two forms.
  'public.search_articles(text,integer)': ['anon', 'authenticated'],
  'public.search_articles_page(text,boolean,integer,integer)': ['anon', 'authenticated'],
  'public.author_profile_status(text)': ['anon', 'authenticated'],
  'public.site_article_links()': ['anon', 'authenticated'],
  'public.site_article_versions()': ['anon', 'authenticated'],
  'public.submit_contact(text,text,text,text,text)': ['anon', 'authenticated'],
  'public.subscribe_newsletter(text,uuid,text,text)': ['anon', 'authenticated'],
  // Signed-in users: the dashboard and the profile screen (each checks the role itself).
  'public.article_heartbeat(bigint)': ['authenticated'],
  'public.article_leave(bigint)': ['authenticated'],
  'public.article_publish_state(bigint,bigint)': ['authenticated'],
  'public.dashboard_article_total()': ['authenticated'],
  'public.dashboard_articles(text,integer,integer,text,uuid,bigint,text,boolean)': ['authenticated'],
  'public.delete_my_account(text)': ['authenticated'],
  'public.insights_daily(integer)': ['authenticated'],
  'public.moderation_comments(text,bigint,integer,integer)': ['authenticated'],
  'public.moderation_comment_counts(bigint)': ['authenticated'],
  'public.moderate_comments(bigint[],text)': ['authenticated'],
  'public.my_article_views(integer,integer)': ['authenticated'],
  'public.my_data()': ['authenticated'],
  'public.my_email()': ['authenticated'],
  'public.preview_article_exists(text)': ['authenticated'],
  'public.restore_article_revision(bigint)': ['authenticated'],
  'public.save_article(bigint,jsonb,bigint[],bigint,bigint,uuid,jsonb)': ['authenticated'],
  'public.set_main_article(bigint)': ['authenticated'],
  'public.site_insights()': ['authenticated'],
  'public.staff_profiles()': ['authenticated'],
  'public.subscriber_stats()': ['authenticated'],
  // Newsletters: staff draft and test, admins send (each function checks the role itself).
  'public.save_newsletter_issue(bigint,text,text,text,bigint[])': ['authenticated', 'service_role'],
  'public.newsletter_issue_content(bigint)': ['authenticated', 'service_role'],
  'public.newsletter_week_stories()': ['authenticated'],
  'public.newsletter_recipient_count()': ['authenticated'],
  'public.send_newsletter_issue(bigint,timestamp with time zone)': ['authenticated', 'service_role'],
  'public.unschedule_newsletter_issue(bigint)': ['authenticated'],
  'public.send_newsletter_test(bigint)': ['authenticated'],
  'public.newsletter_history(integer,integer)': ['authenticated'],
  // The service role: the publish clock and queue, the taxonomy.
  'public.install_taxonomy(jsonb)': ['service_role'],
  'public.publish_due()': ['service_role'],
  'public.publish_mark_built(bigint)': ['service_role'],
  'public.publish_mark_failed(bigint,text)': ['service_role'],
  'public.publish_pending()': ['service_role'],
  // The newsletter sender.
  'public.newsletter_due()': ['service_role'],
  'public.newsletter_recover()': ['service_role'],
  'public.newsletter_claim(integer)': ['service_role'],
  'public.newsletter_report(jsonb)': ['service_role'],
  'public.newsletter_unsubscribe(bigint,text)': ['service_role'],
  // Helpers evaluated as the API role: in policies, in invoker functions and invoker triggers.
  'private.is_staff()': ['anon', 'authenticated'],
  'private.may_moderate(bigint)': ['anon', 'authenticated'],
  'private.is_admin()': ['authenticated', 'service_role'],
  'private.can_edit_article(bigint)': ['authenticated'],
  'private.owns_avatar(text)': ['authenticated'],
  'private.fold(text)': ['authenticated', 'service_role'],
  'private.free_article_slug(text,bigint)': ['authenticated'],
  'private.article_rule_broken(text,text,text,text,boolean,text)': ['authenticated'],
  'private.keep_save_receipt(uuid,bigint,text,bigint)': ['authenticated'],
  'private.presence_lapse()': ['authenticated'],
  'private.publish_head()': ['authenticated'],
  'private.save_receipt(uuid)': ['authenticated'],
  'private.set_aside_revision(bigint,jsonb)': ['authenticated'],
  // Called only by security-definer code (as the owner), or never.
  'private."current_role"()': [],
  'private.article_form_fields(public.articles_meta)': [],
  'private.client_address()': [],
  'private.enforce_rate_limit(bigint,integer,text)': [],
  'private.is_public_article(text,timestamp with time zone,timestamp with time zone)': [],
  'private.is_trusted()': [],
  'private.search_ranked_ids(text)': [],
  'private.publish_enqueue(jsonb)': [],
  'private.newsletter_enqueue(bigint)': [],
  'private.newsletter_finish_issues()': [],
  'private.slugify(text)': [],
  'private.unique_username(text)': [],
  'private.visitor_key(text)': [],
  // Trigger functions: firing a trigger checks no EXECUTE privilege.
  'private.advance_content_version()': [],
  'private.analytics_after_insert()': [],
  'private.analytics_before_insert()': [],
  'private.app_errors_before_insert()': [],
  'private.article_search_sync()': [],
  'private.articles_before_write()': [],
  'private.category_change_advances_version()': [],
  'private.check_category_depth()': [],
  'private.comments_before_write()': [],
  'private.comments_rate_limit()': [],
  'private.contact_before_write()': [],
  'private.handle_new_user()': [],
  'private.link_newsletter_to_account()': [],
  'private.newsletter_before_insert()': [],
  'private.newsletter_after_insert()': [],
  'private.newsletter_queue_welcome()': [],
  'private.publish_on_change()': [],
  'private.reactions_count()': [],
  'private.record_article_revision()': [],
  'private.release_erased_stamps()': [],
  'private.search_generation_bump()': [],
  'private.sync_comment_author_name()': [],
  'private.sync_user_email()': [],
  'private.touch_updated_at()': [],
};

/** Catalog reads go through the service-role-only fixture function, on both engines. */
async function catalog<T>(query: string): Promise<T[]> {
  const { data, error } = await serviceClient().rpc('fx_catalog', { query });
  if (error) throw new Error(error.message);
  return data as T[];
}

const FIXTURE = `like 'fx\\_%'`;
const GRANTEE = `case when a.grantee = 0 then 'PUBLIC' else a.grantee::regrole::text end`;

interface Privilege {
  object: string;
  role: string;
  privilege: string;
}

/** Table-level grants, then column-level ones (one row per privilege, its columns listed). */
const relationPrivileges = () =>
  catalog<Privilege>(`
    select c.relname as object, ${GRANTEE} as role, a.privilege_type as privilege
      from pg_class c cross join lateral aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
       and c.relname not ${FIXTURE} and a.grantee <> c.relowner
    union all
    select c.relname, ${GRANTEE}, a.privilege_type || ' (' || string_agg(att.attname, ', ' order by att.attname) || ')'
      from pg_class c
      join pg_attribute att on att.attrelid = c.oid and att.attnum > 0 and not att.attisdropped
      cross join lateral aclexplode(att.attacl) a
     where c.relnamespace = 'public'::regnamespace and c.relname not ${FIXTURE} and a.grantee <> c.relowner
     group by c.relname, a.grantee, a.privilege_type`);

const relations = () =>
  catalog<{ object: string }>(`
    select c.relname as object from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
       and c.relname not ${FIXTURE}`);

/** Who may execute each function: has_function_privilege counts PUBLIC's EXECUTE too. */
const functionPrivileges = () =>
  catalog<{ fn: string; anon: boolean; authenticated: boolean; service_role: boolean; public: boolean }>(`
    select p.oid::regprocedure::text as fn,
           has_function_privilege('anon', p.oid, 'EXECUTE') as anon,
           has_function_privilege('authenticated', p.oid, 'EXECUTE') as authenticated,
           has_function_privilege('service_role', p.oid, 'EXECUTE') as service_role,
           exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                    where a.grantee = 0) as public
      from pg_proc p
     where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace) and p.proname not ${FIXTURE}`);

describe('grants on tables, views and sequences in public', () => {
  let actual: Privilege[];
  beforeAll(async () => {
    actual = await relationPrivileges();
  });

  it('lists every table, view and sequence in public, and nothing that is gone', async () => {
    const names = (await relations()).map((r) => r.object).sort();
    expect(names).toEqual(Object.keys(TABLES).sort());
  });

  it('grants nothing to PUBLIC', () => {
    expect(actual.filter((p) => p.role === 'PUBLIC')).toEqual([]);
  });

  it.each(Object.keys(TABLES).flatMap((table) => ROLES.map((role) => [table, role] as const)))(
    '%s: %s',
    (table, role) => {
      const granted = actual.filter((p) => p.object === table && p.role === role).map((p) => p.privilege);
      expect(granted.sort()).toEqual([...(TABLES[table]![role] ?? [])].sort());
    },
  );
});

describe('EXECUTE on functions in public and private', () => {
  let actual: Awaited<ReturnType<typeof functionPrivileges>>;
  beforeAll(async () => {
    actual = await functionPrivileges();
  });

  it('lists every function, and nothing that is gone', () => {
    expect(actual.map((f) => f.fn).sort()).toEqual(Object.keys(FUNCTIONS).sort());
  });

  // PostgreSQL gives PUBLIC EXECUTE on every new function, and hosted Supabase keeps that
  // default: a function that relied on it would run there for anon whatever this matrix says.
  it('leaves none executable by PUBLIC (so hosted Supabase matches)', () => {
    expect(actual.filter((f) => f.public).map((f) => f.fn)).toEqual([]);
  });

  it.each(Object.entries(FUNCTIONS))('%s → %j', (fn, roles) => {
    const row = actual.find((f) => f.fn === fn);
    expect(row, `${fn} is not in the database`).toBeDefined();
    expect(ROLES.filter((role) => row![role])).toEqual(roles);
  });
});

describe('an object created after the migrations, as on a project created today', () => {
  it('gives anon, authenticated and service_role no privilege on a new table, view, sequence or function', async () => {
    const { data, error } = await serviceClient().rpc('fx_new_object_privileges');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

describe("the product's first reads, as anon", () => {
  let w: World;
  let tag: string;
  beforeAll(async () => {
    w = await buildWorld();
    tag = `grantsprobe${Date.now().toString(36)}`;
    const id = await makeArticle(w.ids.author, { title: `Explicit ${tag} grants` });
    await insertOne(
      'article_categories',
      { article_id: id, category_id: w.categoryId, display_order: 0 },
      'article_id',
    );
  }, 120_000);
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('builds the site data: categories, articles with their categories (site_article_links), authors, events', async () => {
    const data = await fetchSiteData(anonClient(), apiUrl());
    expect(data.categories.length).toBeGreaterThan(0);
    expect(data.articles.length).toBeGreaterThan(0);
    expect(data.articlesByCategory.get(w.categoryId)?.length).toBeGreaterThan(0);
    expect(data.authors.length).toBeGreaterThan(0);
  });

  it('searches and reads the results’ categories and authors (the search page)', async () => {
    vi.stubEnv('PUBLIC_SUPABASE_URL', apiUrl());
    vi.stubEnv('PUBLIC_SUPABASE_ANON_KEY', inject('anonKey'));
    // Imported afresh, so its environment module reads the values above (the integration files
    // share one module graph, and another may have imported it already).
    vi.resetModules();
    const { searchArticlesPage, searchResultDetails } = await import('../../src/lib/browser/search/search-articles.ts');
    const { rows: results, total } = await searchArticlesPage(tag);
    expect(results.map((r) => r.title)).toEqual([`Explicit ${tag} grants`]);
    expect(total).toBe(1);
    const details = await searchResultDetails(results);
    expect(details.categories?.categoryIdsByArticle.get(results[0]!.id)).toEqual([w.categoryId]);
    expect(details.authorById?.get(w.ids.author)).toBeDefined();
  });
});
