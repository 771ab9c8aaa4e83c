-- Every privilege the API roles have in public, and on the private helpers, granted here by name.
--
-- Hosted Supabase no longer grants anything by default (new projects from 30 May 2026, every
-- project from 30 Oct 2026): a table, view, sequence or function in public is out of reach of
-- anon, authenticated and service_role until a migration grants it. Until now this schema leaned
-- on the old default (`grant all` to the three roles) in two ways: public.categories and
-- public.article_categories had RLS and policies but no grant at all (on a project created today
-- the build's first read, categories as anon, fails with "permission denied for table
-- categories", and with it site_article_links(), save_article, dashboard_articles and search's
-- category join), and the service role's access to every table came only from the default.
--
-- So this migration first takes every privilege of the API roles (and PUBLIC's EXECUTE on
-- functions) off every table, sequence and function in public and private, then grants exactly
-- what the product uses. A database made with the old defaults (TRUNCATE, REFERENCES, TRIGGER
-- for everyone, EXECUTE for PUBLIC) ends up with the same privileges as a project created
-- today, and tests/integration/grants.test.ts compares them with its committed matrix.
--
-- Grants decide which tables, columns and functions a role may touch at all; row-level security
-- then decides which rows (docs/security.md, "Grants and row-level security"). A later migration
-- that adds a table or function grants it in the same file.

-- ------------------------------------------------------------------ start from nothing
revoke all on all tables in schema public from anon, authenticated, service_role;
revoke all on all sequences in schema public from anon, authenticated, service_role;
revoke all on all functions in schema public from public, anon, authenticated, service_role;
revoke all on all functions in schema private from public, anon, authenticated, service_role;

-- ------------------------------------------------------------------ the service role
-- The publish worker, the demo seed, `npm run setup:production` and admin scripts read and write
-- every table with the service-role key (it bypasses RLS, not grants). No TRUNCATE, REFERENCES
-- or TRIGGER: nothing calls them through the API.
grant select, insert, update, delete on
  public.profiles, public.categories, public.articles_meta, public.article_categories,
  public.bookmarks, public.comments, public.reactions, public.newsletter_subscribers,
  public.contact_submissions, public.app_errors, public.events, public.analytics,
  public.analytics_daily, public.article_revisions, public.article_presence
  to service_role;

-- No sequence grants for anyone: every id is an identity column, whose sequence an insert
-- advances without a privilege on it, and only the database owner sets them (seed, install_taxonomy).

-- ------------------------------------------------------------------ profiles
-- Everyone reads the public face of a profile (bylines, author pages, comment names), never the
-- e-mail (staff read it through staff_profiles()); users edit their own name, bio and avatar.
grant select (id, role, display_name, bio, avatar_url, username, created_at) on public.profiles to anon, authenticated;
grant update (display_name, bio, avatar_url) on public.profiles to authenticated;

-- ------------------------------------------------------------------ categories
-- The first read of every build (as anon) and of the article form. Admins manage the tree
-- through the policies of 20261122000200; the id comes from the identity and created_at from
-- its default, so only the four editable columns are writable.
grant select on public.categories to anon, authenticated;
grant insert (name, slug, parent_id, menu_order) on public.categories to authenticated;
grant update (name, slug, parent_id, menu_order) on public.categories to authenticated;
grant delete on public.categories to authenticated;

-- ------------------------------------------------------------------ articles
-- Public pages read articles as anon (RLS: published, due, not archived). Staff write the form's
-- columns; is_main changes only through set_main_article(), and the trigger stamps
-- archived_by, last_edited_* and the content version whatever the client sends.
grant select on public.articles_meta to anon, authenticated;
grant insert (title, slug, excerpt, body, hero_image_url, image_reference, hero_image_alt, hero_image_caption,
              status, published_at, author_id, is_report, pdf_url, primary_category_id, show_edited_tag, seo)
  on public.articles_meta to authenticated;
grant update (title, slug, excerpt, body, hero_image_url, image_reference, hero_image_alt, hero_image_caption,
              status, published_at, author_id, is_report, pdf_url, primary_category_id, show_edited_tag, seo,
              last_edited_by, last_edited_at, updated_at, archived_at, archived_by)
  on public.articles_meta to authenticated;
grant delete on public.articles_meta to authenticated;

-- An article's categories: read by builds (site_article_links()) and search cards as anon;
-- written by save_article() and restore_article_revision(), which run as the caller, and
-- reordered in place (the policy "Editors of the article reorder its categories").
grant select on public.article_categories to anon, authenticated;
grant insert, delete on public.article_categories to authenticated;
grant update (display_order) on public.article_categories to authenticated;

-- Revisions: written by trigger (security definer), read by whoever may edit the article.
grant select on public.article_revisions to authenticated;

-- Presence marks: article_heartbeat() upserts the caller's mark as the caller.
grant select, delete on public.article_presence to authenticated;
grant insert (article_id, user_id, seen_at) on public.article_presence to authenticated;
grant update (seen_at) on public.article_presence to authenticated;

-- ------------------------------------------------------------------ reader interactions
grant select, insert, delete on public.bookmarks to authenticated;

