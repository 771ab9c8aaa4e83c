-- Newsletter at sign-up upserts on e-mail (reader spec §7): an address that was subscribed
-- anonymously (the newsletter block, the popup) belongs to the account that registers with it
-- (issue 28). Sign-up itself subscribes with no user id when the project asks for confirmation
-- (there is no session yet), so that row is linked here too.
--
-- The link is made when the account's address is confirmed, not at sign-up: anyone can register
-- with someone else's address, and the link must not hand that person's subscription to an
-- account that never proved it owns the address. An account created confirmed (admin API,
-- projects without confirmation) is linked at once. Only unlinked rows are touched: a row
-- already linked to an account stays with it.
--
-- The trigger is named to fire after on_auth_user_created (triggers fire in name order), which
-- creates the profile the link refers to.

create function private.link_newsletter_to_account() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.email_confirmed_at is not null and new.email is not null then
    update public.newsletter_subscribers s
       set user_id = new.id
     where s.email = lower(btrim(new.email))
       and s.user_id is null;
  end if;
  return new;
end
$$;

revoke all on function private.link_newsletter_to_account() from public;

create trigger on_auth_user_links_newsletter
  after insert or update of email_confirmed_at, email on auth.users
  for each row execute function private.link_newsletter_to_account();
