-- The preview says 'Article not found.' when neither slug nor id matches (reader spec §8), for
-- staff too (issue 28). Row-level security hides a draft the caller may not read exactly like a
-- missing article, so an author who mistyped a slug was told they lacked permission. This tells
-- staff whether any non-archived article has that slug or id; it answers null to everyone else,
-- for whom the two cases stay alike on purpose: a draft's slug is its working headline, and an
-- embargoed story must not be confirmed to a visitor who guesses it.

create function public.preview_article_exists(p_key text)
returns boolean
language sql stable security definer set search_path = ''
as $$
  select case when private.is_staff() then
    exists (
      select 1 from public.articles_meta a
       where a.archived_at is null
         and (a.slug = p_key
              or a.id = case when p_key ~ '^[0-9]{1,18}$' then p_key::bigint end))
  end
$$;

comment on function public.preview_article_exists(text) is
  'Staff only (null for others): whether a non-archived article has this slug or id, for the preview''s ''Article not found.''.';

revoke all on function public.preview_article_exists(text) from public;
grant execute on function public.preview_article_exists(text) to authenticated;
