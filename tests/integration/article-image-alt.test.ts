/**
 * The hero image's alt text and caption (issue 16, migration 20261124200100): readable by
 * everyone, written by staff under the same row rules as the other content columns, and the
 * alt text held to 125 characters by the database itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../support/clients.ts';
import { buildWorld, makeArticle, row, type World } from '../support/world.ts';

let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 120_000);

const ALT = 'Illustration: five white wind turbines on rolling green hills under a pale sun and a blue sky.';

describe('articles_meta.hero_image_alt and hero_image_caption', () => {
  it('an author sets both on their own article; anyone reads them once it is published', async () => {
    const id = await makeArticle(w.ids.author, { status: 'published', published_at: new Date().toISOString() });
    const { error } = await w.clients.author
      .from('articles_meta')
      .update({ hero_image_alt: ALT, hero_image_caption: 'Turbines near Jeffreys Bay.' })
      .eq('id', id);
    expect(error).toBeNull();
    const { data } = await anonClient()
      .from('articles_meta')
      .select('hero_image_alt, hero_image_caption')
      .eq('id', id)
      .single();
    expect(data).toEqual({ hero_image_alt: ALT, hero_image_caption: 'Turbines near Jeffreys Bay.' });
  });

  it('an author inserts an article with both fields', async () => {
    const { data, error } = await w.clients.author
      .from('articles_meta')
      .insert({
        title: `Alt text insert ${Date.now()}`,
        slug: `alt-text-insert-${Date.now()}`,
        author_id: w.ids.author,
        hero_image_alt: 'A solar farm.',
        hero_image_caption: 'De Aar, Northern Cape.',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    expect(await row('articles_meta', data!.id)).toMatchObject({ hero_image_alt: 'A solar farm.' });
  });

  it("an author cannot change another author's alt text, nor can a reader or anonymous", async () => {
    for (const actor of ['author', 'reader', 'anon'] as const) {
      await w.clients[actor].from('articles_meta').update({ hero_image_alt: 'Not mine' }).eq('id', w.articles.pubB);
    }
    expect((await row('articles_meta', w.articles.pubB))?.hero_image_alt).not.toBe('Not mine');
  });

  it('refuses alt text over 125 characters', async () => {
    const id = await makeArticle(w.ids.author);
    const { error } = await serviceClient()
      .from('articles_meta')
      .update({ hero_image_alt: 'x'.repeat(126) })
      .eq('id', id);
    expect(error?.code).toBe('23514');
    const ok = await serviceClient()
      .from('articles_meta')
      .update({ hero_image_alt: 'x'.repeat(125) })
      .eq('id', id);
    expect(ok.error).toBeNull();
  });

  it('every seeded article with an image has a description of it', async () => {
    const { data } = await anonClient()
      .from('articles_meta')
      .select('hero_image_url, hero_image_alt')
      .not('hero_image_url', 'is', null)
      .like('hero_image_url', '%/seed/%');
    expect(data!.length).toBeGreaterThanOrEqual(40);
    for (const a of data!) expect(a.hero_image_alt, a.hero_image_url).toMatch(/^Illustration: .{20,}/);
  });
});
