-- 'Your Article Views' one page at a time (issue 28: no list stops silently). The list had no
-- limit: an author in a newsroom's second year has thousands of articles, all sent on every
-- visit to Insights. Now it takes a page (p_limit 1–100, default 50; p_offset) and returns how
-- many of the caller's articles there are in all (total_count on every row), most viewed first
-- as before, ties by id. Archived articles are left out: they are off the site.
drop function public.my_article_views();
create function public.my_article_views(p_limit int default 50, p_offset int default 0)
returns table (article_id bigint, title text, slug text, views bigint, total_count bigint)
language plpgsql stable security definer set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  if not private.is_staff() then
    raise exception 'Only staff can read article views' using errcode = '42501';
  end if;
  return query
    with mine as (
      select a.id, a.title, a.slug
        from public.articles_meta a
       where a.author_id = me and a.archived_at is null
    ), counted as (
      select m.id, coalesce(v.views, 0)::bigint as views
        from mine m
        left join (select d.article_id, sum(d.views) as views
                     from public.analytics_daily d
                    where d.event_type = 'article_view'
                      and d.article_id in (select id from mine)
                    group by d.article_id) v on v.article_id = m.id
    ), page as (
      select c.id, c.views, count(*) over () as total_count
        from counted c
       order by c.views desc, c.id
       limit greatest(1, least(coalesce(p_limit, 50), 100))
      offset greatest(0, coalesce(p_offset, 0))
    )
    select pg.id, m.title, m.slug, pg.views, pg.total_count
      from page pg
      join mine m on m.id = pg.id
     order by pg.views desc, pg.id;
end
$$;
comment on function public.my_article_views(int, int) is
  'Your Article Views: one page of the caller''s non-archived articles, most viewed first, with the total.';
revoke execute on function public.my_article_views(int, int) from public, anon;
grant execute on function public.my_article_views(int, int) to authenticated;
