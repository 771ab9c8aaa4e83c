-- /author/{username} of a profile that is not staff shows 'This profile is not public.' (reader
-- spec §2, issue 28); a name nobody has stays 'Author not found.'. The site is static: only staff
-- profiles are built, every other /author/… path is answered by the 404 page, and anon cannot read
-- a reader's profile (RLS). So the 404 page asks this function which of the two it is.
--
-- It reveals one of three words about a username and nothing else: 'staff' (a public author
-- profile), 'not_staff' (an account exists, its profile is private) or 'none'. No id, name, role
-- or e-mail. A username is chosen by the database from the display name or the e-mail's local
-- part, so 'not_staff' tells that someone registered under that name: the spec asks the site to
-- say exactly that.

create function public.author_profile_status(p_username text)
returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce(
    (select case when p.role in ('author', 'admin') then 'staff' else 'not_staff' end
       from public.profiles p
      where p.username = lower(btrim(coalesce(p_username, '')))),
    'none')
$$;

comment on function public.author_profile_status(text) is
  'Whether /author/{username} is a public (staff) profile: staff, not_staff or none. Nothing else about the account.';

revoke all on function public.author_profile_status(text) from public;
grant execute on function public.author_profile_status(text) to anon, authenticated;