-- Comments: approved ones are public; counters, flags and names are kept by triggers.
grant select on public.comments to anon, authenticated;
grant insert (article_id, user_id, content) on public.comments to authenticated;
grant update (content, status) on public.comments to authenticated;
grant delete on public.comments to authenticated;

grant select, delete on public.reactions to authenticated;
grant insert (user_id, comment_id, type) on public.reactions to authenticated;
grant update (type) on public.reactions to authenticated;

-- ------------------------------------------------------------------ what visitors send
-- Insert-only for visitors (only the columns a form sends; triggers set the rest and rate-limit),
-- read by staff (admins, for subscribers) under RLS.
grant insert (email, user_id) on public.newsletter_subscribers to anon, authenticated;
grant select, delete on public.newsletter_subscribers to authenticated;

grant insert (name, email, company, message, form_type, status) on public.contact_submissions to anon, authenticated;
grant select on public.contact_submissions to authenticated;
grant update (status) on public.contact_submissions to authenticated;

grant insert (event, message, error_code, details, user_agent, referrer, path) on public.app_errors to anon, authenticated;
grant select on public.app_errors to authenticated;

grant insert (event_type, article_id, metadata) on public.analytics to anon, authenticated;
grant select on public.analytics, public.analytics_daily to authenticated;

-- ------------------------------------------------------------------ events
grant select on public.events to anon, authenticated;
grant insert (title, description, event_date, location, image_url, link, archived_at) on public.events to authenticated;
grant update (title, description, event_date, location, image_url, link, archived_at) on public.events to authenticated;
grant delete on public.events to authenticated;

-- ------------------------------------------------------------------ functions anyone calls
-- The public site's reads (builds, the search island) and its two forms, for visitors and
-- signed-in readers alike. site_article_* run as the caller (RLS picks the rows); search and
-- the forms are security definer and apply their own rules.
grant execute on function
  public.search_articles(text, integer),
  public.site_article_versions(),
  public.site_article_links(),
  public.submit_contact(text, text, text, text, text),
  public.subscribe_newsletter(text, uuid)
  to anon, authenticated;

-- ------------------------------------------------------------------ functions for signed-in users
-- The dashboard and the profile screen. Each checks the caller's role itself (staff, admin, or
-- the owner) and refuses others with 42501; anon may not call them at all. Earlier migrations
-- also granted them to the service role, which calls none of them (it is no staff member, so
-- each would refuse it anyway): not repeated.
grant execute on function
  public.staff_profiles(),
  public.my_email(),
  public.set_main_article(bigint),
  public.site_insights(),
  public.my_article_views(),
  public.insights_daily(integer),
  public.dashboard_articles(text, integer, integer),
  public.dashboard_article_total(),
  public.save_article(bigint, jsonb, bigint[], bigint, bigint, uuid, jsonb),
  public.restore_article_revision(bigint),
  public.article_publish_state(bigint, bigint),
  public.article_heartbeat(bigint),
  public.article_leave(bigint),
  public.moderation_comments(integer),
  public.subscriber_stats()
  to authenticated;

-- ------------------------------------------------------------------ functions for the service role
-- The publish clock and the worker's queue (each also refuses any caller but the service role),
-- and installing the category taxonomy (seed, setup:production).
grant execute on function
  public.publish_due(),
  public.publish_pending(),
  public.publish_mark_built(bigint),
  public.publish_mark_failed(bigint, text),
  public.install_taxonomy(jsonb)
  to service_role;

-- ------------------------------------------------------------------ private helpers
-- A function is checked for EXECUTE when the statement that calls it starts, with the rights of
-- whoever runs that statement: a policy or a security-invoker function runs as the API role, a
-- security-definer function as its owner. Trigger functions themselves need no grant (the
-- privilege is checked when the trigger is created), so the triggers and the helpers only
-- definer code calls (is_trusted, is_public_article, slugify, unique_username, visitor_key,
-- client_address, enforce_rate_limit, article_form_fields, publish_enqueue, and current_role,
-- which nothing calls) stay the owner's alone. Earlier migrations granted some helpers to roles
-- that never evaluate them (anon: is_admin, can_edit_article, owns_avatar; the service role,
-- which bypasses RLS and calls no invoker function: every helper but is_admin; everyone:
-- is_trusted, is_public_article, current_role): not repeated.

-- Read policies that apply to every role: profiles and events (is_staff), comments (may_moderate).
grant execute on function private.is_staff(), private.may_moderate(bigint) to anon, authenticated;

-- Write and staff-read policies (to authenticated), and articles_before_write(), a trigger that
-- runs as the writer: for the service role too when it edits articles.
grant execute on function private.is_admin() to authenticated, service_role;
grant execute on function private.can_edit_article(bigint), private.owns_avatar(text) to authenticated;

-- Called by save_article(), dashboard_articles() and article_heartbeat(), which run as the caller.
grant execute on function
  private.fold(text),
  private.presence_lapse(),
  private.free_article_slug(text, bigint),
  private.save_receipt(uuid),
  private.keep_save_receipt(uuid, bigint, text, bigint),
  private.set_aside_revision(bigint, jsonb),
  private.publish_head()
  to authenticated;
