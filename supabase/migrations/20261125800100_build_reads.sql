-- The build's two largest reads, one request each (issue 12, docs/performance.md). At 10,000
-- articles the (id, updated_at) list a release build compares its kept rows against, and the
-- article–category links, are 11 and 20 pages of PostgREST's 1000-row limit: ~0.5 s of the API's
-- CPU on every publish, spent while the build bundles on the same machine. One json value each
-- costs ~20 ms.
--
-- SECURITY INVOKER: the caller's row-level security picks the rows, exactly as the table reads
-- did (the anon key of a build: public articles only, scheduled ones once due, and the links of
-- the articles it can see). The order is the table reads' order. Timestamps are encoded by
-- Postgres as in a table read, so a kept row's `updated_at` compares equal as text.

create or replace function public.site_article_versions()
returns json
language sql stable security invoker set search_path = ''
as $$
  select coalesce(
           json_agg(json_build_array(a.id, a.updated_at)
                    order by a.published_at desc nulls last, a.created_at desc, a.id desc),
           '[]'::json)
    from public.articles_meta a
   where a.status = 'published' and a.archived_at is null;
$$;

create or replace function public.site_article_links()
returns json
language sql stable security invoker set search_path = ''
as $$
  select coalesce(
           json_agg(json_build_array(l.article_id, l.category_id, l.display_order)
                    order by l.article_id, l.display_order, l.category_id),
           '[]'::json)
    from public.article_categories l;
$$;

revoke execute on function public.site_article_versions() from public;
revoke execute on function public.site_article_links() from public;
grant execute on function public.site_article_versions() to anon, authenticated, service_role;
grant execute on function public.site_article_links() to anon, authenticated, service_role;
