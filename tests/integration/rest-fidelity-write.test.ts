/**
 * PostgREST 12 fidelity of the local server's upserts (status 201 vs 200, counts, the effect
 * re-read as the service role) and of `count=exact` on RPCs by POST, GET and HEAD. Fixtures:
 * tests/fixtures/migrations/99990104000000_rest_fidelity.sql.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { anonClient, apiUrl, serviceClient } from '../support/clients.ts';

const sb = anonClient();
const admin = serviceClient();
const slug = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

async function rowsFor(slugs: string[]) {
  const { data, error } = await admin.from('fx_upserts').select('slug, label, hits').in('slug', slugs).order('slug');
  expect(error).toBeNull();
  return data!;
}

async function raw(path: string, init: RequestInit = {}) {
  const key = inject('anonKey');
  const res = await fetch(`${apiUrl()}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: key, Authorization: `Bearer ${key}`, ...(init.headers ?? {}) },
  });
  const text = await res.text();
  return { status: res.status, text, headers: res.headers };
}

describe('upserts', () => {
  it('merge-duplicates on on_conflict: 201 when a row is inserted, 200 when all were updated', async () => {
    const [a, b] = [slug('a'), slug('b')];
    const first = await sb
      .from('fx_upserts')
      .upsert([{ slug: a, label: 'one', hits: 1 }], { onConflict: 'slug', count: 'exact' })
      .select('slug, label');
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);
    expect(first.count).toBe(1);
    // One update and one insert: still 201, both rows counted and returned.
    const mixed = await sb
      .from('fx_upserts')
      .upsert(
        [
          { slug: a, label: 'two', hits: 2 },
          { slug: b, label: 'new', hits: 5 },
        ],
        { onConflict: 'slug', count: 'exact' },
      )
      .select('slug, label');
    expect(mixed.status).toBe(201);
    expect(mixed.count).toBe(2);
    expect(mixed.data).toHaveLength(2);
    // Only updates: PostgREST 12 answers 200.
    const updated = await sb
      .from('fx_upserts')
      .upsert([{ slug: a, label: 'three', hits: 3 }], { onConflict: 'slug', count: 'exact' })
      .select('label');
    expect(updated.error).toBeNull();
    expect(updated.status).toBe(200);
    expect(updated.count).toBe(1);
    expect(updated.data).toEqual([{ label: 'three' }]);
    const minimal = await sb.from('fx_upserts').upsert({ slug: b, label: 'quiet', hits: 6 }, { onConflict: 'slug' });
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(200);
    expect(await rowsFor([a, b])).toEqual([
      { slug: a, label: 'three', hits: 3 },
      { slug: b, label: 'quiet', hits: 6 },
    ]);
  });

  it('ignore-duplicates keeps the existing row, returns and counts only inserted rows', async () => {
    const [a, b] = [slug('i'), slug('j')];
    await sb.from('fx_upserts').insert({ slug: a, label: 'kept', hits: 1 });
    const res = await sb
      .from('fx_upserts')
      .upsert(
        [
          { slug: a, label: 'ignored', hits: 9 },
          { slug: b, label: 'added', hits: 2 },
        ],
        { onConflict: 'slug', ignoreDuplicates: true, count: 'exact' },
      )
      .select('slug');
    expect(res.error).toBeNull();
    expect(res.status).toBe(201);
    expect(res.count).toBe(1);
    expect(res.data).toEqual([{ slug: b }]);
    expect(await rowsFor([a, b])).toEqual([
      { slug: a, label: 'kept', hits: 1 },
      { slug: b, label: 'added', hits: 2 },
    ]);
  });

  it('merge-duplicates on the primary key by default, with the raw Prefer header', async () => {
    const a = slug('pk');
    const { data } = await sb.from('fx_upserts').insert({ slug: a, label: 'x' }).select('id').single();
    const res = await raw('fx_upserts?columns=id,slug,label', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'resolution=merge-duplicates,count=exact' },
      body: JSON.stringify([{ id: data!.id, slug: a, label: 'y' }]),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('*/1');
    expect(res.headers.get('preference-applied')).toContain('resolution=merge-duplicates');
    expect(await rowsFor([a])).toEqual([{ slug: a, label: 'y', hits: 0 }]);
  });

  it('a conflict without an upsert stays 409 and changes nothing', async () => {
    const a = slug('c');
    await sb.from('fx_upserts').insert({ slug: a, label: 'first' });
    const { error, status } = await sb.from('fx_upserts').insert({ slug: a, label: 'second' });
    expect(status).toBe(409);
    expect(error!.code).toBe('23505');
    expect(await rowsFor([a])).toEqual([{ slug: a, label: 'first', hits: 0 }]);
  });
});

describe('count=exact on RPCs', () => {
  it('counts a set-returning function by POST, with paging', async () => {
    const { data, count, status, error } = await sb
      .rpc('fx_comments_of', { p_post: 1 }, { count: 'exact' })
      .select('id')
      .order('id')
      .range(0, 1);
    expect(error).toBeNull();
    expect(status).toBe(206);
    expect(count).toBe(4);
    expect(data).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('counts by GET and by HEAD (no body, Content-Range only)', async () => {
    const get = await sb.rpc('fx_comments_of', { p_post: 1 }, { get: true, count: 'exact' }).select('id');
    expect(get.error).toBeNull();
    expect(get.count).toBe(4);
    expect(get.data).toHaveLength(4);
    const head = await sb.rpc('fx_comments_of', { p_post: 1 }, { head: true, count: 'exact' });
    expect(head.error).toBeNull();
    expect(head.count).toBe(4);
    expect(head.data).toBeNull();
    const rawHead = await raw('rpc/fx_comments_of?p_post=1', { method: 'HEAD', headers: { Prefer: 'count=exact' } });
    expect(rawHead.status).toBe(200);
    expect(rawHead.text).toBe('');
    expect(rawHead.headers.get('content-range')).toBe('0-3/4');
  });

  it('counts a function returning a set of scalars', async () => {
    const post = await sb.rpc('fx_tag_names', {}, { count: 'exact' });
    expect(post.error).toBeNull();
    expect(post.data).toEqual(['solar', 'water', 'finance']);
    expect(post.count).toBe(3);
    const head = await raw('rpc/fx_tag_names', { method: 'HEAD', headers: { Prefer: 'count=exact' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-range')).toBe('0-2/3');
  });
});
