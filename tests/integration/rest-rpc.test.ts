/** PostgREST RPC fidelity: /rpc/<fn> with POST and GET, every kind of return value. */
import { describe, expect, it } from 'vitest';
import { anonClient } from '../support/clients.ts';
import { userClient } from '../support/tokens.ts';

const sb = anonClient();

describe('rpc', () => {
  it('calls a scalar function with named arguments (POST)', async () => {
    const { data, error, status } = await sb.rpc('fx_add', { a: 2, b: 3 });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe(5);
  });

  it('uses argument defaults and GET with arguments in the query string', async () => {
    const { data, error } = await sb.rpc('fx_add', { a: 7 }, { get: true });
    expect(error).toBeNull();
    expect(data).toBe(17);
  });

  it('accepts JSON arrays for array parameters', async () => {
    expect((await sb.rpc('fx_sum_array', { nums: [1, 2, 3, 4] })).data).toBe(10);
  });

  it('passes the whole body to a single unnamed json parameter', async () => {
    const payload = { nested: { list: [1, 'two', null] }, ok: true };
    expect((await sb.rpc('fx_echo', payload)).data).toEqual(payload);
  });

  it('treats setof-table results as a relation: select, embed, filter, order, count', async () => {
    const { data, error, count } = await sb
      .rpc('fx_search_posts', { q: 'solar' }, { count: 'exact' })
      .select('id, author:fx_authors!author_id(name)')
      .order('id', { ascending: false });
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect(data).toEqual([
      { id: 5, author: { name: 'Émile "Q" Ndiaye' } },
      { id: 1, author: { name: 'Amina' } },
    ]);
    const filtered = await sb.rpc('fx_search_posts', { q: 'solar' }).select('id').gt('views', 100);
    expect(filtered.data).toEqual([{ id: 1 }]);
  });

  it('returns RETURNS TABLE rows as an array of objects', async () => {
    const { data } = await sb.rpc('fx_author_stats').eq('author_id', 1);
    expect(data).toEqual([{ author_id: 1, posts: 2, total_views: 200 }]);
  });

  it('returns a single composite as an object and setof scalars as an array', async () => {
    expect((await sb.rpc('fx_first_author').select('id, name')).data).toEqual({ id: 1, name: 'Amina' });
    expect((await sb.rpc('fx_tag_names')).data).toEqual(['solar', 'water', 'finance']);
  });

  it('answers 204 and null data for a void function, and its effect is committed', async () => {
    const before = (await sb.from('fx_authors').select('big').eq('id', 3).single()).data!.big ?? 0;
    const { data, error, status } = await sb.rpc('fx_touch', { author: 3 });
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
    expect((await sb.from('fx_authors').select('big').eq('id', 3).single()).data!.big).toBe(before + 1);
  });

  it('refuses a volatile function over GET (read-only transaction, 405)', async () => {
    const { error, status } = await sb.rpc('fx_touch', { author: 3 }, { get: true });
    expect(status).toBe(405);
    expect(error!.code).toBe('25006');
  });

  it('reports RAISE EXCEPTION as 400 with message and hint', async () => {
    const { error, status } = await sb.rpc('fx_fail', { msg: 'Quota exceeded' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'P0001', message: 'Quota exceeded', hint: 'fixture hint' });
  });

  it('answers PGRST202 for an unknown function or argument set', async () => {
    const unknown = await sb.rpc('fx_nope');
    expect(unknown.status).toBe(404);
    expect(unknown.error!.code).toBe('PGRST202');
    const wrongArgs = await sb.rpc('fx_add', { x: 1 });
    expect(wrongArgs.error!.code).toBe('PGRST202');
    expect(wrongArgs.error!.message).toBe('Could not find the function public.fx_add(x) in the schema cache');
  });

  it('sets role, claims and request headers for the function, as PostgREST does', async () => {
    const anon = await sb.rpc('fx_whoami');
    expect(anon.data).toMatchObject({ uid: null, role: 'anon', user: 'anon', method: 'POST' });
    expect(anon.data.header_ua).toMatch(/^supabase-js/);
    const user = userClient();
    const signed = await user.client.rpc('fx_whoami');
    expect(signed.data).toMatchObject({ uid: user.sub, role: 'authenticated', user: 'authenticated' });
  });
});
