/**
 * Two people, one article (issue 18): the content version, the save that refuses a stale or
 * missing one, a retried save applied once, and the presence marks. In the PostgreSQL run, saves
 * that really overlap too (PGlite runs one request at a time).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import { buildWorld, type World } from '../support/world.ts';

let w: World;
const admin = serviceClient();
const t = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
let cats: number[];

beforeAll(async () => {
  w = await buildWorld();
  cats = (await admin.from('categories').select('id').order('id').limit(3)).data!.map((c) => c.id as number);
}, 120_000);

const article = (title: string, extra: object = {}) => ({
  title,
  body: '<p>Body</p>',
  excerpt: 'An excerpt',
  hero_image_url: 'https://example.test/a.webp',
  status: 'draft',
  seo: {},
  ...extra,
});

interface Saved {
  article_id: number;
  article_slug: string;
  content_version: number;
}

async function create(title = `Collab ${t()}`): Promise<Saved> {
  const { data, error } = await w.clients.author.rpc('save_article', {
    p_id: null,
    p_article: article(title),
    p_category_ids: [cats[0]],
  });
  expect(error).toBeNull();
  return (data as Saved[])[0]!;
}

async function stored(id: number) {
  const row = (await admin.from('articles_meta').select('*').eq('id', id).single()).data!;
  const links = (
    await admin.from('article_categories').select('category_id').eq('article_id', id).order('display_order')
  ).data!.map((r) => r.category_id as number);
  return { row, links };
}

describe('content version and the save rule', () => {
  it('a save with the current version succeeds and advances it by one (row and categories together)', async () => {
    const a = await create();
    expect(a.content_version).toBe(1);
    const { data, error } = await w.clients.author.rpc('save_article', {
      p_id: a.article_id,
      p_article: article(`Changed ${t()}`),
      p_category_ids: [cats[1], cats[2]],
      p_base_version: 1,
    });
    expect(error).toBeNull();
    expect((data as Saved[])[0]!.content_version).toBe(2);
    expect((await stored(a.article_id)).row.content_version).toBe(2);
  });

  it('a save with an older version is refused (PT409, who changed it) and changes nothing', async () => {
    const a = await create();
    const title = `Admin fix ${t()}`;
    expect(
      (
        await w.clients.admin.rpc('save_article', {
          p_id: a.article_id,
          p_article: article(title),
          p_category_ids: [cats[0]],
          p_base_version: 1,
        })
      ).error,
    ).toBeNull();
    const before = await stored(a.article_id);
    const stale = await w.clients.author.rpc('save_article', {
      p_id: a.article_id,
      p_article: article(`Author ${t()}`),
      p_category_ids: [cats[2]],
      p_base_version: 1,
    });
    expect(stale.error!.code).toBe('PT409');
    expect(stale.error!.details).toBeTruthy();
    expect(stale.error!.hint).toBe('2');
    expect(await stored(a.article_id)).toEqual(before);
    expect(before.row.title).toBe(title);
  });

  it('a save that does not say which version it started from is refused (PT428) and changes nothing', async () => {
    const a = await create();
    const before = await stored(a.article_id);
    const blind = await w.clients.author.rpc('save_article', {
      p_id: a.article_id,
      p_article: article(`Blind ${t()}`),
      p_category_ids: [cats[1]],
    });
    expect(blind.error!.code).toBe('PT428');
    expect(await stored(a.article_id)).toEqual(before);
  });

  it('a save retried with the same key is applied once and answers the first result', async () => {
    const a = await create();
    const key = randomUUID();
    const args = {
      p_id: a.article_id,
      p_article: article(`Retried ${t()}`, { body: '<p>Once</p>' }),
      p_category_ids: [cats[1]],
      p_base_version: 1,
      p_save_key: key,
    };
    const first = await w.clients.author.rpc('save_article', args);
    const retry = await w.clients.author.rpc('save_article', args);
    expect(retry.error).toBeNull();
    expect(retry.data).toEqual(first.data);
    expect((await stored(a.article_id)).row.content_version).toBe(2);
    const { count } = await admin
      .from('article_revisions')
      .select('id', { count: 'exact', head: true })
      .eq('article_id', a.article_id);
    expect(count).toBe(2);
    const newKey = randomUUID();
    const createArgs = {
      p_id: null,
      p_article: article(`Created once ${t()}`),
      p_category_ids: [],
      p_save_key: newKey,
    };
    const c1 = await w.clients.author.rpc('save_article', createArgs);
    const c2 = await w.clients.author.rpc('save_article', createArgs);
    expect(c2.error).toBeNull();
    expect(c2.data).toEqual(c1.data);
  });

  it('a save of unchanged values does not move the version', async () => {
    const a = await create();
    const row = (await stored(a.article_id)).row;
    const { data } = await w.clients.author.rpc('save_article', {
      p_id: a.article_id,
      p_article: article(row.title as string),
      p_category_ids: [cats[0]],
      p_base_version: 1,
    });
    expect((data as Saved[])[0]!.content_version).toBe(1);
  });

  it('set main, archive and restore, a new author and the publish clock do not move the version', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const a = await create();
    await w.clients.author.rpc('save_article', {
      p_id: a.article_id,
      p_article: article(`Scheduled ${t()}`, { status: 'published' }),
      p_category_ids: [cats[0]],
      p_base_version: 1,
    });
    await admin.from('articles_meta').update({ published_at: soon }).eq('id', a.article_id);
    const version = (await stored(a.article_id)).row.content_version;
    await new Promise((r) => setTimeout(r, 1600));
    expect((await admin.rpc('publish_due')).error).toBeNull();
    expect((await w.clients.admin.rpc('set_main_article', { p_article_id: a.article_id })).error).toBeNull();
    await w.clients.admin.from('articles_meta').update({ author_id: w.ids.author2 }).eq('id', a.article_id);
    await w.clients.admin
      .from('articles_meta')
      .update({ archived_at: new Date().toISOString() })
      .eq('id', a.article_id);
    await w.clients.admin.from('articles_meta').update({ archived_at: null }).eq('id', a.article_id);
    expect((await stored(a.article_id)).row.content_version).toBe(version);
  });

  it('a save on an article archived meanwhile is refused (PT410, who archived it) and changes nothing', async () => {
    const a = await create();
    await w.clients.admin
      .from('articles_meta')
      .update({ archived_at: new Date().toISOString() })
      .eq('id', a.article_id);
    const before = await stored(a.article_id);
    const res = await w.clients.author.rpc('save_article', {
      p_id: a.article_id,
      p_article: article(`Late ${t()}`),
      p_category_ids: [cats[1]],
      p_base_version: 1,
    });
    expect(res.error!.code).toBe('PT410');
    expect(res.error!.details).toBeTruthy();
    expect(await stored(a.article_id)).toEqual(before);
  });

  it('a merged save keeps this user’s losing side as a set-aside revision', async () => {
    const a = await create();
    await w.clients.admin.rpc('save_article', {
      p_id: a.article_id,
      p_article: article('Theirs title ' + t()),
      p_category_ids: [cats[0]],
      p_base_version: 1,
    });
    const mine = `Mine title ${t()}`;
    const res = await w.clients.author.rpc('save_article', {
      p_id: a.article_id,
      p_article: article((await stored(a.article_id)).row.title as string, { body: '<p>Mine</p>' }),
      p_category_ids: [cats[0]],
      p_base_version: 2,
      p_set_aside: { title: mine, body: '<p>Mine</p>', category_ids: [cats[0]] },
    });
    expect(res.error).toBeNull();
    const revs = (
      await admin.from('article_revisions').select('title, set_aside').eq('article_id', a.article_id).order('id')
    ).data!;
    expect(revs.map((r) => r.set_aside)).toEqual([false, false, true, false]);
    expect(revs[2]!.title).toBe(mine);
  });

  it('deleting an article with categories still works', async () => {
    const a = await create();
    expect((await admin.from('articles_meta').delete().eq('id', a.article_id)).error).toBeNull();
  });
});

/**
 * Two saves in flight at once, on PostgreSQL's pool. To make them overlap for certain, a session of
 * the test's own holds the article's row lock while both are sent; once PostgreSQL shows both
 * waiting on a lock, it lets go and they race.
 */
