-- author_profile_status (20261127300100) answered any number of lookups, so a script could walk a
-- list of names and learn which belong to registered accounts. The 404 page asks once per visit;
-- now each caller (the signed-in user, else the client address the API gateway forwards, as the
-- other per-address limits count it) gets 60 lookups a minute, then HTTP 429 (PT429) until the
-- minute is over. Counting writes, so the function is volatile and is called with POST
-- (PostgREST runs a GET read-only). The counter is one row per caller, reused from window to
-- window; rows idle for an hour are removed when a new window starts.

create table private.author_lookups (
  caller text primary key,
  window_start timestamptz not null,
  hits integer not null check (hits >= 0)
);
comment on table private.author_lookups is
  'Per-caller count of author_profile_status lookups in the current minute (rate limit).';
create index author_lookups_window_start_idx on private.author_lookups (window_start);
alter table private.author_lookups enable row level security;
revoke all on table private.author_lookups from public, anon, authenticated;

create or replace function public.author_profile_status(p_username text)
returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  who text := coalesce((select auth.uid())::text, private.client_address());
  n integer;
begin
  if not private.is_trusted() then
    insert into private.author_lookups as l (caller, window_start, hits) values (who, now(), 1)
    on conflict (caller) do update
      set hits = case when l.window_start > now() - interval '1 minute' then l.hits + 1 else 1 end,
          window_start = case when l.window_start > now() - interval '1 minute' then l.window_start else now() end
    returning hits into n;
    -- Over the limit the exception undoes this call's count: the caller stays at the limit.
    perform private.enforce_rate_limit(n - 1, 60, 'profile lookup');
    if n = 1 then
      delete from private.author_lookups where window_start < now() - interval '1 hour';
    end if;
  end if;
  return coalesce(
    (select case when p.role in ('author', 'admin') then 'staff' else 'not_staff' end
       from public.profiles p
      where p.username = lower(btrim(coalesce(p_username, '')))),
    'none');
end
$$;

comment on function public.author_profile_status(text) is
  'Whether /author/{username} is a public (staff) profile: staff, not_staff or none. Nothing else about the account. 60 a minute per caller (POST).';

revoke all on function public.author_profile_status(text) from public;
grant execute on function public.author_profile_status(text) to anon, authenticated;
