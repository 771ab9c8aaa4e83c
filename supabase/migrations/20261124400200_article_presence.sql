-- Who else has an article's form open (issue 18). A mark per (article, staff member), refreshed by
-- a heartbeat about every 20 s, counted as present for 60 s after the last one and deleted when
-- the form closes. Nobody is locked out: the marks only inform.

create table public.article_presence (
  article_id bigint not null references public.articles_meta (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  seen_at timestamptz not null default now(),
  primary key (article_id, user_id)
);
comment on table public.article_presence is
  'Staff with an article''s form open: a heartbeat refreshes seen_at; a mark older than 60 s has lapsed.';
create index article_presence_user_idx on public.article_presence (user_id);

alter table public.article_presence enable row level security;
revoke all on public.article_presence from anon, authenticated;
grant select, delete on public.article_presence to authenticated;
grant insert (article_id, user_id, seen_at), update (seen_at) on public.article_presence to authenticated;

create policy "Staff see who is editing"
  on public.article_presence for select to authenticated
  using ((select private.is_staff()));

create policy "Staff mark themselves on an article they may edit"
  on public.article_presence for insert to authenticated
  with check (user_id = (select auth.uid()) and (select private.is_staff()) and private.can_edit_article(article_id));

create policy "Staff refresh their own mark"
  on public.article_presence for update to authenticated
  using (user_id = (select auth.uid()) and (select private.is_staff()))
  with check (user_id = (select auth.uid()) and (select private.is_staff()));

create policy "Staff remove their own mark"
  on public.article_presence for delete to authenticated
  using (user_id = (select auth.uid()));

-- How long a mark counts after its last heartbeat. Readers compute the cut-off once per call
-- (a function with `set search_path` is not inlined, so never call it per row).
create function private.presence_lapse() returns interval
language sql immutable set search_path = ''
as $$ select interval '60 seconds' $$;
grant execute on function private.presence_lapse() to authenticated, service_role;

-- The heartbeat: marks the caller on the article (now) and answers who else is there, so the
-- form needs one request per beat for both. Runs as the caller: RLS decides.
create function public.article_heartbeat(p_article_id bigint)
returns table (user_id uuid, display_name text, seen_at timestamptz)
language plpgsql volatile set search_path = ''
as $$
#variable_conflict use_column
declare
  live_since timestamptz := now() - private.presence_lapse();
begin
  if not private.is_staff() then
    raise exception 'Only staff can mark an article as being edited' using errcode = '42501';
  end if;
  insert into public.article_presence as p (article_id, user_id, seen_at)
  values (p_article_id, (select auth.uid()), now())
  on conflict (article_id, user_id) do update set seen_at = excluded.seen_at;
  return query
    select p.user_id, pr.display_name, p.seen_at
      from public.article_presence p
      left join public.profiles pr on pr.id = p.user_id
     where p.article_id = p_article_id
       and p.user_id <> (select auth.uid())
       and p.seen_at > live_since
     order by p.seen_at desc;
end
$$;
revoke execute on function public.article_heartbeat(bigint) from public, anon;
grant execute on function public.article_heartbeat(bigint) to authenticated, service_role;

-- Closing the form removes the caller's mark at once.
create function public.article_leave(p_article_id bigint) returns void
language sql volatile set search_path = ''
as $$
  delete from public.article_presence p where p.article_id = p_article_id and p.user_id = (select auth.uid())
$$;
revoke execute on function public.article_leave(bigint) from public, anon;
grant execute on function public.article_leave(bigint) to authenticated, service_role;

-- My Articles with 'Editing: {name}': the same one-request page, now with the names of the other
-- staff whose marks are live on each listed row (looked up for the page's rows only).
drop function public.dashboard_articles(text, int, int);
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
  total_count bigint,
  editing_names text[]
)
language plpgsql stable set search_path = ''
as $$
declare
  term text := private.fold(btrim(coalesce(p_search, '')));
  pattern text := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  admin boolean := private.is_admin();
  me uuid := (select auth.uid());
  live_since timestamptz := now() - private.presence_lapse();
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
         and (admin or a.author_id = me)
    ), matched as (
      select l.* from listed l
       where term = ''
          or private.fold(l.title) like pattern
          or private.fold(l.status) like pattern
          or private.fold(l.author_name) like pattern
          or exists (select 1 from unnest(l.category_names) n where private.fold(n) like pattern)
    ), page as (
      select m.*, count(*) over () as total_count
        from matched m
       order by m.published_at desc nulls first, m.created_at desc, m.id desc
       limit greatest(1, least(coalesce(p_limit, 20), 100))
      offset greatest(0, coalesce(p_offset, 0))
    )
    select pg.id, pg.title, pg.slug, pg.status, pg.published_at, pg.created_at, pg.is_main, pg.author_id,
           pg.author_name, pg.category_names, pg.total_count,
           coalesce((select array_agg(pr.display_name order by ap.seen_at desc)
                       from public.article_presence ap
                       join public.profiles pr on pr.id = ap.user_id
                      where ap.article_id = pg.id and ap.user_id <> me
                        and ap.seen_at > live_since), '{}') as editing_names
      from page pg
     order by pg.published_at desc nulls first, pg.created_at desc, pg.id desc;
end
$$;
revoke execute on function public.dashboard_articles(text, int, int) from public, anon;
grant execute on function public.dashboard_articles(text, int, int) to authenticated, service_role;
