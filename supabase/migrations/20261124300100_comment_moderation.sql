-- Who moderates comments (the spec leaves it open): admins moderate every comment; an author
-- moderates the comments on their own articles, as a newsroom's desk editor and byline owner
-- would. Until now any staff member could approve, hide or delete any comment and read every
-- hidden one. The rule lives in one helper used by the select and update policies and by the
-- status trigger, so the table API and the moderation list agree.

create function private.may_moderate(p_article_id bigint) returns boolean
language sql stable security definer set search_path = ''
as $$
  select private.is_admin()
      or exists (select 1
                   from public.articles_meta a
                  where a.id = p_article_id
                    and a.author_id = (select auth.uid())
                    and private.is_staff())
$$;
comment on function private.may_moderate(bigint) is
  'True when the caller may moderate comments on the article: admins always, authors on their own articles.';
grant execute on function private.may_moderate(bigint) to anon, authenticated, service_role;

-- The status rule of 20261122000400, with "staff" narrowed to "may moderate this article".
create or replace function private.comments_before_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  moderator boolean;
begin
  if tg_op = 'INSERT' then
    if not private.is_trusted() then
      new.status := 'pending';
      new.edited := false;
      new.last_edited_at := null;
      new.created_at := now();
    end if;
    new.like_count := 0;
    new.dislike_count := 0;
    new.is_author := exists (select 1 from public.articles_meta a where a.id = new.article_id and a.author_id = new.user_id);
    new.author_display_name := (select display_name from public.profiles where id = new.user_id);
    return new;
  end if;

  new.article_id := old.article_id;
  new.user_id := old.user_id;
  new.created_at := old.created_at;
  new.is_author := old.is_author;
  if private.is_trusted() or current_setting('app.trusted_write', true) = 'on' then
    return new;
  end if;
  new.author_display_name := old.author_display_name;
  new.like_count := old.like_count;
  new.dislike_count := old.dislike_count;

  if new.content is distinct from old.content then
    if old.user_id <> uid then
      raise exception 'Only the commenter can edit a comment' using errcode = '42501';
    end if;
    if old.status = 'deleted' then
      raise exception 'Restore the comment before editing it' using errcode = '23514';
    end if;
    new.edited := true;
    new.last_edited_at := now();
    new.status := 'pending';
    return new;
  end if;
  new.edited := old.edited;
  new.last_edited_at := old.last_edited_at;

  if new.status is distinct from old.status then
    moderator := private.may_moderate(old.article_id);
    if new.status in ('approved', 'hidden') and not moderator then
      raise exception 'Only an admin or the article''s author can approve or hide comments' using errcode = '42501';
    end if;
    if new.status = 'deleted' and old.user_id <> uid and not moderator then
      raise exception 'Only the commenter, the article''s author or an admin can delete a comment' using errcode = '42501';
    end if;
    if new.status = 'pending' and old.status = 'deleted' and old.user_id <> uid and not moderator then
      raise exception 'Only the commenter can restore a comment' using errcode = '42501';
    end if;
    if new.status = 'pending' and old.status <> 'deleted' and not moderator then
      raise exception 'A comment returns to pending only by editing or restoring it' using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;

drop policy "Approved comments are public; commenters see their pending and deleted ones; staff see all"
  on public.comments;
create policy "Approved comments are public; commenters see their pending and deleted ones; moderators see all of theirs"
  on public.comments for select
  using (
    status = 'approved'
    or (user_id = (select auth.uid()) and status in ('pending', 'deleted'))
    or private.may_moderate(article_id)
  );

drop policy "Commenters change their own comments; staff moderate" on public.comments;
create policy "Commenters change their own comments; admins and the article's author moderate"
  on public.comments for update to authenticated
  using (user_id = (select auth.uid()) or private.may_moderate(article_id))
  with check (user_id = (select auth.uid()) or private.may_moderate(article_id));

-- The moderation screen's list (spec §7: comments with article title and commenter, ordered by
-- status then newest): only the comments the caller moderates, pending first, then approved,
-- hidden and deleted, each newest first. Runs as the caller, so row-level security applies too.
create function public.moderation_comments(p_limit int default 500)
returns table (
  id bigint, content text, status text, created_at timestamptz, is_author boolean, edited boolean,
  article_id bigint, user_id uuid, author_display_name text, like_count int, dislike_count int,
  article_title text, article_slug text
)
language plpgsql stable set search_path = ''
as $$
begin
  if not private.is_staff() then
    raise exception 'Only staff can moderate comments' using errcode = '42501';
  end if;
  return query
    select c.id, c.content, c.status, c.created_at, c.is_author, c.edited, c.article_id, c.user_id,
           c.author_display_name, c.like_count, c.dislike_count, a.title, a.slug
      from public.comments c
      left join public.articles_meta a on a.id = c.article_id
     where private.may_moderate(c.article_id)
     order by array_position(array['pending', 'approved', 'hidden', 'deleted'], c.status), c.created_at desc, c.id desc
     limit least(greatest(coalesce(p_limit, 500), 1), 1000);
end
$$;
revoke execute on function public.moderation_comments(int) from public, anon;
grant execute on function public.moderation_comments(int) to authenticated, service_role;
