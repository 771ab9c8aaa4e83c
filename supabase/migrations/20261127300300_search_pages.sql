-- Search pages through every match (issue 28): the /search page stopped at the 48 best-ranked
-- results. search_articles_page returns one page of the public matches of q, ranked by relevance
-- (the default: search_articles' order) or newest first (published_at, then created_at,
-- descending, as every article read in the reader spec §7), with the number of matches, so the
-- page can offer 'Load more' and say how many there are.
--
-- Both orders start from the same ranked list of every match, kept in private.search_cache under
-- result_limit -1 exactly as search_articles(q) keeps it (same generation and valid_until
-- rules), so a reader paging through a common word costs one ranking, not one per page. A page
-- reads only its rows by key; the public-read predicate is checked on every row as in
-- search_articles. Newest first sorts the kept ids by date (≤ a few thousand rows, by key).
-- Offset paging: a publish between two pages can shift a row by one (the page is a reader's
-- list, not a ledger); the count comes with each page.

create function private.search_ranked_ids(term text)
returns bigint[]
language plpgsql volatile security definer set search_path = ''
as $$
declare
  pattern text;
  ids bigint[];
  gen bigint;
begin
  select g.n into gen from private.search_generation g where g.id;
  select c.ids into ids
    from private.search_cache c
   where c.folded = term and c.result_limit = -1 and c.generation = gen
     and (c.valid_until is null or c.valid_until > now());
  if found then
    return ids;
  end if;
  pattern := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  ids := array(
    select s.article_id
      from private.article_search s
     where s.published_at <= now()
       and s.document like pattern
     order by (s.title like pattern) desc,
              extensions.word_similarity(term, s.title) desc,
              s.published_at desc);
  begin
    delete from private.search_cache c
     where c.generation <> gen or c.valid_until <= now();
    if (select count(*) from private.search_cache) >= 5000 then
      delete from private.search_cache c
       where c.ctid in (select c2.ctid from private.search_cache c2 order by c2.created_at limit 1000);
    end if;
    insert into private.search_cache (folded, result_limit, generation, valid_until, ids)
    values (term, -1, gen,
            (select min(s.published_at) from private.article_search s where s.published_at > now()),
            ids)
    on conflict (folded, result_limit) do update
      set generation = excluded.generation, valid_until = excluded.valid_until,
          ids = excluded.ids, created_at = now();
  exception when read_only_sql_transaction then
    null;
  end;
  return ids;
end
$$;

revoke all on function private.search_ranked_ids(text) from public;

create function public.search_articles_page(
  q text,
  newest boolean default false,
  page_size integer default 24,
  page_offset integer default 0)
returns table (
  id bigint,
  title text,
  slug text,
  excerpt text,
  hero_image_url text,
  published_at timestamptz,
  created_at timestamptz,
  author_id uuid,
  primary_category_id bigint,
  total_count integer)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  term text := private.fold(btrim(coalesce(q, '')));
  size integer := least(greatest(coalesce(page_size, 24), 1), 100);
  skip integer := least(greatest(coalesce(page_offset, 0), 0), 100000000);
  ids bigint[];
  total integer;
begin
  if term = '' then
    return;
  end if;
  ids := private.search_ranked_ids(term);
  total := coalesce(cardinality(ids), 0);
  if newest then
    return query
      select a.id, a.title, a.slug, a.excerpt, a.hero_image_url, a.published_at, a.created_at,
             a.author_id, a.primary_category_id, total
        from public.articles_meta a
       where a.id = any (ids)
         and a.status = 'published' and a.archived_at is null and a.published_at <= now()
       order by a.published_at desc, a.created_at desc, a.id desc
      offset skip limit size;
  else
    return query
      select a.id, a.title, a.slug, a.excerpt, a.hero_image_url, a.published_at, a.created_at,
             a.author_id, a.primary_category_id, total
        from unnest(ids[skip + 1 : skip + size]) with ordinality as hit (id, rank)
        join public.articles_meta a on a.id = hit.id
       -- `= any` lets the planner fetch the page's rows by key instead of hashing the table.
       where a.id = any (ids[skip + 1 : skip + size])
         and a.status = 'published' and a.archived_at is null and a.published_at <= now()
       order by hit.rank;
  end if;
end
$$;

comment on function public.search_articles_page(text, boolean, integer, integer) is
  'One page (≤ 100) of the published articles matching q on title or excerpt, by relevance or newest first, each row with the number of matches.';

revoke all on function public.search_articles_page(text, boolean, integer, integer) from public;
grant execute on function public.search_articles_page(text, boolean, integer, integer) to anon, authenticated;
