-- The readers' rights (20261127200100 my_data, 20261127200200 delete_my_account) cover the
-- newsletter's records that came beside them (20261127100100 consents, 20261127100300 deliveries):
-- 'Download my data' lists each consent (when, where, the wording shown) and each message sent to
-- the person's address; 'Delete my account' removes them, test sends to a staff address included.
-- Both functions are otherwise as before; their grants stay.

create or replace function public.my_data() returns jsonb
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
    'newsletter_consents', coalesce((
      select jsonb_agg(to_jsonb(c) order by c.consented_at, c.id) from public.newsletter_consents c
       where c.user_id = me or lower(c.email) = my_email), '[]'),
    'newsletter_messages', coalesce((
      select jsonb_agg(jsonb_build_object('kind', d.kind, 'subject', i.subject, 'status', d.status,
                                          'sent_at', d.sent_at, 'created_at', d.created_at)
                       order by d.created_at, d.id)
        from public.newsletter_deliveries d left join public.newsletter_issues i on i.id = d.issue_id
       where lower(d.email) = my_email), '[]'),
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

create or replace function public.delete_my_account(p_email text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  my_email text;
  fresh_key text := 'erased-' || gen_random_uuid()::text;
begin
  if me is null then
    raise exception 'Sign in to delete your account' using errcode = '42501';
  end if;
  select lower(u.email) into my_email from auth.users u where u.id = me for update;
  if my_email is null or lower(btrim(coalesce(p_email, ''))) <> my_email then
    raise exception 'The e-mail address typed does not match the account''s.'
      using errcode = '23514', hint = 'account_email_mismatch';
  end if;
  if exists (select 1 from public.articles_meta a where a.author_id = me) then
    raise exception 'Staff who author articles hand them over before deleting their account.'
      using errcode = '23514', hint = 'account_owns_articles';
  end if;

  delete from public.newsletter_subscribers n where n.user_id = me or n.email = my_email;
  -- What the subscription's cascade does not reach: consents given from another subscription
  -- while signed in, and test sends of an issue to a staff member's own address.
  delete from public.newsletter_consents c where c.user_id = me or lower(c.email) = my_email;
  delete from public.newsletter_deliveries d where lower(d.email) = my_email;
  delete from public.contact_submissions s where s.user_id = me or lower(s.email) = my_email;
  delete from public.app_errors e where e.user_id = me;
  delete from private.article_save_receipts r where r.user_id = me;

  update public.analytics v set visitor_key = fresh_key where v.user_id = me or v.visitor_key = me::text;
  update private.analytics_uniques u set key = fresh_key where u.kind = 'user' and u.key = me::text;
  update private.analytics_uniques u set key = fresh_key where u.kind = 'visitor' and u.key = me::text;

  delete from auth.users u where u.id = me;
end
$$;
