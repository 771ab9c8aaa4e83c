/**
 * Privilege escalation over raw HTTP (issue 13): a reader or an author sends what the UI never
 * would, straight to /rest/v1, and the case passes only when the row re-read as the service
 * role is unchanged. Status codes are logged in the assertion messages, never trusted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import { buildWorld, makeArticle, makeComment, row, type World } from '../support/world.ts';
import { raw } from '../support/attacker.ts';

let w: World;
const admin = serviceClient();

beforeAll(async () => {
  w = await buildWorld();
});

type Row = Record<string, unknown>;

/** Runs the attack and returns the row before and after, read as the service role. */
async function attempt(table: string, id: number | string, attack: () => Promise<unknown>, column = 'id') {
  const before = await row<Row>(table, id, column);
  const answer = await attack();
  const after = await row<Row>(table, id, column);
  return { before, after, answer };
}

describe('a reader escalates through their own profile', () => {
  for (const [column, value] of [
    ['role', 'admin'],
    ['username', 'the-editor'],
    ['email', 'victim@example.test'],
  ] as const) {
    it(`PATCH profiles.${column} changes nothing`, async () => {
      const { before, after, answer } = await attempt('profiles', w.ids.reader, () =>
        raw(w.clients.reader, 'PATCH', `/rest/v1/profiles?id=eq.${w.ids.reader}`, {
          body: { [column]: value },
          headers: { prefer: 'return=representation' },
        }),
      );
      expect(after![column], JSON.stringify(answer)).toEqual(before![column]);
    });
  }

  it('PATCH smuggling role next to a permitted column changes neither', async () => {
    const { before, after } = await attempt('profiles', w.ids.reader, () =>
      raw(w.clients.reader, 'PATCH', `/rest/v1/profiles?id=eq.${w.ids.reader}`, {
        body: { display_name: 'Smuggler', role: 'admin' },
      }),
    );
    expect(after!.role).toBe('reader');
    expect(after!.display_name).toBe(before!.display_name);
  });

  it('an upsert on profiles (merge-duplicates, on_conflict=id) cannot set role', async () => {
    const { after } = await attempt('profiles', w.ids.reader, () =>
      raw(w.clients.reader, 'POST', '/rest/v1/profiles?on_conflict=id', {
        body: { id: w.ids.reader, username: 'upserted-admin', role: 'admin', display_name: 'x' },
        headers: { prefer: 'resolution=merge-duplicates,return=representation' },
      }),
    );
    expect(after!.role).toBe('reader');
    expect(after!.username).not.toBe('upserted-admin');
  });

  it("a reader cannot change another user's display name", async () => {
    const { before, after } = await attempt('profiles', w.ids.author, () =>
      raw(w.clients.reader, 'PATCH', `/rest/v1/profiles?id=eq.${w.ids.author}`, { body: { display_name: 'Pwned' } }),
    );
    expect(after!.display_name).toBe(before!.display_name);
  });
});

