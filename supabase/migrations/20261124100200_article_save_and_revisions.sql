-- The article form's save as one transaction, the SEO fields it edits, and revision history
-- written by the database itself.

-- ------------------------------------------------------------------ SEO fields
-- The spec's saves drop the SEO panel; we keep it so the public page can use the editor's SEO
-- title and meta description when present: {seoTitle, metaDescription, keywords[], focusKeyword}.
alter table public.articles_meta
  add column seo jsonb not null default '{}'::jsonb
    check (jsonb_typeof(seo) = 'object' and octet_length(seo::text) <= 8000);
comment on column public.articles_meta.seo is
  'SEO panel of the article form: seoTitle, metaDescription, keywords (≤ 20), focusKeyword.';
grant insert (seo), update (seo) on public.articles_meta to authenticated;

-- ------------------------------------------------------------------ slugs
-- The first free slug among base, base-1, base-2, … ignoring the article itself. Security
-- definer: a slug taken by someone else's draft (invisible to the caller) is still taken.
create function private.free_article_slug(p_base text, p_exclude bigint) returns text
language plpgsql stable security definer set search_path = ''
as $$
declare
  base text := coalesce(nullif(left(private.slugify(p_base), 300), ''), 'article');
  candidate text := base;
  n int := 0;
begin
  while exists (select 1 from public.articles_meta a
                 where a.slug = candidate and a.id is distinct from p_exclude) loop
    n := n + 1;
    candidate := base || '-' || n;
  end loop;
  return candidate;
end
$$;
grant execute on function private.free_article_slug(text, bigint) to authenticated, service_role;

-- ------------------------------------------------------------------ the save
-- Create (p_id null) or edit one article and replace its categories in one transaction, so a
-- failed save never leaves an article without categories. Runs as the caller: RLS and the
-- column privileges decide what may be written. The slug is derived from the title (spec §5).
create function public.save_article(
  p_id bigint,
  p_article jsonb,
  p_category_ids bigint[],
  p_primary_category_id bigint default null
) returns table (article_id bigint, article_slug text)
language plpgsql volatile set search_path = ''
as $$
declare
  v_id bigint;
  v_slug text := private.free_article_slug(p_article ->> 'title', p_id);
  v_categories bigint[] := coalesce(p_category_ids, '{}');
  v_primary bigint;
begin
  if not private.is_staff() then
    raise exception 'Only staff can save articles' using errcode = '42501';
  end if;
  v_primary := case when p_primary_category_id = any (v_categories) then p_primary_category_id
                    else v_categories[1] end;
  if p_id is null then
    insert into public.articles_meta as a
      (title, slug, body, excerpt, hero_image_url, image_reference, status, is_report, pdf_url,
       primary_category_id, show_edited_tag, author_id, seo)
    values (p_article ->> 'title', v_slug, p_article ->> 'body', p_article ->> 'excerpt',
            p_article ->> 'hero_image_url', nullif(p_article ->> 'image_reference', ''),
            coalesce(p_article ->> 'status', 'draft'), coalesce((p_article ->> 'is_report')::boolean, false),
            nullif(p_article ->> 'pdf_url', ''), v_primary, false, (select auth.uid()),
            coalesce(p_article -> 'seo', '{}'::jsonb))
    returning a.id into v_id;
  else
    update public.articles_meta as a
       set title = p_article ->> 'title',
           slug = v_slug,
           body = p_article ->> 'body',
           excerpt = p_article ->> 'excerpt',
           hero_image_url = p_article ->> 'hero_image_url',
           image_reference = nullif(p_article ->> 'image_reference', ''),
           status = coalesce(p_article ->> 'status', a.status),
           is_report = coalesce((p_article ->> 'is_report')::boolean, a.is_report),
           pdf_url = nullif(p_article ->> 'pdf_url', ''),
           primary_category_id = v_primary,
           show_edited_tag = coalesce((p_article ->> 'show_edited_tag')::boolean, a.show_edited_tag),
           seo = coalesce(p_article -> 'seo', a.seo)
     where a.id = p_id and a.archived_at is null
    returning a.id into v_id;
    if v_id is null then
      raise exception 'No article found to update.' using errcode = 'P0002';
    end if;
  end if;
  delete from public.article_categories ac where ac.article_id = v_id;
  insert into public.article_categories (article_id, category_id, display_order)
    select v_id, u.category_id, (u.n - 1)::int
      from unnest(v_categories) with ordinality as u(category_id, n);
  return query select v_id, v_slug;
