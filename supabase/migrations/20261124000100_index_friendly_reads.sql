-- Reads that stay on their indexes at 10,000 and 100,000 articles, for every role.
--
-- 1. The public-read policy is its own policy for anon and authenticated. The old single policy
--    OR-ed it with the staff conditions, so no query could prove the partial index's predicate
--    and every newest-first listing read and sorted the whole table. anon now sees exactly
--    `status = 'published' and archived_at is null`, which the partial index
--    articles_meta_published_idx matches; signed-in users (where the staff policy is OR-ed in)
--    walk the full newest-first index below and stop after the rows they asked for.
-- 2. Search reads a folded copy of title and excerpt kept by trigger in private.article_search.
--    Under row-level security Postgres cannot use an index for a non-leakproof operator such as
--    LIKE (the policy must filter first), and folding every row at query time cost more than the
--    match itself. search_articles() is therefore security definer and applies the public-read
--    predicate itself: every caller searches exactly the articles anon may read.

-- ------------------------------------------------------------------ read policies
drop policy "Published articles are public; staff see their own; admins see all" on public.articles_meta;

create policy "Published articles are public"
  on public.articles_meta for select to anon, authenticated
  using (status = 'published' and archived_at is null);

create policy "Staff read their own articles; admins read all"
  on public.articles_meta for select to authenticated
  using ((select private.is_admin()) or (author_id = (select auth.uid()) and (select private.is_staff())));

-- Newest first whatever the status: signed-in readers' listings and the staff screens.
create index articles_meta_newest_idx on public.articles_meta (published_at desc, created_at desc);

-- ------------------------------------------------------------------ search document
create table private.article_search (
  article_id bigint primary key references public.articles_meta (id) on delete cascade,
  -- private.fold(title || ' ' || excerpt): what the query is matched against.
  document text not null,
  -- private.fold(title): title matches rank first.
  title text not null,
  -- The article's published_at while it is public (published, not archived), else null.
  published_at timestamptz
);
comment on table private.article_search is
  'Folded title and excerpt of each article for search_articles(); kept by trigger, never read by clients.';
alter table private.article_search enable row level security;
revoke all on private.article_search from public, anon, authenticated;

-- fastupdate off: articles are written a few times an hour, searched all the time. With GIN's
-- pending list, new rows would be scanned unindexed (and the planner would avoid the index)
-- until the next vacuum.
create index article_search_document_idx on private.article_search
  using gin (document extensions.gin_trgm_ops) with (fastupdate = off) where published_at is not null;

create function private.article_search_sync() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into private.article_search (article_id, document, title, published_at)
  values (new.id,
          private.fold(new.title || ' ' || coalesce(new.excerpt, '')),
          private.fold(new.title),
          case when new.status = 'published' and new.archived_at is null then new.published_at end)
  on conflict (article_id) do update
    set document = excluded.document, title = excluded.title, published_at = excluded.published_at;
  return null;
end
$$;

create trigger articles_meta_search_sync
  after insert or update of title, excerpt, status, archived_at, published_at on public.articles_meta
  for each row execute function private.article_search_sync();

insert into private.article_search (article_id, document, title, published_at)
select id, private.fold(title || ' ' || coalesce(excerpt, '')), private.fold(title),
       case when status = 'published' and archived_at is null then published_at end
  from public.articles_meta;

drop index public.articles_meta_search_idx;

-- ------------------------------------------------------------------ search
-- Case- and accent-insensitive match of the whole query on title or excerpt; title matches
-- first, then by word similarity to the title, then newest. The term is a parameter of one
-- query, so the trigram index is used whatever the caller's role. Matches are ranked on the
-- narrow search rows; only the ranked ids (at most max_results, all when null) are then read
-- from articles_meta, by primary key: a function's rows are materialised before the caller's
-- `limit` applies, so a caller that shows 48 results should pass max_results rather than have
-- every matching article, body and all, copied out.
drop function public.search_articles(text);
create function public.search_articles(q text, max_results integer default null)
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
     where s.published_at is not null
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
       and a.status = 'published' and a.archived_at is null
     order by hit.rank;
end
$$;
revoke execute on function public.search_articles(text, integer) from public;
grant execute on function public.search_articles(text, integer) to anon, authenticated, service_role;
