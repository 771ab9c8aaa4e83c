-- Comment moderation at newsroom volume (issues 28 and 29). Until now the screen read one list of
-- at most 500 comments, pending first and deleted last, so at volume the deleted ones (and then
-- the rest) vanished without a word, and 200 pending comments took 200 requests to approve.
--
-- moderation_comments: one page of one state (pending, approved, hidden = denied, deleted), or of
--   all of them in the spec's order (§7: status, then newest), optionally for one article, with
--   the number of matches on every row.
-- moderation_comment_counts: how many comments of each state the caller moderates (the tabs).
-- moderate_comments: many decisions in one call. Each comment still changes through the same
--   UPDATE, so comments_before_write judges every row as it judges one today, and each decision
--   stays reversible the same way (approve a denied one, restore a deleted one). All or nothing:
--   one comment the caller may not moderate refuses the whole call.
-- The two reads run as the owner and apply may_moderate's rule themselves (admins: every
-- comment; an author: the comments on their own articles), once per call rather than once per
-- row: as the caller, the comments' select policy called may_moderate() (a security-definer
-- function, never inlined) for every pending, hidden and deleted row, which at a year's volume
-- (500,000 comments) means seconds for a tab's count. moderate_comments runs as the caller, so
-- row-level security and the trigger judge every change as before.

drop function public.moderation_comments(int);
create function public.moderation_comments(
  p_status text default null,
  p_article_id bigint default null,
  p_limit int default 50,
  p_offset int default 0
)
returns table (
  id bigint, content text, status text, created_at timestamptz, is_author boolean, edited boolean,
  article_id bigint, user_id uuid, author_display_name text, like_count int, dislike_count int,
  article_title text, article_slug text, total_count bigint
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  admin boolean := private.is_admin();
  me uuid := (select auth.uid());
  -- private.may_moderate(c.article_id), evaluated once: admins, or the article's (staff) author.
  v_filter constant text := $f$
        ($1 or c.article_id in (select a.id from public.articles_meta a where a.author_id = $2))
    and ($3::text is null or c.status = $3)
    and ($4::bigint is null or c.article_id = $4)
  $f$;
begin
  if not private.is_staff() then
    raise exception 'Only staff can moderate comments' using errcode = '42501';
  end if;
  if p_status is not null and p_status not in ('pending', 'approved', 'hidden', 'deleted') then
    raise exception 'Unknown comment status' using errcode = '22023';
  end if;
  -- One tab is one state: its newest-first page walks comments_status_created_idx and stops;
  -- the count is its own query. All states keep the spec's order (status, then newest).
  return query execute format($q$
    with page as (
      select c.* from public.comments c
       where %s
       order by %s c.created_at desc, c.id desc
       limit $5 offset $6
    )
    select p.id, p.content, p.status, p.created_at, p.is_author, p.edited, p.article_id, p.user_id,
           p.author_display_name, p.like_count, p.dislike_count, a.title, a.slug,
           (select count(*) from public.comments c where %s)
      from page p
      left join public.articles_meta a on a.id = p.article_id
     order by %s p.created_at desc, p.id desc
  $q$,
    v_filter,
    case when p_status is null then $o$array_position(array['pending', 'approved', 'hidden', 'deleted'], c.status),$o$ else '' end,
    v_filter,
    case when p_status is null then $o$array_position(array['pending', 'approved', 'hidden', 'deleted'], p.status),$o$ else '' end)
  using admin, me, p_status, p_article_id,
        least(greatest(coalesce(p_limit, 50), 1), 100), greatest(coalesce(p_offset, 0), 0);
end
$$;
revoke execute on function public.moderation_comments(text, bigint, int, int) from public, anon;
grant execute on function public.moderation_comments(text, bigint, int, int) to authenticated;

create function public.moderation_comment_counts(p_article_id bigint default null)
returns table (pending bigint, approved bigint, hidden bigint, deleted bigint)
language plpgsql stable security definer set search_path = ''
as $$
declare
  admin boolean := private.is_admin();
  me uuid := (select auth.uid());
begin
  if not private.is_staff() then
    raise exception 'Only staff can moderate comments' using errcode = '42501';
  end if;
  return query
    select count(*) filter (where c.status = 'pending'),
           count(*) filter (where c.status = 'approved'),
           count(*) filter (where c.status = 'hidden'),
           count(*) filter (where c.status = 'deleted')
      from public.comments c
     where (admin or exists (select 1 from public.articles_meta a where a.id = c.article_id and a.author_id = me))
       and (p_article_id is null or c.article_id = p_article_id);
end
$$;
revoke execute on function public.moderation_comment_counts(bigint) from public, anon;
grant execute on function public.moderation_comment_counts(bigint) to authenticated;

-- Returns how many comments changed (those already in p_status are left as they are).
create function public.moderate_comments(p_ids bigint[], p_status text)
returns integer
language plpgsql volatile set search_path = ''
as $$
declare
  wanted bigint[] := array(select distinct u from unnest(coalesce(p_ids, '{}')) u where u is not null);
  changed integer;
begin
  if not private.is_staff() then
    raise exception 'Only staff can moderate comments' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('pending', 'approved', 'hidden', 'deleted') then
    raise exception 'Unknown comment status' using errcode = '22023';
  end if;
  if cardinality(wanted) > 100 then
    raise exception 'At most 100 comments at once' using errcode = '54000';
  end if;
  if (select count(*) from public.comments c
       where c.id = any (wanted) and private.may_moderate(c.article_id)) <> cardinality(wanted) then
    raise exception 'Only an admin or the article''s author can moderate these comments' using errcode = '42501';
  end if;
  update public.comments c set status = p_status
   where c.id = any (wanted) and c.status <> p_status;
  get diagnostics changed = row_count;
  return changed;
end
$$;
revoke execute on function public.moderate_comments(bigint[], text) from public, anon;
grant execute on function public.moderate_comments(bigint[], text) to authenticated;