describe('a reader tampers with comments and articles', () => {
  it('approving their own pending comment leaves it pending', async () => {
    const id = await makeComment(w.articles.pubA, w.ids.reader, 'pending');
    const { after } = await attempt('comments', id, () =>
      raw(w.clients.reader, 'PATCH', `/rest/v1/comments?id=eq.${id}`, { body: { status: 'approved' } }),
    );
    expect(after!.status).toBe('pending');
  });

  it('a new comment posted as approved, with counters and another user id, is pending, theirs and zeroed', async () => {
    const content = `smuggled ${Math.random()}`;
    await raw(w.clients.reader, 'POST', '/rest/v1/comments', {
      body: { article_id: w.articles.pubA, user_id: w.ids.reader2, content, status: 'approved', like_count: 99 },
    });
    await raw(w.clients.reader, 'POST', '/rest/v1/comments', {
      body: { article_id: w.articles.pubA, user_id: w.ids.reader, content, status: 'approved', like_count: 99 },
    });
    // The control: the same post with only the columns the site sends goes in, as pending.
    await raw(w.clients.reader, 'POST', '/rest/v1/comments', {
      body: { article_id: w.articles.pubA, user_id: w.ids.reader, content },
    });
    const { data } = await admin.from('comments').select('*').eq('content', content);
    expect(data!.length).toBeGreaterThan(0);
    expect(data!.every((c) => c.user_id === w.ids.reader && c.status === 'pending' && c.like_count === 0)).toBe(true);
  });

  for (const status of ['hidden', 'approved', 'deleted'] as const) {
    it(`a reader cannot set another reader's comment to ${status}`, async () => {
      const id = await makeComment(w.articles.pubA, w.ids.reader2, status === 'approved' ? 'pending' : 'approved');
      const { before, after } = await attempt('comments', id, () =>
        raw(w.clients.reader, 'PATCH', `/rest/v1/comments?id=eq.${id}`, { body: { status } }),
      );
      expect(after!.status).toBe(before!.status);
    });
  }

  it("a reader cannot rewrite or delete another reader's comment", async () => {
    const id = w.comments.reader2Approved;
    const { before, after } = await attempt('comments', id, async () => {
      await raw(w.clients.reader, 'PATCH', `/rest/v1/comments?id=eq.${id}`, { body: { content: 'owned' } });
      await raw(w.clients.reader, 'DELETE', `/rest/v1/comments?id=eq.${id}`);
    });
    expect(after).toEqual(before);
  });

  for (const [column, value] of [
    ['author_id', 'reader'],
    ['archived_by', 'reader'],
    ['is_main', true],
    ['archived_at', '2020-01-01T00:00:00Z'],
    ['title', 'Defaced'],
  ] as const) {
    it(`PATCH articles_meta.${column} as a reader changes nothing`, async () => {
      const v = value === 'reader' ? w.ids.reader : value;
      const { before, after } = await attempt('articles_meta', w.articles.pubA, () =>
        raw(w.clients.reader, 'PATCH', `/rest/v1/articles_meta?id=eq.${w.articles.pubA}`, { body: { [column]: v } }),
      );
      expect(after).toEqual(before);
    });
  }

  it('a reader cannot insert an article, nor upsert over an existing one', async () => {
    const slug = `reader-article-${Date.now()}`;
    const { before, after } = await attempt('articles_meta', w.articles.pubA, () =>
      raw(w.clients.reader, 'POST', '/rest/v1/articles_meta?on_conflict=id', {
        body: [
          { id: w.articles.pubA, title: 'Upserted', slug: 'upserted', author_id: w.ids.reader, is_main: true },
          { title: 'Reader article', slug, status: 'published', author_id: w.ids.reader },
        ],
        headers: { prefer: 'resolution=merge-duplicates' },
      }),
    );
    expect(after).toEqual(before);
    expect(await row('articles_meta', slug, 'slug')).toBeNull();
  });

  it('a reader cannot call the staff RPCs', async () => {
    const { before, after } = await attempt('articles_meta', w.articles.pubA, async () => {
      await raw(w.clients.reader, 'POST', '/rest/v1/rpc/set_main_article', { body: { p_article_id: w.articles.pubA } });
      await raw(w.clients.reader, 'POST', '/rest/v1/rpc/save_article', {
        body: { p_id: w.articles.pubA, p_article: { title: 'Reader save', status: 'draft' }, p_category_ids: [1] },
      });
    });
    expect(after).toEqual(before);
  });

  it('a reader cannot link a draft into a public category, nor unlink a public article', async () => {
    await raw(w.clients.reader, 'POST', '/rest/v1/article_categories', {
      body: { article_id: w.articles.draftB, category_id: 1, display_order: 0 },
    });
    await raw(w.clients.reader, 'DELETE', `/rest/v1/article_categories?article_id=eq.${w.articles.draftA}`);
    const { data } = await admin
      .from('article_categories')
      .select('article_id')
      .in('article_id', [w.articles.draftA, w.articles.draftB]);
    expect(data!.map((r) => r.article_id)).toEqual([w.articles.draftA]);
  });
});

