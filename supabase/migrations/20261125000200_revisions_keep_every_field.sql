-- Revisions keep every field the article form edits (issue 18: "both sides of every collision
-- stay in the revision history, so even the losing value of a field can be restored later").
-- Until now a revision held the title, excerpt, body, status and categories only, so a lost
-- featured image, alt text, caption, PDF, Edited tag or SEO field could not be restored.
-- `fields` holds the rest as one JSON object (null on revisions written before this migration:
-- restoring one of those leaves these fields as they are).

alter table public.article_revisions add column fields jsonb;
comment on column public.article_revisions.fields is
  'The other form fields at this revision: hero_image_url, image_reference, hero_image_alt, hero_image_caption, is_report, pdf_url, show_edited_tag, seo, published_at.';

create function private.article_form_fields(a public.articles_meta) returns jsonb
language sql immutable set search_path = ''
as $$
  select jsonb_build_object(
    'hero_image_url', a.hero_image_url, 'image_reference', a.image_reference,
    'hero_image_alt', a.hero_image_alt, 'hero_image_caption', a.hero_image_caption,
    'is_report', a.is_report, 'pdf_url', a.pdf_url, 'show_edited_tag', a.show_edited_tag,
    'seo', a.seo, 'published_at', a.published_at)
$$;

-- Every content change is a revision now, not only changes of the text, status or categories.
create or replace function private.record_article_revision() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_row jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
  v_article bigint := coalesce(v_row ->> 'article_id', v_row ->> 'id')::bigint;
  kept constant int := 50;
begin
  if tg_table_name = 'articles_meta' and tg_op = 'UPDATE' then
    if row(new.title, new.excerpt, new.body, new.status, new.primary_category_id)
         is not distinct from row(old.title, old.excerpt, old.body, old.status, old.primary_category_id)
       and private.article_form_fields(new) = private.article_form_fields(old) then
      return null;
    end if;
  end if;
  insert into public.article_revisions
    (article_id, editor_id, title, excerpt, body, status, primary_category_id, category_ids, fields)
  select a.id, (select auth.uid()), a.title, a.excerpt, a.body, a.status, a.primary_category_id,
         coalesce((select array_agg(ac.category_id order by ac.display_order)
                     from public.article_categories ac where ac.article_id = a.id), '{}'),
         private.article_form_fields(a)
    from public.articles_meta a
   where a.id = v_article
  on conflict (article_id, txid) where not set_aside do nothing;
  delete from public.article_revisions r
   where r.article_id = v_article
     and r.id not in (select r2.id from public.article_revisions r2
                       where r2.article_id = v_article order by r2.created_at desc, r2.id desc limit kept);
  return null;
end
$$;

-- The set-aside side of a collision: this user's values of every field (what save_article's
-- p_set_aside carries, the same keys as p_article), the stored ones where it has none.
create or replace function private.set_aside_revision(p_article_id bigint, p_mine jsonb) returns void
language sql volatile security definer set search_path = ''
as $$
  insert into public.article_revisions
    (article_id, editor_id, title, excerpt, body, status, primary_category_id, category_ids, set_aside, fields)
  select a.id, (select auth.uid()), coalesce(p_mine ->> 'title', a.title),
         coalesce(p_mine ->> 'excerpt', a.excerpt), coalesce(p_mine ->> 'body', a.body),
         coalesce(p_mine ->> 'status', a.status),
         coalesce((p_mine ->> 'primary_category_id')::bigint, a.primary_category_id),
         coalesce(array(select jsonb_array_elements_text(p_mine -> 'category_ids')::bigint),
                  '{}'),
         true,
         private.article_form_fields(a)
           || jsonb_strip_nulls(jsonb_build_object(
                'hero_image_url', p_mine -> 'hero_image_url', 'image_reference', p_mine -> 'image_reference',
                'hero_image_alt', p_mine -> 'hero_image_alt', 'hero_image_caption', p_mine -> 'hero_image_caption',
                'is_report', p_mine -> 'is_report', 'pdf_url', p_mine -> 'pdf_url',
                'show_edited_tag', p_mine -> 'show_edited_tag', 'seo', p_mine -> 'seo',
                'published_at', p_mine -> 'publish_at'))
    from public.articles_meta a
   where a.id = p_article_id
$$;

-- Restore puts back every field a revision holds except the status and the publication time:
-- publishing, unpublishing and scheduling stay explicit decisions, never a side effect of
-- restoring text. Runs as the caller (RLS and the articles' triggers decide, as for a save).
create or replace function public.restore_article_revision(p_revision_id bigint) returns void
language plpgsql volatile set search_path = ''
as $$
declare
  r public.article_revisions;
  f jsonb;
begin
  select * into r from public.article_revisions where id = p_revision_id;
  if r.id is null then
    raise exception 'Revision not found' using errcode = 'P0002';
  end if;
  f := coalesce(r.fields, '{}'::jsonb);
  update public.articles_meta a
     set title = r.title, excerpt = r.excerpt, body = r.body,
         primary_category_id = case when r.primary_category_id = any (r.category_ids)
                                    then r.primary_category_id else r.category_ids[1] end,
         hero_image_url = case when f ? 'hero_image_url' then f ->> 'hero_image_url' else a.hero_image_url end,
         image_reference = case when f ? 'image_reference' then nullif(f ->> 'image_reference', '') else a.image_reference end,
         hero_image_alt = case when f ? 'hero_image_alt' then nullif(f ->> 'hero_image_alt', '') else a.hero_image_alt end,
         hero_image_caption = case when f ? 'hero_image_caption' then nullif(f ->> 'hero_image_caption', '') else a.hero_image_caption end,
         is_report = case when f ? 'is_report' then (f ->> 'is_report')::boolean else a.is_report end,
         pdf_url = case when f ? 'pdf_url' then nullif(f ->> 'pdf_url', '') else a.pdf_url end,
         show_edited_tag = case when f ? 'show_edited_tag' then (f ->> 'show_edited_tag')::boolean else a.show_edited_tag end,
         seo = case when f ? 'seo' then f -> 'seo' else a.seo end
   where a.id = r.article_id;
  if not found then
    raise exception 'No article found to update.' using errcode = 'P0002';
  end if;
  delete from public.article_categories ac where ac.article_id = r.article_id;
  insert into public.article_categories (article_id, category_id, display_order)
    select r.article_id, u.category_id, (u.n - 1)::int
      from unnest(r.category_ids) with ordinality as u(category_id, n)
     where exists (select 1 from public.categories c where c.id = u.category_id);
end
$$;
