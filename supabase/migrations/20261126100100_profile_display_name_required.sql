-- A profile's display name is required and has one length limit, the form's and the database's
-- (issue 28). The input allowed 100 characters and the database 80, so a long name reached the
-- editor as the raw text 'violates check constraint "profiles_display_name_check"'; a blank name,
-- which the form refuses, could be stored by a handcrafted update.
--
-- The limit is DISPLAY_NAME_MAX_CHARS in src/lib/rules/profile/profile-rules.ts
-- (tests/integration/profile-display-name.test.ts reads this constraint and compares). A profile that
-- never had a name keeps null: an account made without one (the sign-up trigger stores none for a
-- blank name), which the site shows as 'Unknown User' (reader-site.md §9). Once named, a save may
-- not make it blank.

alter table public.profiles drop constraint profiles_display_name_check;

update public.profiles set display_name = null where btrim(display_name) = '';

alter table public.profiles
  add constraint profiles_display_name_check
  check (char_length(btrim(display_name)) between 1 and 80);

comment on constraint profiles_display_name_check on public.profiles is
  'Display name required and at most 80 characters when set (DISPLAY_NAME_MAX_CHARS); null: never named.';
