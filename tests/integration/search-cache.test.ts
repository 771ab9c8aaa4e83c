/**
 * search_articles keeps its ranked ids per folded term and limit (issue 14: ranking ~1,400
 * matches by word similarity is most of a search's cost at 10,000 articles). What a reader gets
 * must never differ from an uncached search: every change to the search rows is seen by the
 * next call, whoever makes it. (A scheduled article that comes due is in publishing.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, serviceClient } from '../support/clients.ts';
import { buildWorld, makeArticle, type World } from '../support/world.ts';

let world: World;
let anon: SupabaseClient;
beforeAll(async () => {
  world = await buildWorld();
  anon = anonClient();
});

const word = () => `kelpcache${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function search(q: string, max?: number): Promise<number[]> {
  const { data, error } = await anon.rpc('search_articles', { q, ...(max ? { max_results: max } : {}) }).select('id');
  expect(error).toBeNull();
  return (data as { id: number }[]).map((r) => r.id);
}

async function kept(folded: string): Promise<{ result_limit: number; ids: number[]; created_at: string }[]> {
  const { data, error } = await serviceClient().rpc('fx_catalog', {
    query: `select result_limit, ids, created_at from private.search_cache where folded = '${folded}' order by result_limit`,
  });
  if (error) throw new Error(error.message);
  return (data ?? []) as { result_limit: number; ids: number[]; created_at: string }[];
}

describe('the kept search ranking', () => {
  it('is kept per term and limit, and a repeated search is answered from it', async () => {
    const w = word();
    const a = await makeArticle(world.ids.author, { title: `Kelp forests ${w} recover` });
    expect(await search(w.toUpperCase())).toEqual([a]);
    expect(await search(w, 5)).toEqual([a]);
    const entries = await kept(w);
    expect(entries.map((e) => [e.result_limit, e.ids])).toEqual([
      [-1, [a]],
      [5, [a]],
    ]);
    expect(await search(` ${w} `)).toEqual([a]);
    // Answered from the entry: not written again.
    expect((await kept(w))[0]!.created_at).toBe(entries[0]!.created_at);
  });

  it('sees every change of a title, an excerpt, a status or an archive at the next call', async () => {
    const w = word();
    const a = await makeArticle(world.ids.author, { title: `Estuary ${w} dredging` });
    expect(await search(w)).toEqual([a]);

    const b = await makeArticle(world.ids.author2, { title: 'Harbour works', excerpt: `Also ${w} in the bay.` });
    expect(await search(w)).toEqual([a, b]); // title matches rank first

    await serviceClient().from('articles_meta').update({ title: 'Estuary dredging' }).eq('id', a);
    expect(await search(w)).toEqual([b]);

    await serviceClient().from('articles_meta').update({ status: 'draft' }).eq('id', b);
    expect(await search(w)).toEqual([]);

    await serviceClient().from('articles_meta').update({ status: 'published' }).eq('id', b);
    expect(await search(w)).toEqual([b]);

    await serviceClient()
      .from('articles_meta')
      .update({ archived_at: new Date().toISOString(), archived_by: world.ids.admin })
      .eq('id', b);
    expect(await search(w)).toEqual([]);
  });

  it('gives every caller the public results, whoever filled it', async () => {
    const w = word();
    const pub = await makeArticle(world.ids.author, { title: `Wetland ${w} survey` });
    const draft = await makeArticle(world.ids.author, { title: `Wetland ${w} draft`, status: 'draft' });
    // Filled by the draft's own author first…
    const own = await world.clients.author.rpc('search_articles', { q: w }).select('id');
    expect((own.data as { id: number }[]).map((r) => r.id)).toEqual([pub]);
    // …and read by a visitor: the draft is in neither.
    expect(await search(w)).toEqual([pub]);
    expect(await search(w)).not.toContain(draft);
  });
});
