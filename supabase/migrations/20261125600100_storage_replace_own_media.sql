-- Issue 13, storage: only the uploader or an admin may replace article and event media.
-- (Public buckets no longer listing their objects, found at the same time, is closed by
-- 20261125500100_security_db_holes.sql.)

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
