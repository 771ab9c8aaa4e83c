/** The benchmark generator: N synthetic published articles through the API, and their removal. */
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../support/clients.ts';
import { SYNTHETIC_PREFIX, generate, removeSynthetic, syntheticArticles } from '../../scripts/seed/generate.ts';

describe('synthetic articles', () => {
  it('are deterministic, slugged by the app rule, and spread over categories and authors', () => {
    const ctx = {
      authorIds: ['a', 'b'],
      categoryIds: [1, 2, 3],
      images: ['x.webp'],
      now: Date.parse('2026-11-22T00:00:00Z'),
    };
    const first = syntheticArticles(0, 50, ctx);
    expect(syntheticArticles(0, 50, ctx)).toEqual(first);
    expect(
      first.rows.every((r) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(r.slug) && r.slug.startsWith(SYNTHETIC_PREFIX)),
    ).toBe(true);
    expect(new Set(first.rows.map((r) => r.slug)).size).toBe(50);
    expect(new Set(first.rows.map((r) => r.author_id))).toEqual(new Set(['a', 'b']));
    expect(first.categories.every((c) => c.length >= 1 && c.every((id) => [1, 2, 3].includes(id)))).toBe(true);
  });

  it('adds N published articles with categories, then removes them', async () => {
    const admin = serviceClient();
    const before = (await anonClient().from('articles_meta').select('*', { count: 'exact', head: true })).count!;
    await generate(admin, 300, () => {});
    expect((await anonClient().from('articles_meta').select('*', { count: 'exact', head: true })).count).toBe(
      before + 300,
    );
    const { data } = await anonClient()
      .from('articles_meta')
      .select('id, article_categories(category_id)')
      .like('slug', `${SYNTHETIC_PREFIX}%`)
      .limit(5);
    expect(data!.every((a) => a.article_categories.length > 0)).toBe(true);
    expect(await removeSynthetic(admin)).toBe(300);
  });
});
