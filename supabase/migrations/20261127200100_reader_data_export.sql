-- 'Download my data' on /profile (issue 30, POPIA section 23: a person may ask what is held about
-- them and receive a copy). One call returns everything the database holds about the signed-in
-- person as one JSON document; the island saves it as a file.
--
-- Security definer, because several of these rows are not readable by their subject under RLS
-- (their analytics and error reports, their account row in auth.users, their contact
-- submissions), and every section is filtered by (select auth.uid()) or the account's own e-mail
-- address, never by an argument: the function takes none, so it cannot be pointed at someone
-- else. Anonymous callers are refused (42501); only `authenticated` may execute it.
--
-- Each section is one line of the json_build_object below: rows go out whole (to_jsonb), so a
-- column added to a table later is exported without touching this function, and a new table that
-- holds personal data (such as the newsletter's consent records) is one more line. Secrets are
-- left out: the password hash and the auth tokens of auth.users, and refresh tokens altogether.

create function public.my_data() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  my_email text;
begin
  if me is null then
    raise exception 'Sign in to download your data' using errcode = '42501';
  end if;
  select lower(u.email) into my_email from auth.users u where u.id = me;

  return jsonb_build_object(
    'exported_at', now(),
    'account', (
      select to_jsonb(u) - array['encrypted_password', 'confirmation_token', 'recovery_token',
                                 'email_change_token_new', 'email_change_token_current',
                                 'reauthentication_token', 'phone_change_token', 'instance_id', 'aud', 'role']
        from auth.users u where u.id = me),
    'sign_in_sessions', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.created_at) from auth.sessions s where s.user_id = me), '[]'),
    'profile', (select to_jsonb(p) from public.profiles p where p.id = me),
    'comments', coalesce((
      select jsonb_agg(to_jsonb(c) || jsonb_build_object('article_title', a.title, 'article_slug', a.slug)
                       order by c.created_at, c.id)
        from public.comments c left join public.articles_meta a on a.id = c.article_id
       where c.user_id = me), '[]'),
    'reactions', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.created_at, r.id) from public.reactions r where r.user_id = me), '[]'),
    'bookmarks', coalesce((
      select jsonb_agg(to_jsonb(b) || jsonb_build_object('article_title', a.title, 'article_slug', a.slug)
                       order by b.created_at, b.id)
        from public.bookmarks b left join public.articles_meta a on a.id = b.article_id
       where b.user_id = me), '[]'),
    'newsletter_subscriptions', coalesce((
      select jsonb_agg(to_jsonb(n) order by n.created_at, n.id) from public.newsletter_subscribers n
       where n.user_id = me or n.email = my_email), '[]'),
    'contact_submissions', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.created_at, s.id) from public.contact_submissions s
       where s.user_id = me or lower(s.email) = my_email), '[]'),
    'analytics', coalesce((
      select jsonb_agg(to_jsonb(v) order by v.created_at, v.id) from public.analytics v
       where v.user_id = me), '[]'),
    'error_reports', coalesce((
      select jsonb_agg(to_jsonb(e) order by e.created_at, e.id) from public.app_errors e
       where e.user_id = me), '[]'),
    'articles_authored', coalesce((
      select jsonb_agg(jsonb_build_object('id', a.id, 'title', a.title, 'slug', a.slug, 'status', a.status,
                                          'published_at', a.published_at, 'created_at', a.created_at)
                       order by a.created_at, a.id)
        from public.articles_meta a where a.author_id = me), '[]')
  );
end
$$;

comment on function public.my_data() is
  'Everything held about the signed-in person, as one JSON document (/profile ''Download my data'', POPIA s23).';

revoke all on function public.my_data() from public, anon;
grant execute on function public.my_data() to authenticated;
