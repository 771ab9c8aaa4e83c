-- Publishing = rebuilding (issue 12): scheduled articles, and an outbox of the changes that alter
-- public pages, in the payload hosted Supabase Database Webhooks send.
--
-- Every change that can alter a static page (an article, its category links, a category, an
-- author's public profile, an event) becomes one row of private.publish_outbox, in the same
-- transaction as the change, so no publish is lost whatever happens to the webhook. Delivery:
--   * on hosted Supabase, with pg_net installed and a URL in private.publish_settings, the
--     trigger posts the payload with net.http_post (as Database Webhooks do);
--   * the local server delivers undelivered rows itself, with retries and backoff;
--   * either way the publish worker reads what is still unbuilt through publish_pending() when
--     it starts, so a worker that was down, or a webhook that was lost, costs a delay, not a
--     publish.
-- Changes that cannot alter a public page (a draft's body, a reader's profile, comments,
-- analytics) write nothing.

-- ------------------------------------------------------------------ scheduled publishing
-- A published article whose published_at is in the future is not public until that moment:
-- not through the API, not in search, so not in any page, feed or sitemap built as anon.
alter policy "Published articles are public" on public.articles_meta
  using (status = 'published' and archived_at is null and published_at <= now());

create or replace function private.is_public_article(p_status text, p_archived_at timestamptz, p_published_at timestamptz)
returns boolean
language sql stable set search_path = ''
as $$ select p_status = 'published' and p_archived_at is null and p_published_at <= now() $$;
grant execute on function private.is_public_article(text, timestamptz, timestamptz) to anon, authenticated, service_role;

drop policy "Readers comment as themselves on published articles" on public.comments;
create policy "Readers comment as themselves on public articles"
  on public.comments for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.articles_meta a
                 where a.id = article_id and a.status = 'published' and a.archived_at is null
                   and a.published_at <= now())
  );

-- Search: the same visibility, scheduled articles included.
create or replace function public.search_articles(q text, max_results integer default null)
returns setof public.articles_meta
language plpgsql stable security definer set search_path = ''
as $$
declare
  term text := private.fold(btrim(coalesce(q, '')));
  pattern text;
  ids bigint[];
begin
  if term = '' or max_results < 1 then
    return;
  end if;
  pattern := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  ids := array(
    select s.article_id
      from private.article_search s
     where s.published_at <= now()
       and s.document like pattern
     order by (s.title like pattern) desc,
              extensions.word_similarity(term, s.title) desc,
              s.published_at desc
     limit max_results);
  return query
    select a.*
      from unnest(ids) with ordinality as hit (id, rank)
      join public.articles_meta a on a.id = hit.id
     -- `= any` lets the planner fetch the few ranked rows by key instead of hashing the table.
     where a.id = any (ids)
       -- The same predicate as the public-read policy, checked on the row itself.
       and a.status = 'published' and a.archived_at is null and a.published_at <= now()
     order by hit.rank;
end
$$;

-- Only a live article can be the main one.
create or replace function public.set_main_article(p_article_id bigint) returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not private.is_staff() then
    raise exception 'Only staff can set the main article' using errcode = '42501';
  end if;
  if not exists (select 1 from public.articles_meta
                  where id = p_article_id and status = 'published' and archived_at is null
                    and published_at <= now()) then
    raise exception 'Only a published, non-archived article can be the main article' using errcode = '23514';
  end if;
  update public.articles_meta set is_main = false where is_main and id <> p_article_id;
  update public.articles_meta set is_main = true where id = p_article_id;
end
$$;

-- ------------------------------------------------------------------ outbox
create table private.publish_outbox (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  -- { type, table, schema, record, old_record }: what a Database Webhook posts.
  payload jsonb not null,
  -- Webhook delivery (local server, or pg_net on hosted Supabase).
  delivered_at timestamptz,
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  -- Set by the publish worker once a live build includes this change.
  built_at timestamptz
);
comment on table private.publish_outbox is
  'Changes that alter public pages, for the publish worker. Written by trigger; read through publish_pending().';