async function overlapping(id: number, send: () => PromiseLike<unknown>[]): Promise<unknown[]> {
  const holder = new pg.Client({ connectionString: inject('clusterUrl') });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query('select id from public.articles_meta where id = $1 for update', [id]);
    // supabase-js sends when a result is asked for: ask now.
    const calls = send().map((call) => Promise.resolve(call));
    const waiting = async () =>
      Number(
        (await holder.query<{ n: string }>(`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock'`))
          .rows[0]!.n,
      );
    while ((await waiting()) < calls.length) await new Promise((r) => setTimeout(r, 20));
    await holder.query('commit');
    return await Promise.all(calls);
  } finally {
    await holder.end();
  }
}

const revisionCount = async (id: number) =>
  (await admin.from('article_revisions').select('id', { count: 'exact', head: true }).eq('article_id', id)).count;

// Registered only in the PostgreSQL run (npm run test:integration:pg), so nothing is skipped:
// on PGlite requests run one at a time and the sequential cases above are the whole story.
if (inject('engineKind') === 'postgres')
  describe('saves that overlap (PostgreSQL)', () => {
    it('two saves from the same version at once: one wins, the other gets the collision, nothing lost', async () => {
      const a = await create();
      const mine = `Author at once ${t()}`;
      const theirs = `Admin at once ${t()}`;
      const save = (who: 'author' | 'admin', title: string, category: number) =>
        w.clients[who].rpc('save_article', {
          p_id: a.article_id,
          p_article: article(title, { body: `<p>${title}</p>` }),
          p_category_ids: [category],
          p_base_version: 1,
        });
      const results = (await overlapping(a.article_id, () => [
        save('author', mine, cats[1]!),
        save('admin', theirs, cats[2]!),
      ])) as Awaited<ReturnType<typeof save>>[];
      const won = results.filter((r) => r.error === null);
      const refused = results.filter((r) => r.error !== null);
      expect(won).toHaveLength(1);
      expect(refused.map((r) => [r.error!.code, r.error!.hint])).toEqual([['PT409', '2']]);
      const winner = results[0] === won[0] ? { title: mine, cat: cats[1] } : { title: theirs, cat: cats[2] };
      expect((won[0]!.data as Saved[])[0]!.content_version).toBe(2);
      // The row and its categories are the winner's, whole; the loser was told, so its edit is
      // still in its form (the dashboard offers the merge), not overwritten unseen.
      const now = await stored(a.article_id);
      expect(now.row).toMatchObject({ title: winner.title, body: `<p>${winner.title}</p>`, content_version: 2 });
      expect(now.links).toEqual([winner.cat]);
      expect(refused[0]!.error!.details).toBeTruthy();
      // One revision for the create, one for the winner: nothing half-applied by the loser.
      expect(await revisionCount(a.article_id)).toBe(2);
    });

    it('a retry that overlaps the first attempt with the same key is applied once, with no collision', async () => {
      const a = await create();
      const args = {
        p_id: a.article_id,
        p_article: article(`Retried at once ${t()}`, { body: '<p>Once</p>' }),
        p_category_ids: [cats[1]],
        p_base_version: 1,
        p_save_key: randomUUID(),
      };
      const save = () => w.clients.author.rpc('save_article', args);
      const [first, retry] = (await overlapping(a.article_id, () => [save(), save()])) as Awaited<
        ReturnType<typeof save>
      >[];
      expect([first!.error, retry!.error]).toEqual([null, null]);
      expect(retry!.data).toEqual(first!.data);
      expect((first!.data as Saved[])[0]!.content_version).toBe(2);
      expect((await stored(a.article_id)).row.content_version).toBe(2);
      expect(await revisionCount(a.article_id)).toBe(2);
    });
  });

