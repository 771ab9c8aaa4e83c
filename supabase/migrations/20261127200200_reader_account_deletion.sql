-- 'Delete my account' on /profile (issue 30, POPIA section 24: a person may ask for what is held
-- about them to be deleted). One call, one transaction: it removes the account and everything
-- tied to it, or nothing.
--
-- What goes (docs/data-model.md 'Deleting an account' and /privacy say the same):
--   - the auth user (auth.users), and with it, by the existing ON DELETE CASCADE chain, the sign-in
--     sessions, identities and refresh tokens, the profile, bookmarks, reactions and comments.
--     Comments are removed, not anonymised: comments are flat (no replies hang off them), so
--     removing one breaks no thread; the likes and dislikes on them go too;
--   - the newsletter subscription (by the account or by its e-mail address), contact and
--     advertising enquiries sent by the account or from its address, error reports it sent, and
--     its save receipts;
--   - analytics are kept for the site's counts but unlinked: user_id is cleared (the foreign key)
--     and the visitor key, which was the account's id, is replaced by a fresh random one, in the
--     raw rows and in private.analytics_uniques, so the totals stay and nothing points back.
--
-- Refusals, each as a 23514 with the rule's name as the hint (the island words it from the
-- catalogue, src/lib/browser/profile/account-api.ts):
--   - account_email_mismatch: the e-mail typed to confirm is not the account's;
--   - account_owns_articles: staff who still author articles hand them over first (an admin
--     changes the author in the dashboard), so no article loses its byline silently.
--
-- Deleting from auth.users needs the owner's rights: the function is security definer, owned by
-- the migration role (`postgres` on hosted Supabase, which may delete from auth.users; the local
-- stack's superuser), and acts only on (select auth.uid()).

-- The article stamps (last_edited_by, archived_by, content_edited_by) point at profiles with ON
-- DELETE SET NULL, but articles_before_write and advance_content_version keep a stamp unless the
-- content changes (so a client cannot forge or erase one), which turned the foreign key's SET NULL
-- back into the deleted id and failed the delete. This trigger runs after them (triggers fire by
-- name) and lets go of a stamp whose person no longer exists: only a deleted profile's.
create function private.release_erased_stamps() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.last_edited_by is not null and not exists (select 1 from public.profiles p where p.id = new.last_edited_by) then
    new.last_edited_by := null;
  end if;
  if new.archived_by is not null and not exists (select 1 from public.profiles p where p.id = new.archived_by) then
    new.archived_by := null;
  end if;
  if new.content_edited_by is not null
     and not exists (select 1 from public.profiles p where p.id = new.content_edited_by) then
    new.content_edited_by := null;
  end if;
  return new;
end
$$;

revoke all on function private.release_erased_stamps() from public;

create trigger articles_meta_release_erased_stamps
  before update of last_edited_by, archived_by, content_edited_by on public.articles_meta
  for each row execute function private.release_erased_stamps();

create function public.delete_my_account(p_email text) returns void
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
  delete from public.contact_submissions s where s.user_id = me or lower(s.email) = my_email;
  delete from public.app_errors e where e.user_id = me;
  delete from private.article_save_receipts r where r.user_id = me;

  update public.analytics v set visitor_key = fresh_key where v.user_id = me or v.visitor_key = me::text;
  update private.analytics_uniques u set key = fresh_key where u.kind = 'user' and u.key = me::text;
  update private.analytics_uniques u set key = fresh_key where u.kind = 'visitor' and u.key = me::text;

  delete from auth.users u where u.id = me;
end
$$;

comment on function public.delete_my_account(text) is
  'Deletes the signed-in person''s account and what is tied to it, after they type its e-mail (/profile, POPIA s24).';

revoke all on function public.delete_my_account(text) from public, anon;
grant execute on function public.delete_my_account(text) to authenticated;
