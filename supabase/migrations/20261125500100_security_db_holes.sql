-- Holes found by the adversarial database suite (issue 13, tests/security/):
--
-- 1. Public buckets allowed listing (Supabase lint `public_bucket_allows_listing`): the select
--    policy on storage.objects covered every object of the four public buckets for everyone,
--    so `POST /storage/v1/object/list/article-pdfs` handed out the names of every file, among
--    them the PDF of a report that is still a draft. A public bucket serves a file whose name
--    you know without any policy; listing and the object API's metadata are now for whoever
--    may write there: staff for article and event media, each user for their own avatar files
--    (Storage's upsert and delete read the row back, so writers need select).
-- 2. Comments had a size limit but no rate limit: a signed-in script could post without end
--    straight to /rest/v1/comments. Now 10 per minute and 100 per hour per user (PT429 → 429).
-- 3. Analytics were limited per visitor key, and for an anonymous caller that key is the
--    client's own `visitor_id`: rotating it per request bypassed the limit. Anonymous events
--    are now also limited per client address (600 per minute; `cf-connecting-ip`, else the
--    first `x-forwarded-for` hop, else one shared 'unknown' bucket), stored in a column no
--    client can write.

-- ------------------------------------------------------------------ 1. storage listing
drop policy "Media buckets are public to read" on storage.objects;

create policy "Staff see article and event media"
  on storage.objects for select to authenticated
  using (bucket_id in ('article-images', 'event-images', 'article-pdfs') and (select private.is_staff()));

create policy "Users see their own avatar files"
  on storage.objects for select to authenticated
  using (bucket_id = 'avatars' and private.owns_avatar(name));

-- ------------------------------------------------------------------ 2. comment rate limit
create index comments_user_created_idx on public.comments (user_id, created_at desc);

create function private.comments_rate_limit() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if private.is_trusted() then
    return new;
  end if;
  perform private.enforce_rate_limit(
    (select count(*) from public.comments where user_id = new.user_id and created_at > now() - interval '1 minute'),
    10, 'comment');
  perform private.enforce_rate_limit(
    (select count(*) from public.comments where user_id = new.user_id and created_at > now() - interval '1 hour'),
    100, 'comment');
  return new;
end
$$;
revoke execute on function private.comments_rate_limit() from public, anon, authenticated;

create trigger comments_rate_limit
  before insert on public.comments
  for each row execute function private.comments_rate_limit();

-- ------------------------------------------------------------------ 3. analytics per address
-- The caller's network address as the gateway reports it. On hosted Supabase behind Cloudflare
-- `cf-connecting-ip` cannot be set by the client; the first `x-forwarded-for` hop can be, so
-- this bounds a careless script, not a determined one (documented in docs/security.md).
create function private.client_address() returns text
language sql stable set search_path = ''
as $$
  select coalesce(
    nullif(left(btrim(coalesce(current_setting('request.headers', true), '{}')::json ->> 'cf-connecting-ip'), 64), ''),
    nullif(left(btrim(split_part(coalesce(current_setting('request.headers', true), '{}')::json ->> 'x-forwarded-for', ',', 1)), 64), ''),
    'unknown')
$$;

alter table public.analytics add column client_address text;
comment on column public.analytics.client_address is
  'Anonymous events only: the client address the per-address rate limit counts (set by trigger).';
create index analytics_client_address_created_idx on public.analytics (client_address, created_at)
  where client_address is not null;

create or replace function private.analytics_before_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if private.is_trusted() then
    new.visitor_key := coalesce(new.visitor_key, new.user_id::text, new.metadata ->> 'visitor_id');
    return new;
  end if;
  new.created_at := now();
  new.user_id := (select auth.uid());
  new.visitor_key := private.visitor_key(new.metadata ->> 'visitor_id');
  new.client_address := null;
  perform private.enforce_rate_limit(
    (select count(*) from public.analytics where visitor_key = new.visitor_key and created_at > now() - interval '1 minute'),
    120, 'analytics');
  if new.user_id is null then
    new.client_address := private.client_address();
    perform private.enforce_rate_limit(
      (select count(*) from public.analytics
        where client_address = new.client_address and created_at > now() - interval '1 minute'),
      600, 'analytics');
  end if;
  return new;
end
$$;

-- Error reports had the same rotation hole (`details.visitor_id`): the same per-address limit.
alter table public.app_errors add column client_address text;
comment on column public.app_errors.client_address is
  'Anonymous reports only: the client address the per-address rate limit counts (set by trigger).';
create index app_errors_client_address_created_idx on public.app_errors (client_address, created_at)
  where client_address is not null;

create or replace function private.app_errors_before_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if private.is_trusted() then
    return new;
  end if;
  new.created_at := now();
  new.user_id := (select auth.uid());
  new.visitor_key := private.visitor_key(new.details ->> 'visitor_id');
  new.client_address := null;
  perform private.enforce_rate_limit(
    (select count(*) from public.app_errors where visitor_key = new.visitor_key and created_at > now() - interval '1 minute'),
    30, 'error report');
  if new.user_id is null then
    new.client_address := private.client_address();
    perform private.enforce_rate_limit(
      (select count(*) from public.app_errors
        where client_address = new.client_address and created_at > now() - interval '1 minute'),
      150, 'error report');
  end if;
  return new;
end
$$;

-- Enquiries were limited per e-mail address only, which the sender chooses: a new address per
-- request was unlimited. Now also 20 per 10 minutes per signed-in user, or per client address
-- for anonymous senders.
alter table public.contact_submissions add column client_address text;
comment on column public.contact_submissions.client_address is
  'Anonymous enquiries only: the client address the per-address rate limit counts (set by trigger).';
create index contact_submissions_client_address_created_idx on public.contact_submissions (client_address, created_at)
  where client_address is not null;
create index contact_submissions_user_created_idx on public.contact_submissions (user_id, created_at)
  where user_id is not null;

create or replace function private.contact_before_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.company := nullif(btrim(new.company), '');
    if private.is_trusted() then
      return new;
    end if;
    new.status := 'new';
    new.created_at := now();
    new.user_id := (select auth.uid());
    new.client_address := null;
    perform private.enforce_rate_limit(
      (select count(*) from public.contact_submissions
        where lower(email) = lower(new.email) and created_at > now() - interval '10 minutes'),
      5, 'contact');
    if new.user_id is not null then
      perform private.enforce_rate_limit(
        (select count(*) from public.contact_submissions
          where user_id = new.user_id and created_at > now() - interval '10 minutes'),
        20, 'contact');
    else
      new.client_address := private.client_address();
      perform private.enforce_rate_limit(
        (select count(*) from public.contact_submissions
          where client_address = new.client_address and created_at > now() - interval '10 minutes'),
        20, 'contact');
    end if;
    return new;
  end if;
  if new.status = old.status then return new; end if;
  -- new → read → replied, and new → replied directly.
  if not ((old.status = 'new' and new.status in ('read', 'replied')) or (old.status = 'read' and new.status = 'replied')) then
    raise exception 'A submission moves from new to read to replied' using errcode = '23514';
  end if;
  return new;
end
$$;
