/**
 * PostgREST 12 fidelity of the local server's reads: embedding (one-to-one, self references,
 * hints, views, `!inner`, modifiers on embeds), duplicated columns, aliases, relationship errors
 * and multi-column ordering. Expected answers follow PostgREST's documentation and its own test
 * suite; fixtures are tests/fixtures/migrations/99990101000000_fidelity_schema.sql and
 * 99990104000000_rest_fidelity.sql.
 */
import { describe, expect, inject, it } from 'vitest';
import { anonClient, apiUrl } from '../support/clients.ts';

const sb = anonClient();

async function raw(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
  const key = inject('anonKey');
  const res = await fetch(`${apiUrl()}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: key, Authorization: `Bearer ${key}`, ...(init.headers ?? {}) },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

describe('one-to-one and to-one embeds', () => {
  it('embeds the referenced side of a unique foreign key as an object', async () => {
    const { data, error } = await sb.from('fx_profiles').select('bio, fx_authors(name)').order('author_id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { bio: 'Covers climate', fx_authors: { name: 'Amina' } },
      { bio: 'Water desk', fx_authors: { name: 'Bongani' } },
    ]);
  });

  it('embeds the referencing side of a unique foreign key as an object (null when absent)', async () => {
    const { data } = await sb.from('fx_authors').select('name, profile:fx_profiles(bio)').in('id', [2, 3]).order('id');
    expect(data).toEqual([
      { name: 'Bongani', profile: { bio: 'Water desk' } },
      { name: 'Chipo', profile: null },
    ]);
  });

  it('embeds by the foreign-key column used as the target name', async () => {
    const { data, error } = await sb.from('fx_posts').select('id, author_id(name)').eq('id', 3).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 3, author_id: { name: 'Bongani' } });
  });
});

describe('self-referencing relationships', () => {
  it('embeds the parent through the key column as the target (many-to-one)', async () => {
    const { data, error } = await sb.from('fx_categories').select('name, parent:parent_id(name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Environment', parent: null },
      { name: 'Climate', parent: { name: 'Environment' } },
      { name: 'Water', parent: { name: 'Environment' } },
      { name: 'Finance', parent: null },
    ]);
  });

  it('embeds the children with the table name and a column hint (one-to-many), nested', async () => {
    const { data, error } = await sb
      .from('fx_categories')
      .select('name, children:fx_categories!parent_id(name, children:fx_categories!parent_id(name))')
      .order('name', { referencedTable: 'children', ascending: false })
      .in('id', [1, 4])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: 'Environment',
        children: [
          { name: 'Water', children: [] },
          { name: 'Climate', children: [] },
        ],
      },
      { name: 'Finance', children: [] },
    ]);
  });

  it('embeds the parent of a parent, and the children with no hint at all', async () => {
    const { data, error } = await sb
      .from('fx_categories')
      .select('name, fx_categories(id), up:parent_id(name, up:parent_id(name), fx_categories(id))')
      .order('id', { referencedTable: 'up.fx_categories' })
      .eq('id', 2)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      name: 'Climate',
      fx_categories: [],
      up: { name: 'Environment', up: null, fx_categories: [{ id: 2 }, { id: 3 }] },
    });
  });

  it('accepts only the key column as a hint on a self reference (a constraint name is PGRST200)', async () => {
    for (const hint of ['id', 'fx_categories_parent_id_fkey']) {
      const { error, status } = await sb.from('fx_categories').select(`name, fx_categories!${hint}(name)`);
      expect(status).toBe(400);
      expect(error!.code).toBe('PGRST200');
    }
  });
});

describe('hints on to-many embeds', () => {
  it('picks a to-many relationship by constraint name and by either column of the key', async () => {
    const { data, error } = await sb
      .from('fx_authors')
      .select('name, edited:fx_posts!fx_posts_editor_id_fkey(id), written:fx_posts!author_id(id)')
      .eq('id', 2)
      .order('id', { referencedTable: 'edited' })
      .order('id', { referencedTable: 'written' })
      .single();
    expect(error).toBeNull();
    // Post 4 is a draft: RLS hides it in both embeds.
    expect(data).toEqual({ name: 'Bongani', edited: [{ id: 1 }], written: [{ id: 3 }] });
    // `fx_authors!id` names the referenced column, shared by both keys: ambiguous.
    const both = await sb.from('fx_posts').select('id, fx_authors!id(name)');
    expect(both.status).toBe(300);
    expect(both.error!.code).toBe('PGRST201');
  });

  it('never reaches a view through a key named as the target', async () => {
    const { data, error } = await sb.from('fx_comments').select('id, post:post_id(title)').eq('id', 5).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 5, post: { title: 'Green bonds rally' } });
  });
});

describe('embedding through views', () => {
  it('embeds a table from a view and a view from a table, using the base table keys', async () => {
    const fromView = await sb
      .from('fx_published_posts')
      .select('title, fx_authors!author_id(name), fx_categories(name)')
      .eq('id', 1)
      .single();
    expect(fromView.error).toBeNull();
    expect(fromView.data).toEqual({
      title: 'Solar farms in the Karoo',
      fx_authors: { name: 'Amina' },
      fx_categories: { name: 'Climate' },
    });
    // The view hides the draft post 4: embedding the view shows only published posts.
    const toView = await sb
      .from('fx_authors')
      .select('name, fx_published_posts!author_id(id)')
      .eq('id', 2)
      .order('id', { referencedTable: 'fx_published_posts' })
      .single();
    expect(toView.error).toBeNull();
    expect(toView.data).toEqual({ name: 'Bongani', fx_published_posts: [{ id: 3 }] });
  });

  it('spreads a to-one embed of a view and filters a view embed with !inner', async () => {
    const { data, error } = await sb
      .from('fx_published_posts')
      .select('id, ...fx_authors!author_id(author:name), fx_categories!inner(name)')
      .eq('fx_categories.name', 'Finance')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 3, author: 'Bongani', fx_categories: { name: 'Finance' } },
      { id: 5, author: 'Émile "Q" Ndiaye', fx_categories: { name: 'Finance' } },
    ]);
  });

  it('embeds rows of a table that reference the view’s base table', async () => {
    const { data, error } = await sb
      .from('fx_published_posts')
      .select('id, fx_comments(id)')
      .in('id', [1, 2])
      .order('id')
      .order('id', { referencedTable: 'fx_comments' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, fx_comments: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }] },
      { id: 2, fx_comments: [] },
    ]);
  });
});

describe('!inner, filters, or, order, limit and range on embedded resources', () => {
  it('!inner on a to-many embed keeps only parents with matching children', async () => {
    const { data, error } = await sb
      .from('fx_posts')
      .select('id, fx_comments!inner(author_name)')
      .eq('fx_comments.author_name', 'Thandi')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, fx_comments: [{ author_name: 'Thandi' }] },
      { id: 3, fx_comments: [{ author_name: 'Thandi' }] },
    ]);
  });

  it('!inner counts only the parents it keeps (count=exact with a page)', async () => {
    const { data, count, status, error } = await sb
      .from('fx_posts')
      .select('id, fx_comments!inner(id)', { count: 'exact' })
      .gte('fx_comments.likes', 1)
      .order('id')
      .limit(1);
    expect(error).toBeNull();
    expect(status).toBe(206);
    expect(count).toBe(2);
    expect(data).toEqual([{ id: 1, fx_comments: [{ id: 1 }, { id: 3 }, { id: 4 }] }]);
  });

  it('orders (several columns), limits and offsets the children of each parent', async () => {
    const { data, error } = await sb
      .from('fx_posts')
      .select('id, fx_comments(id, likes)')
      .order('likes', { referencedTable: 'fx_comments', ascending: false, nullsFirst: false })
      .order('created_at', { referencedTable: 'fx_comments', ascending: false })
      .range(1, 2, { referencedTable: 'fx_comments' })
      .in('id', [1, 3])
      .order('id');
    expect(error).toBeNull();
    // Post 1 by likes desc nulls last, then newest: 3 (3), 1 (3), 4 (1), 2 (null); rows 1–2.
    expect(data).toEqual([
      {
        id: 1,
        fx_comments: [
          { id: 1, likes: 3 },
          { id: 4, likes: 1 },
        ],
      },
      { id: 3, fx_comments: [] },
    ]);
  });

  it('takes the newest two comments per post (the issue’s example, raw URL)', async () => {
    const res = await raw(
      'fx_posts?select=id,fx_comments(id)&fx_comments.order=created_at.desc&fx_comments.limit=2&id=in.(1,3)&order=id',
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: 1, fx_comments: [{ id: 4 }, { id: 3 }] },
      { id: 3, fx_comments: [{ id: 5 }] },
    ]);
  });

  it('applies or= and plain filters inside an embed without filtering parents', async () => {
    const { data, error } = await sb
      .from('fx_posts')
      .select('id, fx_comments(id)')
      .or('likes.gte.3,likes.is.null', { referencedTable: 'fx_comments' })
      .neq('fx_comments.author_name', 'Amara')
      .order('id', { referencedTable: 'fx_comments' })
      .in('id', [1, 2])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, fx_comments: [{ id: 1 }, { id: 2 }] },
      { id: 2, fx_comments: [] },
    ]);
  });
});

describe('columns and aliases', () => {
  it('returns the same column selected twice under two keys, and aliased embeds', async () => {
    const { data, error } = await sb
      .from('fx_posts')
      .select('id, title, headline:title, ident:id, writer:fx_authors!author_id(name, called:name)')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      id: 1,
      title: 'Solar farms in the Karoo',
      headline: 'Solar farms in the Karoo',
      ident: 1,
      writer: { name: 'Amina', called: 'Amina' },
    });
  });

  it('embeds the same relation twice under two aliases with different filters', async () => {
    const { data, error } = await sb
      .from('fx_posts')
      .select('id, liked:fx_comments(id), all:fx_comments(id)')
      .gte('liked.likes', 3)
      .order('id', { referencedTable: 'liked' })
      .order('id', { referencedTable: 'all' })
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, liked: [{ id: 1 }, { id: 3 }], all: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }] });
  });
});

describe('relationship errors', () => {
  it('answers 300 PGRST201 with every candidate for an ambiguous embed', async () => {
    const res = await raw('fx_posts?select=id,fx_authors(name)');
    expect(res.status).toBe(300);
    expect(res.body).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'fx_posts' and 'fx_authors'",
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'fx_posts with fx_authors',
          relationship: 'fx_posts_author_id_fkey using fx_posts(author_id) and fx_authors(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'fx_posts with fx_authors',
          relationship: 'fx_posts_editor_id_fkey using fx_posts(editor_id) and fx_authors(id)',
        },
      ],
      hint: "Try changing 'fx_authors' to one of the following: 'fx_authors!fx_posts_author_id_fkey', 'fx_authors!fx_posts_editor_id_fkey'. Find the desired relationship in the 'details' key.",
    });
  });

  it('answers 400 PGRST200 when no relationship fits, with or without a hint', async () => {
    const none = await raw('fx_tags?select=id,fx_authors(name)');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'fx_tags' and 'fx_authors' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'fx_tags' and 'fx_authors' in the schema 'public', but no matches were found.",
      hint: null,
    });
    const badHint = await raw('fx_posts?select=id,fx_authors!nope(name)');
    expect(badHint.status).toBe(400);
    expect(badHint.body).toMatchObject({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'fx_posts' and 'fx_authors' using the hint 'nope' in the schema 'public', but no matches were found.",
    });
  });
});

describe('top-level order by several columns', () => {
  it('orders by several columns with nullsfirst / nullslast', async () => {
    const { data, error } = await sb
      .from('fx_comments')
      .select('id')
      .order('likes', { ascending: false, nullsFirst: true })
      .order('author_name')
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    // likes desc nulls first: 2 (null), 5 (7), then likes 3: Amara (3), Thandi (1), then 4 (1), 6 (0).
    expect(data!.map((r) => r.id)).toEqual([2, 5, 3, 1, 4, 6]);
    const asc = await raw('fx_comments?select=id&order=likes.asc.nullslast,created_at.desc');
    expect((asc.body as { id: number }[]).map((r) => r.id)).toEqual([6, 4, 3, 1, 5, 2]);
  });
});
