/**
 * Reading what is not yours, over raw HTTP (issue 13): every path to a hidden row (direct
 * select, embedding, the search RPC, `or=` filters, count headers, revisions, storage listing)
 * is tried by the roles that must not see it, and a case passes only when no answer carries the
 * secret: the row's id, a unique marker in its text, or an e-mail address, and no count reveals
 * that the row exists. The secrets are planted and checked as the service role.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { serviceClient, signedInClient, uniqueEmail } from '../support/clients.ts';
import { buildWorld, insertOne, makeArticle, row, type World } from '../support/world.ts';
import { raw, rows, type Raw } from '../support/attacker.ts';

let w: World;
const admin = serviceClient();
const marker = `zqx${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let hidden: { draftB: number; archivedB: number; scheduledB: number };
let hiddenIds: number[];
let subscriberEmail: string;
let pdfName: string;

type Who = 'anon' | 'reader' | 'reader2' | 'author' | 'author2' | 'admin';
const client = (who: Who): SupabaseClient | null => (who === 'anon' ? null : w.clients[who]);

/** The total a count header reveals (null when the answer has none, e.g. an error). */
function total(r: Raw): number | null {
  const range = r.headers.get('content-range');
  if (!range) return null;
  const n = range.split('/')[1];
  return n === '*' || n === undefined ? null : Number(n);
}

beforeAll(async () => {
  w = await buildWorld();
  const scheduled = await makeArticle(w.ids.author2, {
    title: `Scheduled ${marker}`,
    published_at: new Date(Date.now() + 7 * 86400_000).toISOString(),
  });
  hidden = { draftB: w.articles.draftB, archivedB: w.articles.archivedB, scheduledB: scheduled };
  hiddenIds = Object.values(hidden);
  for (const id of hiddenIds) {
    const { error } = await admin
      .from('articles_meta')
      .update({ title: `Hidden ${marker} ${id}`, excerpt: `Secret ${marker}` })
      .eq('id', id);
    if (error) throw new Error(error.message);
    await admin.from('article_categories').insert({ article_id: id, category_id: w.categoryId, display_order: 0 });
  }
  // The PDF of an unpublished report, in the public article-pdfs bucket.
  pdfName = `report-${marker}.pdf`;
  const up = await admin.storage
    .from('article-pdfs')
    .upload(pdfName, new Blob(['%PDF-1.4\n% secret report\n'], { type: 'application/pdf' }), {
      contentType: 'application/pdf',
    });
  if (up.error) throw new Error(up.error.message);
  await admin
    .from('articles_meta')
    .update({ is_report: true, pdf_url: `/storage/v1/object/public/article-pdfs/${pdfName}` })
    .eq('id', hidden.draftB);
  subscriberEmail = uniqueEmail('secret-subscriber');
  await insertOne('newsletter_subscribers', { email: subscriberEmail });
});

describe('e-mail addresses', () => {
  for (const who of ['anon', 'reader', 'author', 'admin'] as const) {
    it(`${who}: profiles never answer with e-mail addresses (email column, select=*, filters)`, async () => {
      const answers = await Promise.all([
        raw(client(who), 'GET', '/rest/v1/profiles?select=email'),
        raw(client(who), 'GET', '/rest/v1/profiles?select=*'),
        raw(client(who), 'GET', '/rest/v1/profiles?select=id,mail:email'),
        raw(client(who), 'GET', `/rest/v1/profiles?select=id&email=like.*%40*`),
        raw(client(who), 'GET', `/rest/v1/profiles?select=id&or=(email.like.*example*,id.is.null)`),
        raw(
          client(who),
          'GET',
          '/rest/v1/articles_meta?select=id,profiles!articles_meta_author_id_fkey(email)&limit=5',
        ),
        raw(client(who), 'GET', '/rest/v1/comments?select=id,profiles(*)&limit=5'),
      ]);
      for (const a of answers) {
        expect(a.text, a.text).not.toMatch(/@example\.test|@[a-z0-9-]+\.[a-z]{2,}/i);
        // A filter on the column must not work as an oracle either.
        if (a === answers[3] || a === answers[4]) expect(rows(a)).toEqual([]);
      }
    });

    it(`${who}: the newsletter list is unreadable (admins only)`, async () => {
      const answers = await Promise.all([
        raw(client(who), 'GET', '/rest/v1/newsletter_subscribers?select=email'),
        raw(client(who), 'GET', '/rest/v1/newsletter_subscribers?select=*'),
        raw(
          client(who),
          'GET',
          `/rest/v1/newsletter_subscribers?select=id&email=eq.${encodeURIComponent(subscriberEmail)}`,
        ),
        raw(client(who), 'HEAD', '/rest/v1/newsletter_subscribers?select=*', { headers: { prefer: 'count=exact' } }),
      ]);
      const sees = who === 'admin';
      expect(answers[0]!.text.includes(subscriberEmail)).toBe(sees);
      expect(answers[1]!.text.includes(subscriberEmail)).toBe(sees);
      expect(rows(answers[2]!).length).toBe(sees ? 1 : 0);
      if (!sees) expect(total(answers[3]!) ?? 0).toBe(0);
    });
  }
});

