/**
 * The article form's schedule, alt text and caption, and the publish state it shows after a save
 * (issues 12 and 16): save_article writes published_at from 'publish_at' and the hero image's
 * texts; article_publish_state answers 'scheduled', 'building', 'failed' or 'live' from the
 * publish outbox the worker marks, for whoever may edit the article and nobody else.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../support/clients.ts';
import { buildWorld, type World } from '../support/world.ts';

let w: World;
const admin = serviceClient();
const t = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
let cat: number;

beforeAll(async () => {
  w = await buildWorld();
  cat = (await admin.from('categories').select('id').order('id').limit(1)).data![0]!.id as number;
}, 120_000);

const article = (title: string, extra: object = {}) => ({
  title,
  body: '<p>Body</p>',
  excerpt: 'An excerpt',
  hero_image_url: 'https://example.test/a.webp',
  status: 'published',
  seo: { seoTitle: title, metaDescription: 'D', keywords: [], focusKeyword: '' },
  ...extra,
});

interface Saved {
  article_id: number;
  content_version: number;
  publish_seq: number;
}

async function save(client = w.clients.author, id: number | null, body: object, base: number | null = null) {
  const { data, error } = await client.rpc('save_article', {
    p_id: id,
    p_article: body,
    p_category_ids: [cat],
    p_base_version: base,
  });
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return (data as Saved[])[0]!;
}

async function state(id: number, seq: number | null = null, client = w.clients.author) {
  const { data, error } = await client.rpc('article_publish_state', { p_id: id, p_seq: seq });
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return (data as { state: string; scheduled_for: string | null; error: string | null }[])[0]!;
}

const row = async (id: number) =>
  (await admin.from('articles_meta').select('*').eq('id', id).single()).data as Record<string, unknown>;

const markAllBuilt = async () => {
  const pending = await admin.rpc('publish_pending').single<{ up_to: number | null }>();
  if (pending.data?.up_to) await admin.rpc('publish_mark_built', { up_to: pending.data.up_to });
};

describe('scheduling through the form’s save', () => {
  it('a future publish_at schedules the article: private, and its state says when', async () => {
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const saved = await save(w.clients.author, null, article(`Scheduled ${t()}`, { publish_at: at }));
    expect(new Date((await row(saved.article_id)).published_at as string).toISOString()).toBe(at);
    const seen = await anonClient().from('articles_meta').select('id').eq('id', saved.article_id);
    expect(seen.data).toEqual([]);
    const s = await state(saved.article_id, saved.publish_seq);
    expect(s.state).toBe('scheduled');
    expect(new Date(s.scheduled_for!).toISOString()).toBe(at);
  });

  it("'Publish now' on a scheduled article makes it public now; on a live one it keeps the date", async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const first = await save(w.clients.author, null, article(`Now ${t()}`, { publish_at: at }));
    const before = Date.now();
    const now = await save(w.clients.author, first.article_id, article(`Now ${t()}`, { publish_at: null }), 1);
    const after = Date.now();
    // The time of this save (the database's clock is this machine's).
    const publishedAt = new Date((await row(first.article_id)).published_at as string).getTime();
    expect(publishedAt).toBeGreaterThanOrEqual(before);
    expect(publishedAt).toBeLessThanOrEqual(after);
    const live = await anonClient().from('articles_meta').select('id').eq('id', first.article_id);
    expect(live.data).toHaveLength(1);

    const again = await save(
      w.clients.author,
      first.article_id,
      article(`Now edited ${t()}`, { publish_at: null }),
      now.content_version,
    );
    expect(again.content_version).toBe(now.content_version + 1);
    expect(new Date((await row(first.article_id)).published_at as string).getTime()).toBe(publishedAt);
  });

  it('without publish_at (older clients) the publication time is left as it is', async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const first = await save(w.clients.author, null, article(`Keep ${t()}`, { publish_at: at }));
    await save(w.clients.author, first.article_id, article(`Keep ${t()}`), 1);
    expect(new Date((await row(first.article_id)).published_at as string).toISOString()).toBe(at);
  });
});

describe('hero image alt text and caption', () => {
  it('are saved trimmed, count as content, and empty means none', async () => {
    const title = `Alt ${t()}`;
    const first = await save(
      w.clients.author,
      null,
      article(title, { hero_image_alt: '  Solar panels on a school roof ', hero_image_caption: 'Soweto, 2026' }),
    );
    expect(await row(first.article_id)).toMatchObject({
      hero_image_alt: 'Solar panels on a school roof',
      hero_image_caption: 'Soweto, 2026',
    });
    const second = await save(
      w.clients.author,
      first.article_id,
      article(title, { hero_image_alt: 'Panels', hero_image_caption: '' }),
      first.content_version,
    );
    expect(second.content_version).toBe(first.content_version + 1);
    expect(await row(first.article_id)).toMatchObject({ hero_image_alt: 'Panels', hero_image_caption: null });
  });

  it('alt text longer than 125 characters is refused', async () => {
    const { error } = await w.clients.author.rpc('save_article', {
      p_id: null,
      p_article: article(`Long alt ${t()}`, { hero_image_alt: 'x'.repeat(126) }),
      p_category_ids: [cat],
    });
    expect(error?.code).toBe('23514');
  });
});

describe('article_publish_state', () => {
  it('follows a save from building to live, and reports a failed build until one succeeds', async () => {
    await markAllBuilt();
    const saved = await save(w.clients.author, null, article(`Build ${t()}`));
    expect(saved.publish_seq).toBeGreaterThan(0);
    expect((await state(saved.article_id, saved.publish_seq)).state).toBe('building');

    const failed = await admin.rpc('publish_mark_failed', { up_to: saved.publish_seq, error: 'astro build exited 1' });
    expect(failed.error).toBeNull();
    expect(await state(saved.article_id, saved.publish_seq)).toMatchObject({
      state: 'failed',
      error: 'astro build exited 1',
    });

    await admin.rpc('publish_mark_built', { up_to: saved.publish_seq });
    expect((await state(saved.article_id, saved.publish_seq)).state).toBe('live');
  });

  it('an unbuilt change of the article itself counts even without the sequence', async () => {
    await markAllBuilt();
    const saved = await save(w.clients.author, null, article(`Own ${t()}`));
    expect((await state(saved.article_id)).state).toBe('building');
    await markAllBuilt();
    expect((await state(saved.article_id)).state).toBe('live');
  });

  it('a draft is a draft', async () => {
    const saved = await save(w.clients.author, null, article(`Draft ${t()}`, { status: 'draft' }));
    expect((await state(saved.article_id, saved.publish_seq)).state).toBe('draft');
  });

  it('is answered to the article’s author and admins only', async () => {
    const saved = await save(w.clients.author, null, article(`Private ${t()}`));
    expect((await state(saved.article_id, null, w.clients.admin)).state).toMatch(/building|live/);
    for (const client of [w.clients.author2, w.clients.reader, anonClient()]) {
      const { error } = await client.rpc('article_publish_state', { p_id: saved.article_id });
      expect(error).not.toBeNull();
    }
  });

  it('only the service role records a failed build', async () => {
    for (const client of [anonClient(), w.clients.reader, w.clients.admin]) {
      const { error } = await client.rpc('publish_mark_failed', { up_to: 1, error: 'x' });
      expect(error).not.toBeNull();
    }
  });
});
