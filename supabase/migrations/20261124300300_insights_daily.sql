-- Insights at a million analytics rows (issue 11): the 30-day chart reads the daily roll-up,
-- and unique users and visitors are kept as they arrive instead of `count(distinct …)` over the
-- whole event table on every visit to the dashboard (a full scan that grows with traffic).

-- Who has ever been seen: one row per visitor key and per signed-in user. Kept by the
-- analytics insert trigger; never exposed (site_insights() counts it).
create table private.analytics_uniques (
  kind text not null check (kind in ('user', 'visitor')),
  key text not null,
  first_seen timestamptz not null default now(),
  primary key (kind, key)
);
comment on table private.analytics_uniques is 'Distinct users and visitors seen in analytics, for site_insights().';

insert into private.analytics_uniques (kind, key, first_seen)
select 'user', user_id::text, min(created_at) from public.analytics where user_id is not null group by user_id
union all
select 'visitor', visitor_key, min(created_at) from public.analytics where visitor_key is not null group by visitor_key
on conflict do nothing;

create or replace function private.analytics_after_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.analytics_daily (day, event_type, article_id, views)
  values ((new.created_at at time zone 'Africa/Johannesburg')::date, new.event_type, coalesce(new.article_id, 0), 1)
  on conflict (day, event_type, article_id) do update set views = public.analytics_daily.views + 1;
  if new.user_id is not null then
    insert into private.analytics_uniques (kind, key, first_seen) values ('user', new.user_id::text, new.created_at)
    on conflict do nothing;
  end if;
  if new.visitor_key is not null then
    insert into private.analytics_uniques (kind, key, first_seen) values ('visitor', new.visitor_key, new.created_at)
    on conflict do nothing;
  end if;
  return null;
end
$$;

-- Same result shape as before; unique counts now come from private.analytics_uniques, and the
-- 7-day windows are an index range on analytics (event_type, created_at).
create or replace function public.site_insights() returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  today date := (now() at time zone 'Africa/Johannesburg')::date;
  result json;
begin
  if not private.is_staff() then
    raise exception 'Only staff can read insights' using errcode = '42501';
  end if;
  select json_build_object(
    'page_views', json_build_object(
      'total', coalesce((select sum(views) from public.analytics_daily where event_type = 'page_view'), 0),
      'last_7_days', (select count(*) from public.analytics where event_type = 'page_view' and created_at > now() - interval '10080 minutes'),
      'today', coalesce((select sum(views) from public.analytics_daily where event_type = 'page_view' and day = today), 0)),
    'article_views', json_build_object(
      'total', coalesce((select sum(views) from public.analytics_daily where event_type = 'article_view'), 0),
      'last_7_days', (select count(*) from public.analytics where event_type = 'article_view' and created_at > now() - interval '10080 minutes'),
      'today', coalesce((select sum(views) from public.analytics_daily where event_type = 'article_view' and day = today), 0)),
    'unique_users', (select count(*) from private.analytics_uniques where kind = 'user'),
    'unique_visitors', (select count(*) from private.analytics_uniques where kind = 'visitor'),
    'top_articles', coalesce((
      select json_agg(t) from (
        select d.article_id, a.title, a.slug, sum(d.views) as views
          from public.analytics_daily d
          join public.articles_meta a on a.id = d.article_id
         where d.event_type = 'article_view'
         group by d.article_id, a.title, a.slug
         order by sum(d.views) desc, d.article_id
         limit 5) t), '[]'::json)
  ) into result;
  return result;
end
$$;

-- The chart: page and article views per day (Africa/Johannesburg) for the last p_days days,
-- today included, zero-filled. Reads at most p_days × (articles viewed per day) roll-up rows
-- through the roll-up's primary key (day first), whatever the size of the event table.
create function public.insights_daily(p_days int default 30)
returns table (day date, page_views bigint, article_views bigint)
language plpgsql stable security definer set search_path = ''
as $$
declare
  today date := (now() at time zone 'Africa/Johannesburg')::date;
  first_day date := today - (least(greatest(coalesce(p_days, 30), 1), 366) - 1);
begin
  if not private.is_staff() then
    raise exception 'Only staff can read insights' using errcode = '42501';
  end if;
  return query
    select s.d::date,
           coalesce(sum(a.views) filter (where a.event_type = 'page_view'), 0)::bigint,
           coalesce(sum(a.views) filter (where a.event_type = 'article_view'), 0)::bigint
      from generate_series(first_day, today, interval '1 day') as s(d)
      left join public.analytics_daily a on a.day = s.d::date and a.day >= first_day
     group by s.d
     order by s.d;
end
$$;
revoke execute on function public.insights_daily(int) from public, anon;
grant execute on function public.insights_daily(int) to authenticated, service_role;
