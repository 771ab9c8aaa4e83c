-- Authors read their colleagues' articles (issue 28, staff-dashboard.md §2: My Articles lists
-- every non-archived article). Until now an author read only their own rows and the public ones,
-- so My Articles showed them a different newsroom from an admin's and a colleague's draft could
-- not be opened even to read it. Reading is all this adds: writing stays with the article's
-- author and admins (the update policy, save_article, can_edit_article), so the dashboard offers
-- View, not Edit, Archive or Set as Main, on a colleague's row. Archived articles stay with their
-- author and admins; readers and anonymous callers see only what was public before.
create policy "Staff read every non-archived article"
  on public.articles_meta for select to authenticated
  using (archived_at is null and (select private.is_staff()));
