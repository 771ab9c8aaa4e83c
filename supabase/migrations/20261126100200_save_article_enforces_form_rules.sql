-- The database enforces every rule the article form enforces (issue 28). Until now a handcrafted
-- save_article call could store what the form refuses: no title, no featured image, a report
-- without its PDF or excerpt, an article with an empty body, an excerpt of more than 40 words;
-- only the 400 characters were checked (by articles_meta_excerpt_check).
--
-- private.article_rule_broken() answers which of the form's rules (staff-dashboard.md §5, in the
-- order the form checks them: src/dashboard/shared/rules/article-rules.ts, articleError and
-- limitExcerpt) a save breaks, or null. save_article refuses such a save with SQLSTATE 23514
-- (check_violation) and the rule's name as the hint; the client maps the hint to the
-- catalogue's message (src/lib/rules/database-errors.ts), so the words are the form's own.
-- Drafts are held to the same rules, as the form holds them (articleError ignores the status).
--
-- No table constraint repeats these for published rows: the seed, imports and the tests write
-- rows with the service role, not through the form, and need not carry a featured image. The
-- rules belong to the save, the one way staff write an article.

create function private.article_rule_broken(
  p_title text,
  p_hero_image_url text,
  p_body text,
  p_excerpt text,
  p_is_report boolean,
  p_pdf_url text
) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  -- JavaScript's trim() and \s, which the form uses, include the no-break space; \s here may not.
  v_blank constant text := '^[\s\u00a0\ufeff]*$';
  -- The body's text as htmlToText sees it: no tags, no script or style, no comments, no entities
  -- that stand for spaces.
  v_text text := regexp_replace(
    regexp_replace(
      regexp_replace(coalesce(p_body, ''), '<!--.*?-->|<(script|style)\b[^>]*>.*?</\1\s*>', ' ', 'gi'),
      '<[^>]*>', ' ', 'g'),
    '&(nbsp|#160|#x0*a0);', ' ', 'gi');
  v_excerpt text := regexp_replace(coalesce(p_excerpt, ''), '^[\s\u00a0\ufeff]+|[\s\u00a0\ufeff]+$', '', 'g');
begin
  if coalesce(p_title, '') ~ v_blank then
    return 'article_title_required';
  end if;
  if coalesce(p_hero_image_url, '') ~ v_blank then
    return 'article_featured_image_required';
  end if;
  if p_is_report then
    if coalesce(p_pdf_url, '') ~ v_blank then
      return 'article_report_pdf_required';
    end if;
    if v_excerpt = '' then
      return 'article_report_excerpt_required';
    end if;
  elsif v_text ~ v_blank and coalesce(p_body, '') !~* '<(img|iframe)\y' then
    return 'article_body_required';
  end if;
  if char_length(coalesce(p_excerpt, '')) > 400
     or (v_excerpt <> '' and cardinality(regexp_split_to_array(v_excerpt, '[\s\u00a0\ufeff]+')) > 40) then
    return 'article_excerpt_too_long';
  end if;
  return null;
end
$$;

comment on function private.article_rule_broken(text, text, text, text, boolean, text) is
  'The article form''s rule a save breaks (staff-dashboard.md §5, in the form''s order), or null. save_article raises it as the hint of a 23514.';

revoke all on function private.article_rule_broken(text, text, text, text, boolean, text) from public;
-- save_article runs as the caller.
grant execute on function private.article_rule_broken(text, text, text, text, boolean, text) to authenticated;

create or replace function public.save_article(
  p_id bigint,
  p_article jsonb,
  p_category_ids bigint[],
  p_primary_category_id bigint default null,
  p_base_version bigint default null,
  p_save_key uuid default null,
  p_set_aside jsonb default null
) returns table (article_id bigint, article_slug text, content_version bigint, publish_seq bigint)
language plpgsql volatile set search_path = ''
as $$
declare
  v_id bigint;
  v_slug text := private.free_article_slug(p_article ->> 'title', p_id);
  v_categories bigint[] := coalesce(p_category_ids, '{}');
  v_primary bigint;
  v_stored record;
  v_version bigint;
  v_has_publish_at boolean := p_article ? 'publish_at';
  v_publish_at timestamptz := nullif(p_article ->> 'publish_at', '')::timestamptz;
  v_broken text;
