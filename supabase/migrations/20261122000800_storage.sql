-- Media buckets. All are public-read (pages embed them); writes follow roles: staff upload
-- article images, PDFs and event images; each user manages only their own avatar files.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('article-images', 'article-images', true, 10485760, array['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']),
  ('event-images', 'event-images', true, 10485760, array['image/jpeg', 'image/png', 'image/webp', 'image/avif']),
  ('article-pdfs', 'article-pdfs', true, 31457280, array['application/pdf']),
  ('avatars', 'avatars', true, 2097152, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Avatar files are named "<user id>-avatar-<timestamp>.<ext>" (or live under "<user id>/").
create function private.owns_avatar(object_name text) returns boolean
language sql stable set search_path = ''
as $$
  select (select auth.uid()) is not null
     and (object_name like (select auth.uid())::text || '-avatar-%'
          or (storage.foldername(object_name))[1] = (select auth.uid())::text)
$$;
grant execute on function private.owns_avatar(text) to anon, authenticated, service_role;

create policy "Media buckets are public to read"
  on storage.objects for select
  using (bucket_id in ('article-images', 'event-images', 'article-pdfs', 'avatars'));

create policy "Staff upload article and event media"
  on storage.objects for insert to authenticated
  with check (bucket_id in ('article-images', 'event-images', 'article-pdfs') and (select private.is_staff()));

create policy "Staff replace article and event media"
  on storage.objects for update to authenticated
  using (bucket_id in ('article-images', 'event-images', 'article-pdfs') and (select private.is_staff()))
  with check (bucket_id in ('article-images', 'event-images', 'article-pdfs') and (select private.is_staff()));

create policy "Admins delete article and event media"
  on storage.objects for delete to authenticated
  using (bucket_id in ('article-images', 'event-images', 'article-pdfs') and (select private.is_admin()));

create policy "Users upload their own avatar"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and private.owns_avatar(name));

create policy "Users replace their own avatar"
  on storage.objects for update to authenticated
  using (bucket_id = 'avatars' and private.owns_avatar(name))
  with check (bucket_id = 'avatars' and private.owns_avatar(name));

create policy "Users delete their own avatar"
  on storage.objects for delete to authenticated
  using (bucket_id = 'avatars' and private.owns_avatar(name));

create policy "Anyone sees the public buckets"
  on storage.buckets for select
  using (public);
