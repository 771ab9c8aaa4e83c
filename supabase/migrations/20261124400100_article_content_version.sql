-- Two people, one article (issue 18): a content version the database advances, a save that
-- refuses a stale or missing one, a save retried after a lost response applied once, and both
-- sides of a collision kept in the revision history.

-- ------------------------------------------------------------------ the version
-- content_version moves once per transaction that changes what the article form edits (the row's
-- form fields or the categories). Set main, archive/restore, a new author, the publish clock and
-- counters do not move it, so they never count as a collision for the text being edited.
-- content_txid remembers the transaction that last moved it (row and categories → one step);
-- content_edited_by is whoever moved it (the '{name}' of the merge dialog).
alter table public.articles_meta
  add column content_version bigint not null default 1,
  add column content_txid bigint,
  add column content_edited_by uuid references public.profiles (id) on delete set null;
comment on column public.articles_meta.content_version is
  'Advanced by the database once per transaction that changes the form''s fields or the categories; save_article refuses a save that did not start from it.';
create index articles_meta_content_edited_by_idx on public.articles_meta (content_edited_by);

create function private.advance_content_version() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.content_version := 1;
    new.content_txid := txid_current();
    new.content_edited_by := (select auth.uid());
    return new;
  end if;
  -- A different content_version is the categories trigger below asking for a step.
  if new.content_version is distinct from old.content_version
     or row(new.title, new.slug, new.excerpt, new.body, new.hero_image_url, new.image_reference, new.status,
            new.is_report, new.pdf_url, new.primary_category_id, new.show_edited_tag, new.seo)
        is distinct from
        row(old.title, old.slug, old.excerpt, old.body, old.hero_image_url, old.image_reference, old.status,
            old.is_report, old.pdf_url, old.primary_category_id, old.show_edited_tag, old.seo) then
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

create trigger articles_meta_content_version
  before insert or update on public.articles_meta
  for each row execute function private.advance_content_version();

-- A change of an article's categories is a change of its content. Security definer: the caller
-- has no privilege on content_version (and need not: they already changed the categories).
create function private.category_change_advances_version() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_article bigint := case when tg_op = 'DELETE' then old.article_id else new.article_id end;
begin
  update public.articles_meta a
     set content_version = a.content_version + 1
   where a.id = v_article and a.content_txid is distinct from txid_current();
  return null;
end
$$;

create trigger article_categories_content_version
  after insert or update or delete on public.article_categories
  for each row execute function private.category_change_advances_version();

-- ------------------------------------------------------------------ saves applied once
-- The receipt of each save, keyed by the idempotency key the form sends: a save retried after a
-- lost response returns the first attempt's result instead of being applied again. Kept a day.
create table private.article_save_receipts (
  user_id uuid not null,
  save_key uuid not null,
  article_id bigint not null,
  article_slug text not null,
  content_version bigint not null,
  created_at timestamptz not null default now(),
  primary key (user_id, save_key)
);
create index article_save_receipts_created_at_idx on private.article_save_receipts (created_at);

-- ------------------------------------------------------------------ both sides in history
-- A collision resolved with 'Use theirs' would lose this user's value of the field: the save
-- records it first as a set-aside revision (never the current one), so it can be restored later.
alter table public.article_revisions add column set_aside boolean not null default false;
comment on column public.article_revisions.set_aside is
  'This user''s side of a collision that was not saved (they chose the other side); restorable like any revision.';
alter table public.article_revisions drop constraint article_revisions_one_per_transaction;
create unique index article_revisions_one_per_transaction on public.article_revisions (article_id, txid)
  where not set_aside;

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
  on conflict (article_id, txid) where not set_aside do nothing;
  delete from public.article_revisions r
   where r.article_id = v_article
     and r.id not in (select r2.id from public.article_revisions r2
                       where r2.article_id = v_article order by r2.created_at desc, r2.id desc limit kept);
  return null;
end
$$;