describe('drafts, scheduled and archived articles', () => {
  for (const who of ['anon', 'reader', 'author'] as const) {
    it(`${who}: no path returns another author's hidden articles`, async () => {
      const inList = `(${hiddenIds.join(',')})`;
      const c = client(who);
      const answers = await Promise.all([
        raw(c, 'GET', `/rest/v1/articles_meta?id=in.${inList}`),
        raw(c, 'GET', `/rest/v1/articles_meta?select=*&title=like.*${marker}*`),
        raw(c, 'GET', `/rest/v1/articles_meta?or=(status.eq.draft,id.gt.0)&id=in.${inList}`),
        raw(c, 'GET', `/rest/v1/articles_meta?or=(archived_at.not.is.null,published_at.gt.now)&id=in.${inList}`),
        raw(c, 'GET', `/rest/v1/article_categories?select=article_id,articles_meta(*)&article_id=in.${inList}`),
        raw(
          c,
          'GET',
          `/rest/v1/article_categories?select=articles_meta!inner(id,title)&articles_meta.title=like.*${marker}*`,
        ),
        raw(
          c,
          'GET',
          `/rest/v1/categories?select=id,article_categories(article_id,articles_meta(title))&id=eq.${w.categoryId}`,
        ),
        raw(c, 'POST', '/rest/v1/rpc/search_articles', { body: { q: marker } }),
        raw(c, 'GET', `/rest/v1/rpc/search_articles?q=${marker}`),
        raw(c, 'POST', '/rest/v1/rpc/dashboard_articles', { body: { p_search: marker } }),
        raw(c, 'GET', `/rest/v1/article_revisions?article_id=in.${inList}`),
        raw(c, 'GET', `/rest/v1/comments?select=id,articles_meta(title)&article_id=in.${inList}`),
      ]);
      for (const a of answers) expect(a.text, a.text).not.toContain(marker);
      // Embedded rows of hidden articles come back as null, never as the row.
      for (const r of rows(answers[4]!)) expect(r.articles_meta).toBeNull();
    });

    it(`${who}: count headers do not reveal that hidden articles exist`, async () => {
      const c = client(who);
      const inList = `(${hiddenIds.join(',')})`;
      const counts = await Promise.all([
        raw(c, 'HEAD', `/rest/v1/articles_meta?id=in.${inList}`, { headers: { prefer: 'count=exact' } }),
        raw(c, 'GET', `/rest/v1/articles_meta?select=id&title=like.*${marker}*`, {
          headers: { prefer: 'count=exact' },
        }),
        raw(c, 'HEAD', `/rest/v1/articles_meta?or=(status.eq.draft,archived_at.not.is.null)&id=in.${inList}`, {
          headers: { prefer: 'count=exact' },
        }),
        raw(c, 'HEAD', `/rest/v1/article_revisions?article_id=in.${inList}`, { headers: { prefer: 'count=exact' } }),
        raw(c, 'HEAD', `/rest/v1/articles_meta?id=in.${inList}`, { headers: { prefer: 'count=estimated' } }),
      ]);
      for (const r of counts) expect(total(r) ?? 0, r.headers.get('content-range') ?? r.text).toBe(0);
    });
  }

  it("author: another author's revisions are unreadable, own revisions readable", async () => {
    // author2 saves its draft through the RPC, which writes a revision.
    const base = (await row<{ content_version: number }>('articles_meta', hidden.draftB))!.content_version;
    const saved = await raw(w.clients.author2, 'POST', '/rest/v1/rpc/save_article', {
      body: {
        p_id: hidden.draftB,
        p_article: { title: `Hidden ${marker} rev`, body: `<p>${marker}</p>`, status: 'draft', is_report: false },
        p_category_ids: [w.categoryId],
        p_primary_category_id: w.categoryId,
        p_base_version: base,
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const { count } = await admin
      .from('article_revisions')
      .select('id', { count: 'exact', head: true })
      .eq('article_id', hidden.draftB);
    expect(count).toBeGreaterThan(0);
    for (const who of ['anon', 'reader', 'author'] as const) {
      const r = await raw(client(who), 'GET', `/rest/v1/article_revisions?article_id=eq.${hidden.draftB}`);
      expect(rows(r), who).toEqual([]);
    }
    expect(
      rows(await raw(w.clients.author2, 'GET', `/rest/v1/article_revisions?article_id=eq.${hidden.draftB}`)).length,
    ).toBe(count);
  });
});

describe('storage', () => {
  const buckets = ['article-images', 'event-images', 'article-pdfs', 'avatars'];

  for (const who of ['anon', 'reader'] as const) {
    it(`${who}: no public bucket lists its objects`, async () => {
      const { data: all } = await admin.storage.from('article-pdfs').list('', { limit: 1000, search: pdfName });
      expect(all!.map((o) => o.name)).toContain(pdfName);
      for (const bucket of buckets) {
        for (const body of [{ prefix: '' }, { prefix: '', search: 'report' }, { prefix: '', search: pdfName }]) {
          const r = await raw(client(who), 'POST', `/storage/v1/object/list/${bucket}`, { body });
          expect(r.text, `${bucket} ${JSON.stringify(body)}`).not.toContain(marker);
          expect(rows(r), bucket).toEqual([]);
        }
      }
    });
  }

  it('a reader lists only their own avatar files, never anyone else’s', async () => {
    const other = await signedInClient(uniqueEmail('avatar-owner'));
    const name = `${other.userId}-avatar-${marker}.png`;
    const up = await admin.storage
      .from('avatars')
      .upload(
        name,
        new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' }),
        {
          contentType: 'image/png',
        },
      );
    expect(up.error).toBeNull();
    const r = await raw(w.clients.reader, 'POST', '/storage/v1/object/list/avatars', { body: { prefix: '' } });
    expect(r.text).not.toContain(marker);
    const mine = await raw(other.client, 'POST', '/storage/v1/object/list/avatars', {
      body: { prefix: '', search: other.userId },
    });
    expect(rows(mine).map((o) => o.name)).toEqual([name]);
  });

  it("the unpublished report's PDF name is nowhere to be read, so its public URL cannot be found", async () => {
    for (const who of ['anon', 'reader', 'author'] as const) {
      const r = await raw(client(who), 'GET', `/rest/v1/articles_meta?select=pdf_url&pdf_url=not.is.null`);
      expect(r.text).not.toContain(pdfName);
      if (who === 'author') continue; // staff manage media: they may list it (see docs/security.md)
      const info = await raw(client(who), 'POST', `/storage/v1/object/list/article-pdfs`, {
        body: { prefix: '', search: 'report-' },
      });
      expect(info.text).not.toContain(pdfName);
    }
    // The file itself is public by name (a public bucket, documented): staff still find it.
    const staff = await raw(w.clients.author2, 'POST', '/storage/v1/object/list/article-pdfs', {
      body: { prefix: '', search: pdfName },
    });
    expect(rows(staff).map((o) => o.name)).toEqual([pdfName]);
  });
});

describe("other people's interactions and the staff-only tables", () => {
  it('bookmarks and reactions of another user are invisible', async () => {
    await insertOne('bookmarks', { user_id: w.ids.reader2, article_id: w.articles.pubA });
    await insertOne('reactions', { user_id: w.ids.reader2, comment_id: w.comments.approved, type: 'like' });
    for (const who of ['anon', 'reader', 'author', 'admin'] as const) {
      const c = client(who);
      for (const table of ['bookmarks', 'reactions']) {
        const list = await raw(c, 'GET', `/rest/v1/${table}?user_id=eq.${w.ids.reader2}`);
        expect(rows(list), `${who} ${table}`).toEqual([]);
        const count = await raw(c, 'HEAD', `/rest/v1/${table}?user_id=eq.${w.ids.reader2}`, {
          headers: { prefer: 'count=exact' },
        });
        expect(total(count) ?? 0, `${who} ${table} count`).toBe(0);
      }
    }
    // The owner does see them (the rows exist).
    expect(rows(await raw(w.clients.reader2, 'GET', `/rest/v1/bookmarks?user_id=eq.${w.ids.reader2}`)).length).toBe(1);
  });

  it('pending, deleted and hidden comments are invisible to other readers, anon and a non-moderating author', async () => {
    const ids = [w.comments.pending, w.comments.deleted, w.comments.hidden];
    const { data: texts } = await admin.from('comments').select('content').in('id', ids);
    for (const who of ['anon', 'reader2', 'author2'] as const) {
      const c = client(who);
      const answers = await Promise.all([
        raw(c, 'GET', `/rest/v1/comments?id=in.(${ids.join(',')})`),
        raw(
          c,
          'GET',
          `/rest/v1/comments?or=(status.eq.pending,status.eq.deleted,status.eq.hidden)&article_id=eq.${w.articles.pubA}`,
        ),
        raw(c, 'GET', `/rest/v1/articles_meta?select=id,comments(*)&id=eq.${w.articles.pubA}`),
        raw(c, 'POST', '/rest/v1/rpc/moderation_comments', { body: {} }),
      ]);
      for (const a of answers) for (const t of texts!) expect(a.text, who).not.toContain(t.content as string);
      const count = await raw(c, 'HEAD', `/rest/v1/comments?id=in.(${ids.join(',')})`, {
        headers: { prefer: 'count=exact' },
      });
      expect(total(count) ?? 0, who).toBe(0);
    }
  });

  for (const who of ['anon', 'reader'] as const) {
    it(`${who}: contact submissions, analytics, app errors and insights are unreadable`, async () => {
      const c = client(who);
      for (const table of ['contact_submissions', 'analytics', 'analytics_daily', 'app_errors']) {
        expect(rows(await raw(c, 'GET', `/rest/v1/${table}?select=*&limit=5`)), table).toEqual([]);
        const count = await raw(c, 'HEAD', `/rest/v1/${table}?select=*`, { headers: { prefer: 'count=exact' } });
        expect(total(count) ?? 0, table).toBe(0);
      }
      for (const fn of ['site_insights', 'insights_daily', 'subscriber_stats', 'staff_profiles', 'my_article_views']) {
        const r = await raw(c, 'POST', `/rest/v1/rpc/${fn}`, { body: {} });
        expect(r.status, `${fn}: ${r.text}`).toBeGreaterThanOrEqual(400);
      }
      // Private schemas are not exposed at all.
      for (const path of ['/rest/v1/publish_outbox', '/rest/v1/article_save_receipts']) {
        expect(rows(await raw(c, 'GET', path))).toEqual([]);
      }
      const priv = await raw(c, 'GET', '/rest/v1/publish_outbox', { headers: { 'accept-profile': 'private' } });
      expect(rows(priv)).toEqual([]);
    });
  }

  it('an author reads enquiries and error reports (staff) but not the subscriber list (admins)', async () => {
    const sub = await raw(w.clients.author, 'GET', '/rest/v1/contact_submissions?select=id');
    expect(rows(sub).map((r) => r.id)).toContain(w.submission);
    const list = await raw(w.clients.author, 'GET', '/rest/v1/newsletter_subscribers?select=email');
    expect(list.text).not.toContain(subscriberEmail);
  });
});
