-- The long dashboard lists are paged in the database (issue 28), in an order that ends in id so
-- that a page boundary never splits rows of the same time: Archive by archived_at desc, id desc;
-- Contact Submissions by created_at desc, id desc (with or without the status and form filters);
-- Subscribers by subscribed_at desc nulls last, id desc. These indexes hold exactly those orders,
-- so a page, the last one too, reads its rows from the index instead of sorting every match
-- (npm run bench:dashboard -- --lists; docs/performance.md). The archive and subscriber indexes
-- replace the ones without id; the enquiries' filtered index stays for the filters.
drop index public.articles_meta_archived_at_idx;
create index articles_meta_archived_at_idx on public.articles_meta (archived_at desc, id desc)
  where archived_at is not null;

drop index public.newsletter_subscribers_subscribed_at_idx;
create index newsletter_subscribers_subscribed_at_idx on public.newsletter_subscribers
  (subscribed_at desc nulls last, id desc);

create index contact_submissions_created_idx on public.contact_submissions (created_at desc, id desc);