alter table private.publish_outbox enable row level security;
revoke all on private.publish_outbox from public, anon, authenticated;
create index publish_outbox_undelivered_idx on private.publish_outbox (next_attempt_at)
  where delivered_at is null and built_at is null;
create index publish_outbox_unbuilt_idx on private.publish_outbox (id) where built_at is null;

-- Where hosted Supabase posts the webhook with pg_net (one row, set at deployment; see
-- docs/deploy.md). The local server delivers with its own configuration instead.
create table private.publish_settings (
  id boolean primary key default true check (id),
  webhook_url text,
  webhook_secret text
);
comment on table private.publish_settings is 'Publish webhook target for pg_net on hosted Supabase (docs/deploy.md).';
alter table private.publish_settings enable row level security;
revoke all on private.publish_settings from public, anon, authenticated;

-- When the clock last ran publish_due(): scheduled articles and time windows that passed since.
create table private.publish_clock (
  id boolean primary key default true check (id),
  checked_at timestamptz not null default now()
);
alter table private.publish_clock enable row level security;
revoke all on private.publish_clock from public, anon, authenticated;
insert into private.publish_clock default values;

-- Writes one outbox row and posts it with pg_net when that is how this project delivers.
create function private.publish_enqueue(p_payload jsonb) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  new_id bigint;
  target record;
begin
  insert into private.publish_outbox (payload) values (p_payload) returning id into new_id;
  perform pg_notify('publish_outbox', new_id::text);
  select webhook_url, webhook_secret into target from private.publish_settings where id;
  if target.webhook_url is not null and to_regproc('net.http_post') is not null then
    execute 'select net.http_post(url := $1, body := $2, headers := $3)'
      using target.webhook_url, p_payload,
            jsonb_build_object('Content-Type', 'application/json',
                               'Authorization', 'Bearer ' || coalesce(target.webhook_secret, ''));
    update private.publish_outbox set delivered_at = now() where id = new_id;
  end if;
end
$$;

-- The Database Webhook trigger: one function for every table whose rows are rendered.
create function private.publish_on_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  rec jsonb := case when tg_op = 'DELETE' then null else to_jsonb(new) end;
  old_rec jsonb := case when tg_op = 'INSERT' then null else to_jsonb(old) end;
  article_id bigint;
begin
  if tg_table_name = 'articles_meta' then
    -- The worker rebuilds from the database, so the payload leaves out the body (up to 500 KB).
    rec := rec - 'body';
    old_rec := old_rec - 'body';
    -- Only what is or was public: a draft's edits and a scheduled article's save write nothing
    -- (publish_due() announces a scheduled article when it goes live).
    if not coalesce(private.is_public_article(old_rec ->> 'status', (old_rec ->> 'archived_at')::timestamptz,
                                              (old_rec ->> 'published_at')::timestamptz), false)
       and not coalesce(private.is_public_article(rec ->> 'status', (rec ->> 'archived_at')::timestamptz,
                                                  (rec ->> 'published_at')::timestamptz), false) then
      return null;
    end if;
  elsif tg_table_name = 'article_categories' then
    article_id := coalesce((rec ->> 'article_id')::bigint, (old_rec ->> 'article_id')::bigint);
    if not exists (select 1 from public.articles_meta a
                    where a.id = article_id
                      and private.is_public_article(a.status, a.archived_at, a.published_at)) then
      return null;
    end if;
  elsif tg_table_name = 'profiles' then
    -- Only authors' and admins' public fields are rendered (author pages, bylines).
    if coalesce(rec ->> 'role', 'reader') = 'reader' and coalesce(old_rec ->> 'role', 'reader') = 'reader' then
      return null;
    end if;
    rec := rec - 'email';
    old_rec := old_rec - 'email';
    if tg_op = 'UPDATE' and rec - 'updated_at' = old_rec - 'updated_at' then
      return null;
    end if;
  end if;
  perform private.publish_enqueue(jsonb_build_object(
    'type', tg_op, 'table', tg_table_name, 'schema', tg_table_schema,
    'record', rec, 'old_record', old_rec));
  return null;
end
$$;

