-- Issue 13: public buckets must not hand out the names of their objects (Supabase's lint
-- public_bucket_allows_listing). Public URLs (/object/public/...) are served for public buckets
-- without any SELECT policy, so the "anyone may select" policy only ever served listing: anon
-- could enumerate every file, e.g. PDFs of reports whose articles are not published yet.
-- SELECT stays where the app needs it: staff see the media they upload and replace (upsert needs
-- SELECT), users see their own avatar files (the profile page replaces them with upsert).

drop policy "Media buckets are public to read" on storage.objects;

create policy "Staff see article and event media"
  on storage.objects for select to authenticated
  using (bucket_id in ('article-images', 'event-images', 'article-pdfs') and (select private.is_staff()));

create policy "Users see their own avatar files"
  on storage.objects for select to authenticated
  using (bucket_id = 'avatars' and private.owns_avatar(name));

-- Any staff account could overwrite (x-upsert) any other author's article image, PDF or event
-- image, silently changing a published article. Replacing is now the uploader's or an admin's.
drop policy "Staff replace article and event media" on storage.objects;

create policy "Uploaders and admins replace article and event media"
  on storage.objects for update to authenticated
  using (
    bucket_id in ('article-images', 'event-images', 'article-pdfs')
    and (select private.is_staff())
    and (owner_id = (select auth.uid())::text or (select private.is_admin()))
  )
  with check (bucket_id in ('article-images', 'event-images', 'article-pdfs') and (select private.is_staff()));
