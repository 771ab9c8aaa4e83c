-- An event's link is a web address a reader can open: http(s), a host with a dot, no spaces, at
-- most 1,000 characters. The form stores 'www.example.org' as 'https://www.example.org' and words
-- anything else with the catalogue's message (events/event-rules.ts holds the same pattern); this
-- is the same rule for a handcrafted call. Before, the check only asked for an http(s) prefix,
-- so 'https://not a link' was stored. A stored link the rule refuses is trimmed, else cleared.
update public.events set link = nullif(btrim(link), '') where link is distinct from nullif(btrim(link), '');
update public.events set link = null
 where link is not null and link !~* '^https?://[^\s/?#.]+(\.[^\s/?#.]+)+(:\d+)?([/?#]\S*)?$';

alter table public.events drop constraint events_link_check;
alter table public.events add constraint events_link_check check (
  char_length(link) <= 1000 and link ~* '^https?://[^\s/?#.]+(\.[^\s/?#.]+)+(:\d+)?([/?#]\S*)?$'
);
