-- The outbox keeps only what is pending (issue 26). Rows built into the live site were kept for
-- a day with their payloads, so an add/remove of 10,000 articles left 20,000 rows behind for the
-- local server's poll to step over. Nothing reads a built row: publish_pending(),
-- article_publish_state() and the webhook delivery look at unbuilt rows only, and publish_head()
-- (the newest id) is only compared with unbuilt ids. A build that is live now deletes its rows.
--
-- The webhook poll looks for the newest undelivered rows; this index holds exactly those in id
-- order, so an empty outbox costs one empty index probe however many delivered rows wait for a
-- build. Same signature for publish_mark_built, so its grants stay as they were.

create index publish_outbox_pending_idx on private.publish_outbox (id)
  where delivered_at is null and built_at is null;

create or replace function public.publish_mark_built(up_to bigint) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  marked integer;
begin
  if not private.is_trusted() then
    raise exception 'Only the service role marks builds' using errcode = '42501';
  end if;
  delete from private.publish_outbox where id <= up_to and built_at is null;
  get diagnostics marked = row_count;
  return marked;
end
$$;

delete from private.publish_outbox where built_at is not null;
