-- My Articles as a worklist (issues 28 and 29): every non-archived article for every staff
-- member, filtered by status, author and category, sorted by any column, searched and paged in
-- the database, with whether the caller may edit each row (the database's own rule, so the list
-- offers only the actions it would accept).
--
-- p_status: '' (all), 'draft', 'published' (public now) or 'scheduled' (published, future time).
-- p_sort: 'date' (published_at, then created_at), 'title', 'category' (the first category),
-- 'status' or 'author'; p_desc orders it descending. The default is the spec's order (§7):
-- newest first, drafts without a date on top. Runs as the caller: RLS decides what is readable.
drop function public.dashboard_articles(text, int, int);
create function public.dashboard_articles(
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
  v_desc boolean := coalesce(p_desc, true);
begin
  if not private.is_staff() then
    raise exception 'Only staff can list dashboard articles' using errcode = '42501';
  end if;
  if v_status not in ('', 'draft', 'published', 'scheduled') then
    raise exception 'Unknown status filter' using errcode = '22023';
  end if;
  if v_sort not in ('date', 'title', 'category', 'status', 'author') then
    raise exception 'Unknown sort column' using errcode = '22023';
  end if;
  return query
    with listed as (
      select a.id, a.title, a.slug, a.status, a.published_at, a.created_at, a.is_main, a.author_id,
             p.display_name as author_name,
             coalesce((select array_agg(c.name order by ac.display_order, c.name)
                         from public.article_categories ac
                         join public.categories c on c.id = ac.category_id
                        where ac.article_id = a.id), '{}') as category_names
        from public.articles_meta a
        left join public.profiles p on p.id = a.author_id
       where a.archived_at is null
         and (p_author_id is null or a.author_id = p_author_id)
         and (p_category_id is null or exists (select 1 from public.article_categories f
                                                where f.article_id = a.id and f.category_id = p_category_id))
         and (v_status = ''
              or (v_status = 'draft' and a.status <> 'published')
              or (v_status = 'published' and a.status = 'published' and a.published_at <= now())
              or (v_status = 'scheduled' and a.status = 'published' and a.published_at > now()))
    ), matched as (
      select l.* from listed l
       where term = ''
          or private.fold(l.title) like pattern
          or private.fold(l.status) like pattern
          or private.fold(l.author_name) like pattern
          or exists (select 1 from unnest(l.category_names) n where private.fold(n) like pattern)
    ), ranked as (
      select m.*, count(*) over () as total_count,
             row_number() over (
               order by
                 case when v_sort = 'title' and not v_desc then private.fold(m.title) end asc,
                 case when v_sort = 'title' and v_desc then private.fold(m.title) end desc,
                 case when v_sort = 'category' and not v_desc then private.fold(m.category_names[1]) end asc nulls last,
                 case when v_sort = 'category' and v_desc then private.fold(m.category_names[1]) end desc nulls last,
                 case when v_sort = 'status' and not v_desc then m.status end asc,
                 case when v_sort = 'status' and v_desc then m.status end desc,
                 case when v_sort = 'author' and not v_desc then private.fold(m.author_name) end asc nulls last,
                 case when v_sort = 'author' and v_desc then private.fold(m.author_name) end desc nulls last,
                 case when v_sort = 'date' and not v_desc then m.published_at end asc nulls last,
                 case when v_sort = 'date' and not v_desc then m.created_at end asc,
                 case when v_sort = 'date' and not v_desc then m.id end asc,
                 m.published_at desc nulls first, m.created_at desc, m.id desc
             ) as position
        from matched m
    ), page as (
      select r.* from ranked r
       where r.position > greatest(0, coalesce(p_offset, 0))
       order by r.position
       limit greatest(1, least(coalesce(p_limit, 20), 100))
    )
    select pg.id, pg.title, pg.slug, pg.status, pg.published_at, pg.created_at, pg.is_main, pg.author_id,
           pg.author_name, pg.category_names, pg.total_count,
           coalesce((select array_agg(pr.display_name order by ap.seen_at desc)
                       from public.article_presence ap
                       join public.profiles pr on pr.id = ap.user_id
                      where ap.article_id = pg.id and ap.user_id <> me
                        and ap.seen_at > live_since), '{}') as editing_names,
           (admin or pg.author_id = me) as can_edit
      from page pg
     order by pg.position;
end
$$;
revoke execute on function public.dashboard_articles(text, int, int, text, uuid, bigint, text, boolean) from public, anon;
grant execute on function public.dashboard_articles(text, int, int, text, uuid, bigint, text, boolean) to authenticated;

-- 'Showing X of N articles': N is every non-archived article, for authors too.
create or replace function public.dashboard_article_total() returns bigint
language sql stable set search_path = ''
as $$
  select count(*) from public.articles_meta a
   where a.archived_at is null
     and private.is_staff()
$$;
