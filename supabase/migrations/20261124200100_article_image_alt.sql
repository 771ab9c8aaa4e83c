-- The hero image's text alternative and caption (issue 16). Until now every image had alt="":
-- screen-reader users and link previews (og:image:alt) learnt nothing about the picture.
-- alt is at most 125 characters (what screen readers read comfortably in one go); the caption is
-- the visible line under the hero, beside the credit (image_reference). Both are optional: empty
-- means the page falls back to the spec's text-only behaviour.

alter table public.articles_meta
  add column hero_image_alt text check (char_length(hero_image_alt) <= 125),
  add column hero_image_caption text check (char_length(hero_image_caption) <= 300);

comment on column public.articles_meta.hero_image_alt is
  'Text alternative of hero_image_url for screen readers and og:image:alt, at most 125 characters.';
comment on column public.articles_meta.hero_image_caption is
  'Visible caption under the hero image (the credit stays in image_reference).';

-- Editable by staff like the other content columns; select stays public (table-level grant),
-- and the row-level policies of articles_meta already decide which rows anyone may touch.
grant insert (hero_image_alt, hero_image_caption) on public.articles_meta to authenticated;
grant update (hero_image_alt, hero_image_caption) on public.articles_meta to authenticated;