describe("an author reaches for another author's work", () => {
  it('reassigning, archiving, editing or unpublishing their published article changes nothing', async () => {
    for (const body of [
      { author_id: w.ids.author },
      { archived_at: new Date().toISOString() },
      { title: 'Hijacked', body: '<p>hijacked</p>' },
      { status: 'draft' },
    ]) {
      const { before, after } = await attempt('articles_meta', w.articles.pubB, () =>
        raw(w.clients.author, 'PATCH', `/rest/v1/articles_meta?id=eq.${w.articles.pubB}`, { body }),
      );
      expect(after, JSON.stringify(body)).toEqual(before);
    }
  });

  it('editing or reading their draft changes nothing and returns nothing', async () => {
    const { before, after, answer } = await attempt('articles_meta', w.articles.draftB, () =>
      raw(w.clients.author, 'PATCH', `/rest/v1/articles_meta?id=eq.${w.articles.draftB}`, {
        body: { title: 'Draft hijacked', status: 'published' },
        headers: { prefer: 'return=representation' },
      }),
    );
    expect(after).toEqual(before);
    expect(answer).toMatchObject({ body: [] });
  });

  it('unarchiving (restoring) their archived article is refused, and so is their own', async () => {
    const own = await makeArticle(w.ids.author, { archived_at: new Date().toISOString(), archived_by: w.ids.admin });
    for (const id of [w.articles.archivedB, own]) {
      const { before, after } = await attempt('articles_meta', id, () =>
        raw(w.clients.author, 'PATCH', `/rest/v1/articles_meta?id=eq.${id}`, { body: { archived_at: null } }),
      );
      expect(after!.archived_at).toEqual(before!.archived_at);
    }
  });

  it('an author cannot give their own article to someone else, nor forge archived_by', async () => {
    const own = await makeArticle(w.ids.author);
    await raw(w.clients.author, 'PATCH', `/rest/v1/articles_meta?id=eq.${own}`, { body: { author_id: w.ids.author2 } });
    await raw(w.clients.author, 'PATCH', `/rest/v1/articles_meta?id=eq.${own}`, {
      body: { archived_at: new Date().toISOString(), archived_by: w.ids.author2 },
    });
    const after = await row<Row>('articles_meta', own);
    expect(after!.author_id).toBe(w.ids.author);
    // Archiving one's own article is allowed; the stamp is the caller, whatever was sent.
    expect(after!.archived_by).toBe(w.ids.author);
  });

  it('an author cannot write is_main directly, even on their own article', async () => {
    const own = await makeArticle(w.ids.author);
    await raw(w.clients.author, 'PATCH', `/rest/v1/articles_meta?id=eq.${own}`, { body: { is_main: true } });
    expect((await row<Row>('articles_meta', own))!.is_main).toBe(false);
  });

  it('an author creating an article in another author’s name gets their own byline or nothing', async () => {
    const slug = `forged-byline-${Date.now()}`;
    await raw(w.clients.author, 'POST', '/rest/v1/articles_meta', {
      body: { title: `Forged ${slug}`, slug, author_id: w.ids.author2, status: 'draft', is_main: true },
    });
    const created = await row<Row>('articles_meta', slug, 'slug');
    if (created) {
      expect(created.author_id).toBe(w.ids.author);
      expect(created.is_main).toBe(false);
    }
  });

  it('upserting over their article with on_conflict=id smuggles nothing', async () => {
    const { before, after } = await attempt('articles_meta', w.articles.pubB, () =>
      raw(w.clients.author, 'POST', '/rest/v1/articles_meta?on_conflict=id', {
        body: {
          id: w.articles.pubB,
          title: 'Upsert hijack',
          slug: `upsert-hijack-${Date.now()}`,
          author_id: w.ids.author,
          is_main: true,
          status: 'published',
        },
        headers: { prefer: 'resolution=merge-duplicates,return=representation' },
      }),
    );
    expect(after).toEqual(before);
  });

  it('set_main_article with their article id is refused', async () => {
    const { before, after } = await attempt('articles_meta', w.articles.pubB, () =>
      raw(w.clients.author, 'POST', '/rest/v1/rpc/set_main_article', { body: { p_article_id: w.articles.pubB } }),
    );
    expect(after!.is_main).toBe(before!.is_main);
    expect(after!.is_main).toBe(false);
  });

  it('save_article with their article id writes nothing', async () => {
    const base = (await row<Row>('articles_meta', w.articles.pubB))!.content_version;
    const { before, after, answer } = await attempt('articles_meta', w.articles.pubB, () =>
      raw(w.clients.author, 'POST', '/rest/v1/rpc/save_article', {
        body: {
          p_id: w.articles.pubB,
          p_article: { title: 'Saved over', body: '<p>x</p>', status: 'published' },
          p_category_ids: [1],
          p_primary_category_id: 1,
          p_base_version: base,
        },
      }),
    );
    expect(after, JSON.stringify(answer)).toEqual(before);
  });

  it('restore_article_revision with a revision of their article writes nothing', async () => {
    // The other author saves twice through the RPC, so a revision exists to restore.
    const save = (title: string, base: unknown) =>
      raw(w.clients.author2, 'POST', '/rest/v1/rpc/save_article', {
        body: {
          p_id: w.articles.draftB,
          p_article: { title, body: '<p>b</p>', hero_image_url: 'https://example.test/b.webp', status: 'draft' },
          p_category_ids: [1],
          p_primary_category_id: 1,
          p_base_version: base,
        },
      });
    const first = await save(
      `Rev one ${Date.now()}`,
      (await row<Row>('articles_meta', w.articles.draftB))!.content_version,
    );
    expect(first.status, first.text).toBe(200);
    await save(`Rev two ${Date.now()}`, (await row<Row>('articles_meta', w.articles.draftB))!.content_version);
    const { data: revs } = await admin
      .from('article_revisions')
      .select('id')
      .eq('article_id', w.articles.draftB)
      .order('id');
    expect(revs!.length).toBeGreaterThan(0);
    const { before, after } = await attempt('articles_meta', w.articles.draftB, () =>
      raw(w.clients.author, 'POST', '/rest/v1/rpc/restore_article_revision', { body: { p_revision_id: revs![0]!.id } }),
    );
    expect(after).toEqual(before);
  });

  it('article_publish_state with their id answers nothing about it', async () => {
    const r = await raw(w.clients.author, 'POST', '/rest/v1/rpc/article_publish_state', {
      body: { p_id: w.articles.draftB },
    });
    expect(r.text).not.toMatch(/draft|published|scheduled|archived/);
    expect(r.status).toBeGreaterThanOrEqual(400);
  });

  it('a PATCH with a filter matching every row touches only their own articles', async () => {
    const { before, after } = await attempt('articles_meta', w.articles.pubB, () =>
      raw(w.clients.author, 'PATCH', '/rest/v1/articles_meta?id=gt.0', { body: { show_edited_tag: true } }),
    );
    expect(after).toEqual(before);
  });

  it("a presence mark on another author's article cannot be planted", async () => {
    await raw(w.clients.author, 'POST', '/rest/v1/rpc/article_heartbeat', {
      body: { p_article_id: w.articles.draftB },
    });
    await raw(w.clients.author, 'POST', '/rest/v1/article_presence', {
      body: { article_id: w.articles.draftB, user_id: w.ids.author },
    });
    const { data } = await admin.from('article_presence').select('user_id').eq('article_id', w.articles.draftB);
    expect(data!.filter((r) => r.user_id === w.ids.author)).toEqual([]);
  });

  it('an author cannot delete another author’s article or its category links', async () => {
    await raw(w.clients.author, 'DELETE', `/rest/v1/articles_meta?id=eq.${w.articles.pubB}`);
    await raw(w.clients.author, 'DELETE', `/rest/v1/article_categories?article_id=eq.${w.articles.draftA}`);
    expect(await row('articles_meta', w.articles.pubB)).not.toBeNull();
  });
});