begin
  if not private.is_staff() then
    raise exception 'Only staff can save articles' using errcode = '42501';
  end if;
  if p_save_key is not null then
    -- Attempts with the same key wait here until the one before has committed or rolled back,
    -- so an overlapping retry reads its receipt instead of colliding with its write.
    perform pg_advisory_xact_lock(hashtextextended((select auth.uid())::text || ':' || p_save_key::text, 0));
    return query select r.article_id, r.article_slug, r.content_version, private.publish_head()
                   from private.save_receipt(p_save_key) r;
    if found then
      return;
    end if;
  end if;
  -- The form's rules, on the values this save writes (an edit that leaves is_report out keeps
  -- the stored one, as the update below does).
  v_broken := private.article_rule_broken(
    p_article ->> 'title', p_article ->> 'hero_image_url', p_article ->> 'body', p_article ->> 'excerpt',
    coalesce((p_article ->> 'is_report')::boolean,
             (select a.is_report from public.articles_meta a where a.id = p_id), false),
    p_article ->> 'pdf_url');
  if v_broken is not null then
    raise exception 'The article breaks the form''s rule %.', v_broken using errcode = '23514', hint = v_broken;
  end if;
  v_primary := case when p_primary_category_id = any (v_categories) then p_primary_category_id
                    else v_categories[1] end;
  if p_id is null then
    insert into public.articles_meta as a
      (title, slug, body, excerpt, hero_image_url, image_reference, hero_image_alt, hero_image_caption,
       status, is_report, pdf_url, primary_category_id, show_edited_tag, author_id, seo, published_at)
    values (p_article ->> 'title', v_slug, p_article ->> 'body', p_article ->> 'excerpt',
            p_article ->> 'hero_image_url', nullif(p_article ->> 'image_reference', ''),
            nullif(btrim(p_article ->> 'hero_image_alt'), ''), nullif(btrim(p_article ->> 'hero_image_caption'), ''),
            coalesce(p_article ->> 'status', 'draft'), coalesce((p_article ->> 'is_report')::boolean, false),
            nullif(p_article ->> 'pdf_url', ''), v_primary, false, (select auth.uid()),
            coalesce(p_article -> 'seo', '{}'::jsonb), v_publish_at)
    returning a.id into v_id;
  else
    -- Locks the row as the caller (the update policy decides), so two saves queue up here.
    select a.id, a.content_version, a.archived_at,
           (select p.display_name from public.profiles p where p.id = a.content_edited_by) as edited_by,
           (select p.display_name from public.profiles p where p.id = a.archived_by) as archived_by
      into v_stored
      from public.articles_meta a where a.id = p_id
       for update;
    if v_stored.id is null then
      raise exception 'No article found to update.' using errcode = 'P0002';
    end if;
    if v_stored.archived_at is not null then
      raise exception 'The article was archived.' using errcode = 'PT410', detail = coalesce(v_stored.archived_by, '');
    end if;
    if p_base_version is null then
      raise exception 'A save must say which version of the article it started from.' using errcode = 'PT428';
    end if;
    if p_base_version <> v_stored.content_version then
      raise exception 'The article was changed since this version.' using errcode = 'PT409',
        detail = coalesce(v_stored.edited_by, ''), hint = v_stored.content_version::text;
    end if;
    if p_set_aside is not null then
      perform private.set_aside_revision(p_id, p_set_aside);
    end if;
    update public.articles_meta as a
       set title = p_article ->> 'title',
           slug = v_slug,
           body = p_article ->> 'body',
           excerpt = p_article ->> 'excerpt',
           hero_image_url = p_article ->> 'hero_image_url',
           image_reference = nullif(p_article ->> 'image_reference', ''),
           hero_image_alt = case when p_article ? 'hero_image_alt'
                                 then nullif(btrim(p_article ->> 'hero_image_alt'), '') else a.hero_image_alt end,
           hero_image_caption = case when p_article ? 'hero_image_caption'
                                     then nullif(btrim(p_article ->> 'hero_image_caption'), '') else a.hero_image_caption end,
           status = coalesce(p_article ->> 'status', a.status),
           is_report = coalesce((p_article ->> 'is_report')::boolean, a.is_report),
           pdf_url = nullif(p_article ->> 'pdf_url', ''),
           primary_category_id = v_primary,
           show_edited_tag = coalesce((p_article ->> 'show_edited_tag')::boolean, a.show_edited_tag),
           seo = coalesce(p_article -> 'seo', a.seo),
           published_at = case
             when not v_has_publish_at then a.published_at
             when v_publish_at is not null then v_publish_at
             when coalesce(p_article ->> 'status', a.status) = 'published' and a.published_at > now() then now()
             else a.published_at end
     where a.id = p_id
    returning a.id into v_id;
  end if;
  if v_categories is distinct from coalesce((select array_agg(ac.category_id order by ac.display_order)
                                               from public.article_categories ac where ac.article_id = v_id), '{}') then
    delete from public.article_categories ac where ac.article_id = v_id;
    insert into public.article_categories (article_id, category_id, display_order)
      select v_id, u.category_id, (u.n - 1)::int
        from unnest(v_categories) with ordinality as u(category_id, n);
  end if;
  select a.content_version into v_version from public.articles_meta a where a.id = v_id;
  if p_save_key is not null then
    perform private.keep_save_receipt(p_save_key, v_id, v_slug, v_version);
  end if;
  return query select v_id, v_slug, v_version, private.publish_head();
end
$$;

