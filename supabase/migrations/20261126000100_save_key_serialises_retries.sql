-- A retried save that overlaps its first attempt is applied once (issue 25). The dashboard
-- retries a save with the same key when an answer does not arrive; if the first attempt was
-- still running, both passed the receipt check before either had written one, the retry then
-- waited for the first attempt's row lock and, finding the version it started from gone, was
-- refused as a collision (PT409) with its own write. Found by tests/integration/article-collab.test.ts
-- in the PostgreSQL run (PGlite runs one request at a time).
--
-- save_article now takes a transaction-level advisory lock on (caller, key) before it looks for a
-- receipt: the second attempt waits for the first to commit and answers the first's result. Saves
-- without a key, and saves with different keys, do not wait for each other beyond the row lock.
-- Same signature, so its grants stay as 20261125900400_explicit_grants.sql left them.

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