describe('moderation beyond the rules (docs/data-model.md: admins all, an author their own articles)', () => {
  it("an author cannot approve, hide or delete comments on another author's article", async () => {
    for (const [start, target] of [
      ['pending', 'approved'],
      ['approved', 'hidden'],
      ['approved', 'deleted'],
    ] as const) {
      const id = await makeComment(w.articles.pubB, w.ids.reader, start);
      const { after } = await attempt('comments', id, () =>
        raw(w.clients.author, 'PATCH', `/rest/v1/comments?id=eq.${id}`, { body: { status: target } }),
      );
      expect(after!.status, `${start} → ${target}`).toBe(start);
    }
  });

  it('an author moderates comments on their own article (the rule holds both ways)', async () => {
    const id = await makeComment(w.articles.pubA, w.ids.reader, 'pending');
    await raw(w.clients.author, 'PATCH', `/rest/v1/comments?id=eq.${id}`, { body: { status: 'approved' } });
    expect((await row<Row>('comments', id))!.status).toBe('approved');
  });

  it("a moderator cannot rewrite the commenter's words", async () => {
    const id = await makeComment(w.articles.pubA, w.ids.reader, 'approved');
    const { before, after } = await attempt('comments', id, () =>
      raw(w.clients.admin, 'PATCH', `/rest/v1/comments?id=eq.${id}`, { body: { content: 'Put in your mouth' } }),
    );
    expect(after!.content).toBe(before!.content);
  });

  it("a reader cannot react as another user, nor change someone else's reaction", async () => {
    const id = w.comments.reader2Approved;
    await raw(w.clients.reader, 'POST', '/rest/v1/reactions', {
      body: { comment_id: id, user_id: w.ids.reader2, type: 'like' },
    });
    const { data } = await admin.from('reactions').select('user_id').eq('comment_id', id);
    expect(data!.filter((r) => r.user_id === w.ids.reader2)).toEqual([]);
  });
});
