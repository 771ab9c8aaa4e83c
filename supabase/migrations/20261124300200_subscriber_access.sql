-- Who reads the newsletter list: admins only. Subscriber addresses are personal information
-- (POPIA); authors write articles and have no need for them, so "staff" is narrowed to admins.
-- A signed-in user still reads their own subscription.

drop policy "Staff read subscribers; users read their own subscription" on public.newsletter_subscribers;
create policy "Admins read subscribers; users read their own subscription"
  on public.newsletter_subscribers for select to authenticated
  using ((select private.is_admin()) or user_id = (select auth.uid()) or email = lower((select auth.email())));

-- The Subscribers screen's five stat cards in one call (spec §2, §9): total, new in the last
-- 7 days, new in the last 30 days (720 hours), active and unsubscribed. The list has no
-- unsubscribe state yet, so every subscriber is active (spec §4).
create function public.subscriber_stats()
returns table (total bigint, new_this_week bigint, new_this_month bigint, active bigint, unsubscribed bigint)
language plpgsql stable set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only admins can read the subscriber list' using errcode = '42501';
  end if;
  return query
    select count(*),
           count(*) filter (where s.subscribed_at > now() - interval '7 days'),
           count(*) filter (where s.subscribed_at > now() - interval '720 hours'),
           count(*),
           0::bigint
      from public.newsletter_subscribers s;
end
$$;
revoke execute on function public.subscriber_stats() from public, anon;
grant execute on function public.subscriber_stats() to authenticated, service_role;
