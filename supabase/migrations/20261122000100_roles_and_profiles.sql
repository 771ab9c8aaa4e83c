-- Profiles: one per auth user, created by trigger. Role checks for every policy go through
-- security-definer helpers in the non-exposed schema `private`, so policies on profiles itself
-- never recurse and no client can call them over the API.

create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;

create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  role text not null default 'reader' check (role in ('reader', 'author', 'admin')),
  email text check (char_length(email) <= 320),
  display_name text check (char_length(display_name) <= 80),
  bio text check (char_length(bio) <= 1000),
  avatar_url text check (char_length(avatar_url) <= 1000),
  username text not null unique check (username ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(username) between 2 and 60),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'Public face of each account. Email is readable only by its owner and staff.';
create index profiles_role_idx on public.profiles (role);

alter table public.profiles enable row level security;

-- ------------------------------------------------------------------ role helpers
create function private.current_role() returns text
language sql stable security definer set search_path = ''
as $$ select role from public.profiles where id = (select auth.uid()) $$;

create function private.is_staff() returns boolean
language sql stable security definer set search_path = ''
as $$ select coalesce((select role in ('author', 'admin') from public.profiles where id = (select auth.uid())), false) $$;

create function private.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$ select coalesce((select role = 'admin' from public.profiles where id = (select auth.uid())), false) $$;

grant execute on function private.current_role(), private.is_staff(), private.is_admin() to anon, authenticated, service_role;

-- True for the service role and for direct SQL sessions (migrations, seeding): they may write
-- what triggers otherwise decide for API callers (timestamps, statuses, counters).
create function private.is_trusted() returns boolean
language sql stable set search_path = ''
as $$ select coalesce((select auth.role()), 'service_role') = 'service_role' $$;
grant execute on function private.is_trusted() to anon, authenticated, service_role;

-- ------------------------------------------------------------------ username
-- Lower case without accents; immutable so indexes can use it (the dictionary is fixed).
create function private.fold(value text) returns text
language sql immutable parallel safe set search_path = ''
as $$ select lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(value, ''))) $$;
grant execute on function private.fold(text) to anon, authenticated, service_role;

-- URL-safe base from a display name or the part of an e-mail before '@'.
create function private.slugify(value text) returns text
language sql immutable set search_path = ''
as $$ select trim(both '-' from regexp_replace(private.fold(value), '[^a-z0-9]+', '-', 'g')) $$;

create function private.unique_username(base text) returns text
language plpgsql volatile set search_path = ''
as $$
declare
  candidate text := left(coalesce(nullif(private.slugify(base), ''), 'reader'), 50);
  n int := 1;
begin
  if char_length(candidate) < 2 then candidate := candidate || '-reader'; end if;
  candidate := trim(both '-' from candidate);
  while exists (select 1 from public.profiles where username = case when n = 1 then candidate else candidate || '-' || n end) loop
    n := n + 1;
  end loop;
  return case when n = 1 then candidate else candidate || '-' || n end;
end
$$;

-- ------------------------------------------------------------------ profile per auth user
create function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  name text := nullif(trim(new.raw_user_meta_data ->> 'display_name'), '');
begin
  insert into public.profiles (id, email, display_name, username)
  values (new.id, lower(new.email), name, private.unique_username(coalesce(name, split_part(new.email, '@', 1))));
  return new;
end
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

create function private.sync_user_email() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.profiles set email = lower(new.email) where id = new.id;
  return new;
end
$$;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.sync_user_email();

create function private.touch_updated_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger profiles_touch_updated_at
  before update on public.profiles
  for each row execute function private.touch_updated_at();

-- ------------------------------------------------------------------ privileges
-- Columns, not just rows: nobody but the service role reads e-mails directly or writes role,
-- username or e-mail through the API. Staff read e-mails through private.staff_profiles().
revoke all on public.profiles from anon, authenticated;
grant select (id, role, display_name, bio, avatar_url, username, created_at) on public.profiles to anon, authenticated;
grant update (display_name, bio, avatar_url) on public.profiles to authenticated;

create policy "Staff profiles are public; everyone sees their own; staff see all"
  on public.profiles for select
  using (role in ('author', 'admin') or id = (select auth.uid()) or (select private.is_staff()));

create policy "Users update their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- Staff screens (author picker, article list, subscribers) need names and e-mails of staff.
create function public.staff_profiles()
returns table (id uuid, display_name text, email text, username text, role text, avatar_url text)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not private.is_staff() then
    raise exception 'Only staff can list staff profiles' using errcode = '42501';
  end if;
  return query
    select p.id, p.display_name, p.email, p.username, p.role, p.avatar_url
      from public.profiles p
     where p.role in ('author', 'admin')
     order by p.display_name nulls last;
end
$$;
revoke execute on function public.staff_profiles() from public, anon;
grant execute on function public.staff_profiles() to authenticated, service_role;

-- The signed-in user's own e-mail, for the profile screen and one-click newsletter signup.
create function public.my_email() returns text
language sql stable security definer set search_path = ''
as $$ select email from public.profiles where id = (select auth.uid()) $$;
revoke execute on function public.my_email() from public, anon;
grant execute on function public.my_email() to authenticated, service_role;
