-- The article form's last fields and what happens to a save after it (issues 12 and 16):
--   * the hero image's alt text and caption (columns from 20261124200100) are saved by
--     save_article and count as content (collisions, content version);
--   * 'Publish now' or a date and time: save_article writes published_at from p_article's
--     'publish_at' (an ISO timestamp; null or '' = now);
--   * the publish state the form and My Articles show after saving ('Live', 'Building…',
--     'Failed: …', 'Scheduled for …'), read from the database's own publish outbox, so it is
--     right whichever worker (or build hook) builds the site.

-- ------------------------------------------------------------------ content version
-- Same rule as before, with the alt text, the caption and the publication time as content.
create or replace function private.advance_content_version() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.content_version := 1;
    new.content_txid := txid_current();
    new.content_edited_by := (select auth.uid());
    return new;
  end if;
  if new.content_version is distinct from old.content_version
     or row(new.title, new.slug, new.excerpt, new.body, new.hero_image_url, new.image_reference, new.status,
            new.is_report, new.pdf_url, new.primary_category_id, new.show_edited_tag, new.seo,
            new.hero_image_alt, new.hero_image_caption, new.published_at)
        is distinct from
        row(old.title, old.slug, old.excerpt, old.body, old.hero_image_url, old.image_reference, old.status,
            old.is_report, old.pdf_url, old.primary_category_id, old.show_edited_tag, old.seo,
            old.hero_image_alt, old.hero_image_caption, old.published_at) then
    if old.content_txid is not distinct from txid_current() then
      new.content_version := old.content_version;
    else
      new.content_version := old.content_version + 1;
      new.content_txid := txid_current();
    end if;
    new.content_edited_by := coalesce((select auth.uid()), old.content_edited_by);
  else
    new.content_version := old.content_version;
    new.content_txid := old.content_txid;
    new.content_edited_by := old.content_edited_by;
  end if;
  return new;
end
$$;

-- ------------------------------------------------------------------ the save
-- As 20261124400100's save, plus hero_image_alt, hero_image_caption and the publication time:
--   'publish_at' absent        → published_at unchanged (older clients);
--   'publish_at' a timestamp   → published_at = that moment (a future one schedules the article);
--   'publish_at' null or ''    → 'Publish now': a new article gets now() from the articles
--                                trigger; a scheduled one (published_at still ahead) goes live
--                                now; an article already live keeps its date.
-- It also returns publish_seq, the newest publish-outbox entry when the save committed: the
-- save is live once a build that includes that entry is (article_publish_state()).
drop function public.save_article(bigint, jsonb, bigint[], bigint, bigint, uuid, jsonb);
create function public.save_article(
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
revoke execute on function public.save_article(bigint, jsonb, bigint[], bigint, bigint, uuid, jsonb) from public, anon;
grant execute on function public.save_article(bigint, jsonb, bigint[], bigint, bigint, uuid, jsonb) to authenticated, service_role;

-- ------------------------------------------------------------------ publish state
-- The newest outbox entry (0 when none): what a save must see built to be live.
create function private.publish_head() returns bigint
language sql stable security definer set search_path = ''
as $$ select coalesce(max(id), 0) from private.publish_outbox $$;
revoke execute on function private.publish_head() from public, anon;
grant execute on function private.publish_head() to authenticated, service_role;

-- A failed build leaves its entries unbuilt (the worker retries them); it records why, so the
-- dashboard can say 'Failed: …' until a later build succeeds.
alter table private.publish_outbox add column build_error text;

create function public.publish_mark_failed(up_to bigint, error text) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  marked integer;
begin
  if not private.is_trusted() then
    raise exception 'Only the service role reports builds' using errcode = '42501';
  end if;
  update private.publish_outbox o set build_error = left(coalesce(error, 'build failed'), 300)
   where o.id <= up_to and o.built_at is null;
  get diagnostics marked = row_count;
  return marked;
end
$$;
revoke execute on function public.publish_mark_failed(bigint, text) from public, anon, authenticated;
grant execute on function public.publish_mark_failed(bigint, text) to service_role;

-- Where an article's saved state stands on the public site, for whoever may edit it:
--   'draft'      not public (draft status);         'archived'  archived;
--   'scheduled'  published, published_at ahead (scheduled_for says when);
--   'building'   public, and a change of it (or one saved up to p_seq) is not built yet;
--   'failed'     as building, but the last build with it failed (error says why);
--   'live'       public, and every change of it is built.
-- p_seq is the save's publish_seq: entries up to it count, whichever article they belong to (a
-- category or author change also renders this article's page).
create function public.article_publish_state(p_id bigint, p_seq bigint default null)
returns table (state text, scheduled_for timestamptz, error text)
language plpgsql stable security definer set search_path = ''
as $$
declare
  a record;
  unbuilt record;
begin
  select m.id, m.status, m.archived_at, m.published_at, m.author_id into a
    from public.articles_meta m where m.id = p_id;
  if a.id is null or not (private.is_admin() or (private.is_staff() and a.author_id = (select auth.uid()))) then
    raise exception 'No article found.' using errcode = 'P0002';
  end if;
  if a.archived_at is not null then
    return query select 'archived'::text, null::timestamptz, null::text;
    return;
  end if;
  if a.status <> 'published' then
    return query select 'draft'::text, null::timestamptz, null::text;
    return;
  end if;
  if a.published_at > now() then
    return query select 'scheduled'::text, a.published_at, null::text;
    return;
  end if;
  select count(*) as n, (array_agg(o.build_error order by o.id desc) filter (where o.build_error is not null))[1] as err
    into unbuilt
    from private.publish_outbox o
   where o.built_at is null
     and (o.id <= coalesce(p_seq, 0)
          or (o.payload ->> 'table' in ('articles_meta', 'article_categories')
              and p_id in ((o.payload -> 'record' ->> 'id')::bigint, (o.payload -> 'old_record' ->> 'id')::bigint,
                           (o.payload -> 'record' ->> 'article_id')::bigint,
                           (o.payload -> 'old_record' ->> 'article_id')::bigint)));
  if unbuilt.n = 0 then
    return query select 'live'::text, null::timestamptz, null::text;
  elsif unbuilt.err is not null then
    return query select 'failed'::text, null::timestamptz, unbuilt.err;
  else
    return query select 'building'::text, null::timestamptz, null::text;
  end if;
end
$$;
revoke execute on function public.article_publish_state(bigint, bigint) from public, anon;
grant execute on function public.article_publish_state(bigint, bigint) to authenticated, service_role;
