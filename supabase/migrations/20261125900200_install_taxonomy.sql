-- The category taxonomy is product data, not demo content: a production project needs the same
-- tree (with the fixed ids the home page reads, 1 Featured Stories and 27 Opinion) as the demo.
-- `npm run setup:production` and the demo seed both install it through this one function.
--
-- The ids are given, so the identity sequence does not move on its own; it is set past the
-- highest id here, or the first category an admin adds in the dashboard would collide with id 1.
-- Rows that exist (same id or same slug) are left as they are: a newsroom may have renamed a
-- category since, and running the setup again must not undo that.

create function public.install_taxonomy(p_categories jsonb) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  added integer;
begin
  with wanted as (
    select (c ->> 'id')::bigint as id, c ->> 'name' as name, c ->> 'slug' as slug,
           (c ->> 'parent_id')::bigint as parent_id, coalesce((c ->> 'menu_order')::int, 0) as menu_order
      from jsonb_array_elements(p_categories) as c
  ), inserted as (
    insert into public.categories (id, name, slug, parent_id, menu_order)
    overriding system value
    -- Parents before their subcategories: the two-level trigger looks the parent up.
    select id, name, slug, parent_id, menu_order from wanted order by parent_id nulls first, id
    on conflict do nothing
    returning 1
  )
  select count(*) into added from inserted;
  perform setval(pg_get_serial_sequence('public.categories', 'id'),
                 greatest((select max(id) from public.categories), 1));
  return added;
end
$$;
comment on function public.install_taxonomy(jsonb) is
  'Adds the categories of the taxonomy that do not exist yet (by id or slug) and moves the id sequence past them; service role only.';

revoke execute on function public.install_taxonomy(jsonb) from public, anon, authenticated;
grant execute on function public.install_taxonomy(jsonb) to service_role;
