/**
 * PostgREST read fidelity: the real supabase-js client against the local server over the
 * fixture schema (tests/fixtures/migrations). Results are asserted as supabase-js surfaces them.
 */
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../support/clients.ts';
import { userClient } from '../support/tokens.ts';

const sb = anonClient();

describe('select', () => {
  it('returns columns, aliases, casts and JSON paths with Postgres JSON types', async () => {
    const { data, error, status } = await sb
      .from('fx_authors')
      .select(
        'id, label:name, rating, rating_text:rating::text, big, big_text:big::text, born, meta->>city, first_lang:meta->langs->0, tags, created_at',
      )
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toMatchObject({
      id: 1,
      label: 'Amina',
      rating: 4.5,
      rating_text: '4.5',
      big_text: '9007199254740993',
      born: '1990-04-01',
      city: 'Nairobi',
      first_lang: 'sw',
      tags: ['climate', 'energy'],
    });
    // int8 arrives as a JSON number (not a string), exactly as PostgREST renders it.
    expect(typeof data!.big).toBe('number');
    expect(data!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
  });

  it('returns [] and not an error for no rows', async () => {
    const { data, error } = await sb.from('fx_authors').select('id').eq('id', -1);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

describe('embedding through foreign keys', () => {
  it('many-to-one as an object, disambiguated by column and by constraint name', async () => {
    const { data, error } = await sb
      .from('fx_posts')
      .select('id, author:fx_authors!author_id(name), editor:fx_authors!fx_posts_editor_id_fkey(name)')
      .in('id', [1, 2])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, author: { name: 'Amina' }, editor: { name: 'Bongani' } },
      { id: 2, author: { name: 'Amina' }, editor: null },
    ]);
  });

  it('one-to-many as an array, [] when there are no children', async () => {
    const { data } = await sb.from('fx_authors').select('name, fx_posts!author_id(id)').in('id', [1, 3]).order('id');
    expect(data).toEqual([
      { name: 'Amina', fx_posts: [{ id: 1 }, { id: 2 }] },
      { name: 'Chipo', fx_posts: [] },
    ]);
  });

  it('one-to-one (unique referencing key) as an object', async () => {
    const { data } = await sb.from('fx_authors').select('name, fx_profiles(bio)').in('id', [1, 3]).order('id');
    expect(data).toEqual([
      { name: 'Amina', fx_profiles: { bio: 'Covers climate' } },
      { name: 'Chipo', fx_profiles: null },
    ]);
  });

  it('many-to-many through a junction table, with order and limit inside the embed', async () => {
    const { data } = await sb
      .from('fx_posts')
      .select('id, fx_tags(name)')
      .eq('id', 1)
      .order('name', { referencedTable: 'fx_tags', ascending: false })
      .limit(1, { referencedTable: 'fx_tags' })
      .single();
    expect(data).toEqual({ id: 1, fx_tags: [{ name: 'solar' }] });
  });

  it('nested embeds and the junction rows themselves', async () => {
    const { data } = await sb
      .from('fx_posts')
      .select('id, fx_post_tags(position, fx_tags(name)), fx_authors!author_id(name, fx_profiles(bio))')
      .eq('id', 1)
      .single();
    expect(data).toEqual({
      id: 1,
      fx_post_tags: expect.arrayContaining([
        { position: 0, fx_tags: { name: 'solar' } },
        { position: 1, fx_tags: { name: 'finance' } },
      ]),
      fx_authors: { name: 'Amina', fx_profiles: { bio: 'Covers climate' } },
    });
  });

  it('embedded filters trim children; !inner filters parents', async () => {
    const trimmed = await sb
      .from('fx_posts')
      .select('id, fx_tags(name)')
      .eq('fx_tags.name', 'finance')
      .in('id', [1, 2])
      .order('id');
    expect(trimmed.data).toEqual([
      { id: 1, fx_tags: [{ name: 'finance' }] },
      { id: 2, fx_tags: [] },
    ]);
    const inner = await sb.from('fx_posts').select('id, fx_tags!inner(name)').eq('fx_tags.name', 'finance').order('id');
    expect(inner.data!.map((p) => p.id)).toEqual([1, 3]);
  });

  it('filters parents on an embed being null or not null', async () => {
    const withEditor = await sb
      .from('fx_posts')
      .select('id, editor:fx_authors!editor_id(name)')
      .not('editor', 'is', null)
      .order('id');
    expect(withEditor.data!.map((p) => p.id)).toEqual([1, 3, 5]);
    const without = await sb
      .from('fx_posts')
      .select('id, editor:fx_authors!editor_id(name)')
      .is('editor', null)
      .order('id');
    expect(without.data!.map((p) => p.id)).toEqual([2]);
  });

  it('spreads a to-one embed into the parent', async () => {
    const { data } = await sb
      .from('fx_posts')
      .select('id, ...fx_authors!author_id(author_name:name)')
      .eq('id', 3)
      .single();
    expect(data).toEqual({ id: 3, author_name: 'Bongani' });
  });

  it('counts children with the legacy rel(count) embed', async () => {
    const { data } = await sb.from('fx_authors').select('name, fx_posts!author_id(count)').eq('id', 1).single();
    expect(data).toEqual({ name: 'Amina', fx_posts: [{ count: 2 }] });
  });

  it('orders parents by a to-one embed column', async () => {
    const { data } = await sb
      .from('fx_posts')
      .select('id, author:fx_authors!author_id(name)')
      .order('author(name)', { ascending: false })
      .order('id');
    expect(data!.map((p) => p.id)).toEqual([5, 3, 1, 2]);
  });

  it('answers PGRST201 (HTTP 300) with the candidates when the embed is ambiguous', async () => {
    const { error, status } = await sb.from('fx_posts').select('id, fx_authors(name)');
    expect(status).toBe(300);
    expect(error!.code).toBe('PGRST201');
    expect(error!.details).toHaveLength(2);
    expect(error!.hint).toContain('fx_authors!fx_posts_author_id_fkey');
  });

  it('answers PGRST200 when nothing relates the two tables', async () => {
    const { error, status } = await sb.from('fx_tags').select('id, fx_authors(name)');
    expect(status).toBe(400);
    expect(error!.code).toBe('PGRST200');
  });
});

describe('filters', () => {
  const ids = async (q: PromiseLike<{ data: { id: number }[] | null; error: unknown }>) => {
    const { data, error } = await q;
    expect(error).toBeNull();
    return data!.map((r) => r.id).sort((a, b) => a - b);
  };
  const posts = () => sb.from('fx_posts').select('id');
  const authors = () => sb.from('fx_authors').select('id').lte('id', 4);

  it.each([
    ['eq', () => posts().eq('views', 80), [2]],
    ['neq', () => posts().neq('views', 80), [1, 3, 5]],
    ['gt', () => posts().gt('views', 100), [1, 3]],
    ['gte', () => posts().gte('views', 120), [1, 3]],
    ['lt', () => posts().lt('views', 80), [5]],
    ['lte', () => posts().lte('views', 80), [2, 5]],
    ['like', () => posts().like('title', '%Gauteng%'), [2]],
    ['ilike', () => posts().ilike('title', '%SOLAR%'), [1]],
    ['is null', () => posts().is('published_at', null), [3]],
    ['not is null', () => posts().not('published_at', 'is', null), [1, 2, 5]],
    ['in', () => posts().in('id', [1, 3, 99]), [1, 3]],
    ['in with an empty list', () => posts().in('id', []), []],
    ['contains (array)', () => authors().contains('tags', ['energy']), [1, 4]],
    ['contained by (array)', () => authors().containedBy('tags', ['water', 'energy', 'climate']), [1, 2, 3]],
    ['overlaps (array)', () => authors().overlaps('tags', ['water', 'finance']), [2, 4]],
    ['contains (jsonb)', () => authors().contains('meta', { city: 'Durban' }), [2]],
    ['JSON path', () => authors().eq('meta->>city', 'Dakar'), [4]],
    ['fts on a tsvector', () => posts().textSearch('fts', 'solar & farms', { config: 'english' }), [1]],
    ['plain fts', () => posts().textSearch('fts', 'green bonds', { type: 'plain', config: 'english' }), [3]],
    ['phrase fts', () => posts().textSearch('fts', 'water restrictions', { type: 'phrase', config: 'english' }), [2]],
    ['websearch fts', () => posts().textSearch('fts', 'solar -karoo', { type: 'websearch', config: 'english' }), [5]],
    ['or', () => posts().or('views.gt.150,title.ilike.*water*'), [2, 3]],
    ['or with nested and', () => posts().or('id.eq.5,and(views.gte.100,published_at.is.null)'), [3, 5]],
    ['not', () => posts().not('title', 'ilike', '%solar%'), [2, 3, 5]],
    ['match', () => posts().match({ author_id: 1, views: 120 }), [1]],
    ['ilikeAnyOf', () => posts().ilikeAnyOf('title', ['%bonds%', '%karoo%']), [1, 3]],
    ['quoted value with a comma', () => authors().in('name', ['Émile "Q" Ndiaye', 'Amina']), [1, 4]],
  ] as const)('%s', async (_name, query, expected) => {
    expect(await ids(query() as never)).toEqual(expected);
  });

  it('is accent- and case-preserving: text is compared as Postgres compares it', async () => {
    expect(await ids(posts().ilike('title', 'énergie%') as never)).toEqual([5]);
  });
});

describe('order, paging and counts', () => {
  it('orders with nulls first or last', async () => {
    const last = await sb.from('fx_posts').select('id').order('published_at', { ascending: false, nullsFirst: false });
    expect(last.data!.map((r) => r.id)).toEqual([5, 2, 1, 3]);
    const first = await sb.from('fx_posts').select('id').order('published_at', { ascending: true, nullsFirst: true });
    expect(first.data!.map((r) => r.id)).toEqual([3, 1, 2, 5]);
  });

  it('pages with range and reports the total in count (206 when partial)', async () => {
    const { data, count, status } = await sb.from('fx_posts').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(data).toEqual([{ id: 2 }, { id: 3 }]);
    expect(count).toBe(4);
    expect(status).toBe(206);
  });

  it('counts with head: true and no body', async () => {
    const { data, count, status } = await sb.from('fx_posts').select('*', { count: 'exact', head: true });
    expect(data).toBeNull();
    expect(count).toBe(4);
    expect(status).toBe(200);
  });

  it('answers 416 PGRST103 for an offset past the end', async () => {
    const { error, status } = await sb.from('fx_posts').select('id', { count: 'exact' }).range(10, 12);
    expect(status).toBe(416);
    expect(error!.code).toBe('PGRST103');
  });

  it('caps unbounded reads at db-max-rows (1000), like hosted Supabase', async () => {
    const { data } = await sb.rpc('fx_series', { n: 1500 });
    expect(data).toHaveLength(1000);
  });
});

describe('single and maybeSingle', () => {
  it('single() returns the object for exactly one row', async () => {
    const { data, status } = await sb.from('fx_tags').select('name').eq('id', 2).single();
    expect(status).toBe(200);
    expect(data).toEqual({ name: 'water' });
  });

  it('single() on no rows is 406 PGRST116', async () => {
    const { data, error, status } = await sb.from('fx_tags').select('name').eq('id', 999).single();
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error!.code).toBe('PGRST116');
  });

  it('single() on several rows is 406 PGRST116', async () => {
    const { error } = await sb.from('fx_tags').select('name').single();
    expect(error!.code).toBe('PGRST116');
    expect(error!.details).toContain('3 rows');
  });

  it('maybeSingle() on no rows is null without error', async () => {
    const { data, error } = await sb.from('fx_tags').select('name').eq('id', 999).maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });
});

describe('row-level security and grants are enforced by Postgres', () => {
  it('hides rows the select policy excludes (the draft post)', async () => {
    const { data } = await sb.from('fx_posts').select('id').eq('id', 4);
    expect(data).toEqual([]);
    const admin = await serviceClient().from('fx_posts').select('id').eq('id', 4);
    expect(admin.data).toEqual([{ id: 4 }]);
  });

  it('refuses a table without grants: 401 for anon, 403 for a signed-in user', async () => {
    const anon = await sb.from('fx_secrets').select('*');
    expect(anon.status).toBe(401);
    expect(anon.error!.code).toBe('42501');
    const user = await userClient().client.from('fx_secrets').select('*');
    expect(user.status).toBe(403);
    expect(user.error!.code).toBe('42501');
  });

  it('honours column grants: granted columns with filters, order and embeds work; * does not', async () => {
    const { data, error } = await sb
      .from('fx_people')
      .select('name, fx_authors(name)')
      .eq('name', 'Zanele')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Zanele', fx_authors: { name: 'Amina' } }]);
    const star = await sb.from('fx_people').select('*');
    expect(star.status).toBe(401);
    expect(star.error!.code).toBe('42501');
    const secret = await sb.from('fx_people').select('secret');
    expect(secret.error!.code).toBe('42501');
  });

  it('lets the service role bypass RLS', async () => {
    const { data } = await serviceClient().from('fx_secrets').select('value');
    expect(data).toEqual([{ value: 'top secret' }]);
  });
});