-- Security definer: receipts and set-aside revisions are not writable by clients. The caller's
-- right to edit the article was checked by save_article before either is written.
create function private.set_aside_revision(p_article_id bigint, p_mine jsonb) returns void
language sql volatile security definer set search_path = ''
as $$
  insert into public.article_revisions
    (article_id, editor_id, title, excerpt, body, status, primary_category_id, category_ids, set_aside)
  select a.id, (select auth.uid()), coalesce(p_mine ->> 'title', a.title),
         coalesce(p_mine ->> 'excerpt', a.excerpt), coalesce(p_mine ->> 'body', a.body),
         coalesce(p_mine ->> 'status', a.status),
         coalesce((p_mine ->> 'primary_category_id')::bigint, a.primary_category_id),
         coalesce(array(select jsonb_array_elements_text(p_mine -> 'category_ids')::bigint),
                  '{}'),
         true
    from public.articles_meta a
   where a.id = p_article_id
$$;

create function private.save_receipt(p_key uuid)
returns table (article_id bigint, article_slug text, content_version bigint)
language sql stable security definer set search_path = ''
as $$
  select r.article_id, r.article_slug, r.content_version from private.article_save_receipts r
   where r.user_id = (select auth.uid()) and r.save_key = p_key
$$;

create function private.keep_save_receipt(p_key uuid, p_article_id bigint, p_slug text, p_version bigint) returns void
language sql volatile security definer set search_path = ''
as $$
  delete from private.article_save_receipts where created_at < now() - interval '1 day';
  insert into private.article_save_receipts (user_id, save_key, article_id, article_slug, content_version)
  values ((select auth.uid()), p_key, p_article_id, p_slug, p_version);
$$;
revoke execute on function private.set_aside_revision(bigint, jsonb), private.save_receipt(uuid),
  private.keep_save_receipt(uuid, bigint, text, bigint) from public, anon;
grant execute on function private.set_aside_revision(bigint, jsonb), private.save_receipt(uuid),
  private.keep_save_receipt(uuid, bigint, text, bigint) to authenticated, service_role;

-- ------------------------------------------------------------------ the save
-- Replaces part 1's save: an edit must say which content_version it started from
-- (p_base_version). Refusals, each with its own code so the form can tell them apart:
--   PT428 no base version given (a blind overwrite);
--   PT409 the stored version moved on (detail: who moved it, hint: the stored version);
--   PT410 the article was archived (detail: who archived it);
--   P0002 no article the caller may edit.
-- p_save_key makes a retry of the same save return the first result without writing again.
-- Categories are rewritten only when they differ, so an unchanged list is not a change.
drop function public.save_article(bigint, jsonb, bigint[], bigint);
create function public.save_article(
  p_id bigint,
  p_article jsonb,
  p_category_ids bigint[],
  p_primary_category_id bigint default null,
  p_base_version bigint default null,
  p_save_key uuid default null,
  p_set_aside jsonb default null
) returns table (article_id bigint, article_slug text, content_version bigint)
language plpgsql volatile set search_path = ''
as $$
declare
  v_id bigint;
  v_slug text := private.free_article_slug(p_article ->> 'title', p_id);
  v_categories bigint[] := coalesce(p_category_ids, '{}');
  v_primary bigint;
  v_stored record;
  v_version bigint;
begin
  if not private.is_staff() then
    raise exception 'Only staff can save articles' using errcode = '42501';
  end if;
  if p_save_key is not null then
    return query select * from private.save_receipt(p_save_key);
    if found then
      return;
    end if;
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
           status = coalesce(p_article ->> 'status', a.status),
           is_report = coalesce((p_article ->> 'is_report')::boolean, a.is_report),
           pdf_url = nullif(p_article ->> 'pdf_url', ''),
           primary_category_id = v_primary,
           show_edited_tag = coalesce((p_article ->> 'show_edited_tag')::boolean, a.show_edited_tag),
           seo = coalesce(p_article -> 'seo', a.seo)
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
  return query select v_id, v_slug, v_version;
end
$$;
revoke execute on function public.save_article(bigint, jsonb, bigint[], bigint, bigint, uuid, jsonb) from public, anon;
grant execute on function public.save_article(bigint, jsonb, bigint[], bigint, bigint, uuid, jsonb) to authenticated, service_role;