create trigger articles_meta_publish after insert or update or delete on public.articles_meta
  for each row execute function private.publish_on_change();
create trigger article_categories_publish after insert or update or delete on public.article_categories
  for each row execute function private.publish_on_change();
create trigger categories_publish after insert or update or delete on public.categories
  for each row execute function private.publish_on_change();
create trigger profiles_publish after insert or update or delete on public.profiles
  for each row execute function private.publish_on_change();
create trigger events_publish after insert or update or delete on public.events
  for each row execute function private.publish_on_change();

-- ------------------------------------------------------------------ the clock
-- Announces what time itself changed since the last run: scheduled articles that went live, an
-- article leaving the 48-hour Google News sitemap, an event that has passed. Run every minute or
-- so: by the local server, by pg_cron on hosted Supabase (below), or by the worker. Returns how
-- many changes it announced.
create function public.publish_due() returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  since timestamptz;
  until timestamptz := now();
  announced integer := 0;
  item record;
begin
  if not private.is_trusted() then
    raise exception 'Only the service role runs the publish clock' using errcode = '42501';
  end if;
  select checked_at into since from private.publish_clock where id for update;
  update private.publish_clock set checked_at = until where id;
  -- Scheduled articles that went live: saved (updated_at) before their published_at.
  for item in
    select a.* from public.articles_meta a
     where a.status = 'published' and a.archived_at is null
       and a.published_at > since and a.published_at <= until and a.updated_at < a.published_at
  loop
    perform private.publish_enqueue(jsonb_build_object(
      'type', 'UPDATE', 'table', 'articles_meta', 'schema', 'public',
      'record', to_jsonb(item) - 'body', 'old_record', null, 'reason', 'scheduled'));
    announced := announced + 1;
  end loop;
  -- Time windows: the news sitemap (48 hours) and upcoming events.
  if exists (select 1 from public.articles_meta a
              where a.status = 'published' and a.archived_at is null
                and a.published_at + interval '48 hours' > since
                and a.published_at + interval '48 hours' <= until)
     or exists (select 1 from public.events e
                 where e.archived_at is null and e.event_date > since and e.event_date <= until) then
    perform private.publish_enqueue(jsonb_build_object(
      'type', 'UPDATE', 'table', 'clock', 'schema', 'public',
      'record', jsonb_build_object('since', since, 'until', until), 'old_record', null, 'reason', 'time'));
    announced := announced + 1;
  end if;
  return announced;
end
$$;
revoke execute on function public.publish_due() from public, anon, authenticated;
grant execute on function public.publish_due() to service_role;

-- On hosted Supabase with pg_cron, the clock runs every minute in the database.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    execute $cron$ select cron.schedule('publish-due', '* * * * *', 'select public.publish_due()') $cron$;
  end if;
end
$$;

-- ------------------------------------------------------------------ the worker's side
-- What the live site does not include yet: the newest outbox id and the changed rows' tables.
create function public.publish_pending()
returns table (up_to bigint, changes integer, tables text[], oldest timestamptz)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not private.is_trusted() then
    raise exception 'Only the service role reads the publish queue' using errcode = '42501';
  end if;
  return query
    select max(o.id), count(*)::integer, array_agg(distinct o.payload ->> 'table'), min(o.created_at)
      from private.publish_outbox o
     where o.built_at is null;
end
$$;
revoke execute on function public.publish_pending() from public, anon, authenticated;
grant execute on function public.publish_pending() to service_role;

-- The worker's build that started after outbox row `up_to` is live: those rows are done.
-- Rows done for over a day are deleted.
create function public.publish_mark_built(up_to bigint) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  marked integer;
begin
  if not private.is_trusted() then
    raise exception 'Only the service role marks builds' using errcode = '42501';
  end if;
  update private.publish_outbox set built_at = now() where id <= up_to and built_at is null;
  get diagnostics marked = row_count;
  delete from private.publish_outbox where built_at < now() - interval '1 day';
  return marked;
end
$$;
revoke execute on function public.publish_mark_built(bigint) from public, anon, authenticated;
grant execute on function public.publish_mark_built(bigint) to service_role;
