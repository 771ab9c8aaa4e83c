-- My Articles' search (20261127500200) folded every row's title and status again for each call,
-- twice (the page and its count): at 100,000 articles 'hydrogen' took 1.08 s on PostgreSQL 15
-- and 452 ms on PGlite (docs/performance.md), nearly all of it in unaccent(). The folded title is
-- now a stored column, worked out once when the title is written; status values are lower-case
-- ASCII already (articles_meta_status_check), so they are matched as they are. The rows and
-- their order are unchanged: the same folded text is compared with the same pattern.
-- A generated column runs its expression as the role that writes the row: the service role
-- (publish worker, seed, setup) writes articles too.
grant execute on function private.fold(text) to service_role;
alter table public.articles_meta
  add column title_folded text generated always as (private.fold(title)) stored;
comment on column public.articles_meta.title_folded is
  'private.fold(title), kept by the database: what staff search matches titles against.';

create or replace function public.dashboard_articles(
  p_search text default '',
  p_limit int default 20,
  p_offset int default 0,
  p_status text default '',
  p_author_id uuid default null,
  p_category_id bigint default null,
  p_sort text default 'date',
  p_desc boolean default true
)
returns table (
  id bigint,
  title text,
  slug text,
  status text,
  published_at timestamptz,
  created_at timestamptz,
  is_main boolean,
  author_id uuid,
  author_name text,
  category_names text[],
  total_count bigint,
  editing_names text[],
  can_edit boolean
)
language plpgsql stable set search_path = ''
as $$
declare
  term text := private.fold(btrim(coalesce(p_search, '')));
  pattern text := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  admin boolean := private.is_admin();
  me uuid := (select auth.uid());
  live_since timestamptz := now() - private.presence_lapse();
  v_status text := coalesce(p_status, '');
  v_sort text := coalesce(nullif(p_sort, ''), 'date');
  v_dir text := case when coalesce(p_desc, true) then 'desc' else 'asc' end;
  newest constant text := 'published_at desc nulls first, created_at desc, id desc';
  v_order text;
  v_filter text;
begin
  if not private.is_staff() then
    raise exception 'Only staff can list dashboard articles' using errcode = '42501';
  end if;
  if v_status not in ('', 'draft', 'published', 'scheduled') then
    raise exception 'Unknown status filter' using errcode = '22023';
  end if;
  -- The sort is one of these fixed texts (never the caller's), each ending in the newest-first
  -- order, so equal keys keep a stable order across pages.
  v_order := case v_sort
    when 'date' then case when v_dir = 'desc' then newest
                          else 'published_at asc nulls last, created_at asc, id asc' end
    when 'title' then 'private.fold(title) ' || v_dir || ', ' || newest
    when 'status' then 'status ' || v_dir || ', ' || newest
    -- fold() turns null into '': rows without an author or a category go last either way.
    when 'author' then 'author_name is null, private.fold(author_name) ' || v_dir || ', ' || newest
    when 'category' then 'first_category is null, private.fold(first_category) ' || v_dir || ', ' || newest
  end;
  if v_order is null then
    raise exception 'Unknown sort column' using errcode = '22023';
  end if;
  -- Filters and search on the table itself, so the unsearched newest-first page walks
  -- articles_meta_dashboard_list_idx and stops after the page; the count is a separate query.
  -- Category names and presence are looked up for the page's rows only.
  v_filter := $f$
        a.archived_at is null
    and ($2::uuid is null or a.author_id = $2)
    and ($3::bigint is null or exists (select 1 from public.article_categories f
                                        where f.article_id = a.id and f.category_id = $3))
    and ($1 = ''
         or ($1 = 'draft' and a.status <> 'published')
         or ($1 = 'published' and a.status = 'published' and a.published_at <= now())
         or ($1 = 'scheduled' and a.status = 'published' and a.published_at > now()))
    and ($4 = ''
         or a.title_folded like $5
         or a.status like $5
         -- Matching authors and categories are found once, not once per article.
         or a.author_id in (select m.id from public.profiles m where private.fold(m.display_name) like $5)
         or a.id in (select ac.article_id from public.article_categories ac
                       join public.categories c on c.id = ac.category_id
                      where private.fold(c.name) like $5))
  $f$;
  return query execute format($q$
    with page as (
      select b.* from (
        select a.id, a.title, a.slug, a.status, a.published_at, a.created_at, a.is_main, a.author_id,
               p.display_name as author_name,
               %s as first_category
          from public.articles_meta a
          left join public.profiles p on p.id = a.author_id
         where %s
      ) b
      order by %s
      limit $6 offset $7
    )
    select id, title, slug, status, published_at, created_at, is_main, author_id, author_name,
           coalesce((select array_agg(c.name order by ac.display_order, c.name)
                       from public.article_categories ac
                       join public.categories c on c.id = ac.category_id
                      where ac.article_id = page.id), '{}'),
           (select count(*) from public.articles_meta a
              left join public.profiles p on p.id = a.author_id
             where %s),
           coalesce((select array_agg(pr.display_name order by ap.seen_at desc)
                       from public.article_presence ap
                       join public.profiles pr on pr.id = ap.user_id
                      where ap.article_id = page.id and ap.user_id <> $8
                        and ap.seen_at > $9), '{}'),
           ($10 or author_id = $8)
      from page
     order by %s
  $q$,
    case when v_sort = 'category' then
      '(select c.name from public.article_categories ac join public.categories c on c.id = ac.category_id
         where ac.article_id = a.id order by ac.display_order, c.name limit 1)'
    else 'null::text' end,
    v_filter, v_order, v_filter, v_order)
  using v_status, p_author_id, p_category_id, term, pattern,
        greatest(1, least(coalesce(p_limit, 20), 100)), greatest(0, coalesce(p_offset, 0)),
        me, live_since, admin;
end
$$;