describe('presence marks', () => {
  it('are readable by staff only, writable only for oneself, and removed on leave', async () => {
    const a = await create();
    expect((await w.clients.author.rpc('article_heartbeat', { p_article_id: a.article_id })).error).toBeNull();
    const seenByAdmin = await w.clients.admin.rpc('article_heartbeat', { p_article_id: a.article_id });
    expect(seenByAdmin.data).toEqual([expect.objectContaining({ user_id: w.ids.author })]);
    for (const who of ['reader', 'anon'] as const) {
      const { data } = await w.clients[who].from('article_presence').select('*').eq('article_id', a.article_id);
      expect(data ?? []).toEqual([]);
      expect((await w.clients[who].rpc('article_heartbeat', { p_article_id: a.article_id })).error).not.toBeNull();
    }
    const staffView = await w.clients.author2.from('article_presence').select('user_id').eq('article_id', a.article_id);
    expect(staffView.data).toHaveLength(2);
    const forged = await w.clients.author
      .from('article_presence')
      .insert({ article_id: a.article_id, user_id: w.ids.admin });
    expect(forged.error).not.toBeNull();
    await w.clients.author.from('article_presence').delete().eq('user_id', w.ids.admin);
    await w.clients.author
      .from('article_presence')
      .update({ seen_at: new Date(0).toISOString() })
      .eq('user_id', w.ids.admin);
    const adminMark = await admin
      .from('article_presence')
      .select('seen_at')
      .eq('article_id', a.article_id)
      .eq('user_id', w.ids.admin)
      .single();
    expect(new Date(adminMark.data!.seen_at as string).getFullYear()).toBeGreaterThan(2000);
    // Another author's article: no mark.
    const other = await w.clients.author.rpc('article_heartbeat', { p_article_id: w.articles.draftB });
    expect(other.error).not.toBeNull();
    await w.clients.author.rpc('article_leave', { p_article_id: a.article_id });
    expect((await w.clients.admin.rpc('article_heartbeat', { p_article_id: a.article_id })).data).toEqual([]);
  });

  it('lapse 60 s after the last heartbeat, and My Articles shows live ones in the same query', async () => {
    const a = await create(`Presence list ${t()}`);
    await w.clients.admin.rpc('article_heartbeat', { p_article_id: a.article_id });
    const list = async () =>
      (
        (await w.clients.author.rpc('dashboard_articles', { p_search: '', p_limit: 100 })).data as {
          id: number;
          editing_names: string[];
        }[]
      ).find((r) => r.id === a.article_id)!;
    const adminName = (await admin.from('profiles').select('display_name').eq('id', w.ids.admin).single()).data!
      .display_name as string;
    expect((await list()).editing_names).toEqual([adminName]);
    await admin
      .from('article_presence')
      .update({ seen_at: new Date(Date.now() - 61_000).toISOString() })
      .eq('article_id', a.article_id);
    expect((await list()).editing_names).toEqual([]);
    expect((await w.clients.author.rpc('article_heartbeat', { p_article_id: a.article_id })).data).toEqual([]);
  });
});