end
$$;
revoke execute on function public.save_article(bigint, jsonb, bigint[], bigint) from public, anon;
grant execute on function public.save_article(bigint, jsonb, bigint[], bigint) to authenticated, service_role;

-- ------------------------------------------------------------------ revisions
create table public.article_revisions (
  id bigint generated by default as identity primary key,
  article_id bigint not null references public.articles_meta (id) on delete cascade,
  created_at timestamptz not null default now(),
  editor_id uuid references public.profiles (id) on delete set null,
  -- One revision per article per transaction: a save touches the row and its categories.
  txid bigint not null default txid_current(),
  title text not null,
  excerpt text,
  body text,
  status text not null,
  primary_category_id bigint,
  category_ids bigint[] not null default '{}',
  constraint article_revisions_one_per_transaction unique (article_id, txid)
);
comment on table public.article_revisions is
  'Content history of articles, written by trigger at commit; the newest 50 per article are kept.';
create index article_revisions_article_idx on public.article_revisions (article_id, created_at desc);
create index article_revisions_editor_idx on public.article_revisions (editor_id);

alter table public.article_revisions enable row level security;
revoke all on public.article_revisions from anon, authenticated;
grant select on public.article_revisions to authenticated;

create policy "Whoever may edit an article reads its revisions"
  on public.article_revisions for select to authenticated
  using (private.can_edit_article(article_id));

-- Records the article as it stands when the transaction commits (deferred), so a save that
-- changes the row and then its categories gives one revision with both. Only content changes
-- count: set main, archive and restore write none.
create function private.record_article_revision() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  -- One function for both tables: read the article id through jsonb, whose fields need not exist.
  v_row jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
  v_article bigint := coalesce(v_row ->> 'article_id', v_row ->> 'id')::bigint;
  kept constant int := 50;
begin
  if tg_table_name = 'articles_meta' and tg_op = 'UPDATE' then
    if row(new.title, new.excerpt, new.body, new.status, new.primary_category_id)
       is not distinct from row(old.title, old.excerpt, old.body, old.status, old.primary_category_id) then
      return null;
    end if;
  end if;
  insert into public.article_revisions
    (article_id, editor_id, title, excerpt, body, status, primary_category_id, category_ids)
  select a.id, (select auth.uid()), a.title, a.excerpt, a.body, a.status, a.primary_category_id,
         coalesce((select array_agg(ac.category_id order by ac.display_order)
                     from public.article_categories ac where ac.article_id = a.id), '{}')
    from public.articles_meta a
   where a.id = v_article
  on conflict (article_id, txid) do nothing;
  delete from public.article_revisions r
   where r.article_id = v_article
     and r.id not in (select r2.id from public.article_revisions r2
                       where r2.article_id = v_article order by r2.created_at desc, r2.id desc limit kept);
  return null;
end
$$;

create constraint trigger articles_meta_revision
  after insert or update on public.articles_meta
  deferrable initially deferred
  for each row execute function private.record_article_revision();

create constraint trigger article_categories_revision
  after insert or update or delete on public.article_categories
  deferrable initially deferred
  for each row execute function private.record_article_revision();

-- Restore: puts a revision's title, excerpt, body and categories back through the same save
-- rules (RLS as the caller); the restore itself becomes the newest revision.
create function public.restore_article_revision(p_revision_id bigint) returns void
language plpgsql volatile set search_path = ''
as $$
declare
  r public.article_revisions;
begin
  select * into r from public.article_revisions where id = p_revision_id;
  if r.id is null then
    raise exception 'Revision not found' using errcode = 'P0002';
  end if;
  update public.articles_meta a
     set title = r.title, excerpt = r.excerpt, body = r.body,
         primary_category_id = case when r.primary_category_id = any (r.category_ids)
                                    then r.primary_category_id else r.category_ids[1] end
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
revoke execute on function public.restore_article_revision(bigint) from public, anon;
grant execute on function public.restore_article_revision(bigint) to authenticated, service_role;
