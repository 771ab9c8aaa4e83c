/**
 * Reading what is not yours, over raw HTTP (issue 13): every path to a hidden row (direct
 * select, embedding, the search RPC, `or=` filters, count headers, revisions, storage listing)
 * is tried by the roles that must not see it, and a case passes only when no answer carries the
 * secret: the row's id, a unique marker in its text, or an e-mail address, and no count reveals
 * that the row exists. The secrets are planted and checked as the service role.
 *
 * Every probe proves something: its answer must be rows (2xx) or PostgREST's refusal of the
 * privilege (401/403, 42501), so a malformed probe's 400 or a 500 fails instead of passing as
 * "nothing leaked" (tests/support/attacker.ts); and the same request by a role that may read the
 * rows (the owner, an admin, the service role) does return them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, signedInClient, uniqueEmail } from '../support/clients.ts';
import { buildWorld, insertOne, makeArticle, makeComment, row, type World } from '../support/world.ts';
import { denied, raw, rows, seen, total, type Raw, type Sender } from '../support/attacker.ts';

let w: World;
const admin = serviceClient();
const marker = `zqx${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** In a published article only: what the search probes must find (it does not contain `marker`). */
const visibleMarker = `zqv${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/**
 * In the archived article only: staff read a colleague's non-archived articles (My Articles lists
 * them, 20261127500100), so what a colleague must not see is the archived one.
 */
const archivedMarker = `zqa${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let hidden: { draftB: number; archivedB: number; scheduledB: number };
let hiddenIds: number[];
let hiddenComment: number;
let subscriberEmail: string;
let pdfName: string;

type Who = 'anon' | 'reader' | 'reader2' | 'author' | 'author2' | 'admin' | 'service';
const client = (who: Who): Sender => (who === 'anon' ? null : who === 'service' ? 'service' : w.clients[who]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BUCKETS = ['article-images', 'event-images', 'article-pdfs', 'avatars'];

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
      .update({
        title: `Hidden ${marker} ${id}${id === hidden.archivedB ? ` ${archivedMarker}` : ''}`,
        excerpt: `Secret ${marker}`,
      })
      .eq('id', id);
    if (error) throw new Error(error.message);
    await insertOne(
      'article_categories',
      { article_id: id, category_id: w.categoryId, display_order: 0 },
      'article_id',
    );
  }
  await makeArticle(w.ids.author2, { title: `Visible ${visibleMarker}` });
  // A comment on a hidden article, and a revision of one (author2 saves its draft through the RPC).
  hiddenComment = await makeComment(hidden.draftB, w.ids.reader, 'approved');
  await admin
    .from('comments')
    .update({ content: `On a draft ${marker}` })
    .eq('id', hiddenComment);
  const base = (await row<{ content_version: number }>('articles_meta', hidden.draftB))!.content_version;
  const saved = await raw(w.clients.author2, 'POST', '/rest/v1/rpc/save_article', {
    body: {
      p_id: hidden.draftB,
      p_article: {
        title: `Hidden ${marker} rev`,
        body: `<p>${marker}</p>`,
        hero_image_url: 'https://example.test/hidden.webp',
        status: 'draft',
        is_report: false,
      },
      p_category_ids: [w.categoryId],
      p_primary_category_id: w.categoryId,
      p_base_version: base,
    },
  });
  if (saved.status !== 200) throw new Error(`save_article: ${saved.status} ${saved.text}`);
  // The PDF of an unpublished report, in the public article-pdfs bucket, and a file of the same
  // name in every other bucket, for the listing probes to miss and the service role to find.
  pdfName = `report-${marker}.pdf`;
  for (const bucket of BUCKETS) {
    const pdf = bucket === 'article-pdfs';
    const up = await admin.storage
      .from(bucket)
      .upload(
        pdf ? pdfName : `report-${marker}.png`,
        pdf
          ? new Blob(['%PDF-1.4\n% secret report\n'], { type: 'application/pdf' })
          : new Blob([PNG], { type: 'image/png' }),
        { contentType: pdf ? 'application/pdf' : 'image/png' },
      );
    if (up.error) throw new Error(`${bucket}: ${up.error.message}`);
  }
  await admin
    .from('articles_meta')
    .update({ is_report: true, pdf_url: `/storage/v1/object/public/article-pdfs/${pdfName}` })
    .eq('id', hidden.draftB);
  subscriberEmail = uniqueEmail('secret-subscriber');
  await insertOne('newsletter_subscribers', { email: subscriberEmail });
});

const EMAIL = /@example\.test|@[a-z0-9-]+\.[a-z]{2,}/i;
/** Requests that would show e-mail addresses to a role allowed to read them. */
const EMAIL_PROBES: [string, string][] = [
  ['the email column', '/rest/v1/profiles?select=email'],
  ['select=*', '/rest/v1/profiles?select=*'],
  ['an alias', '/rest/v1/profiles?select=id,mail:email'],
  ['an embed from articles', '/rest/v1/articles_meta?select=id,profiles!articles_meta_author_id_fkey(email)&limit=5'],
  ['an embed from comments', '/rest/v1/comments?select=id,profiles(*)&limit=5'],
];
/** Filters on the column: rows for a role that may read it, none for the others (no oracle). */
const ORACLE_PROBES: [string, string][] = [
  ['a filter on email', `/rest/v1/profiles?select=id&email=like.*%40*`],
  ['an or= filter on email', `/rest/v1/profiles?select=id&or=(email.like.*example*,id.is.null)`],
];

describe('e-mail addresses', () => {
  it('control: the service role gets e-mail addresses, and rows for the filters, from the same requests', async () => {
    for (const [name, path] of EMAIL_PROBES)
      expect((await raw(client('service'), 'GET', path)).text, name).toMatch(EMAIL);
    for (const [name, path] of ORACLE_PROBES) {
      expect(rows(await raw(client('service'), 'GET', path)).length, name).toBeGreaterThan(0);
    }
  });

  for (const who of ['anon', 'reader', 'author', 'admin'] as const) {
    it(`${who}: profiles never answer with e-mail addresses (email column, select=*, filters)`, async () => {
      for (const [name, path] of [...EMAIL_PROBES, ...ORACLE_PROBES]) {
        const r = await raw(client(who), 'GET', path);
        seen(r);
        expect(r.text, `${name}: ${r.text}`).not.toMatch(EMAIL);
      }
      // A filter on the column must not work as an oracle either.
      for (const [name, path] of ORACLE_PROBES) expect(seen(await raw(client(who), 'GET', path)), name).toEqual([]);
    });
  }

  for (const who of ['anon', 'reader', 'author', 'admin'] as const) {
    const sees = who === 'admin';
    it(`${who}: the newsletter list is ${sees ? 'readable (admins only)' : 'unreadable'}`, async () => {
      const c = client(who);
      const list = await raw(c, 'GET', '/rest/v1/newsletter_subscribers?select=email');
      const all = await raw(c, 'GET', '/rest/v1/newsletter_subscribers?select=*');
      const one = await raw(
        c,
        'GET',
        `/rest/v1/newsletter_subscribers?select=id&email=eq.${encodeURIComponent(subscriberEmail)}`,
      );
      const count = await raw(c, 'HEAD', '/rest/v1/newsletter_subscribers?select=*', {
        headers: { prefer: 'count=exact' },
      });
      // Rows or a refusal, nothing else; the address in them only for an admin.
      for (const r of [list, all]) {
        seen(r);
        expect(r.text.includes(subscriberEmail)).toBe(sees);
      }
      expect(seen(one).length).toBe(sees ? 1 : 0);
      expect(total(count) > 0).toBe(sees);
    });
  }
});

/** Requests that reach hidden articles; `owner` = the owning author sees the marker through it. */
const articleProbes = (): { name: string; method: string; path: string; body?: unknown; owner: boolean }[] => {
  const inList = `(${hiddenIds.join(',')})`;
  return [
    { name: 'by id', method: 'GET', path: `/rest/v1/articles_meta?id=in.${inList}`, owner: true },
    { name: 'by title', method: 'GET', path: `/rest/v1/articles_meta?select=*&title=like.*${marker}*`, owner: true },
    {
      name: 'or= on status',
      method: 'GET',
      path: `/rest/v1/articles_meta?or=(status.eq.draft,id.gt.0)&id=in.${inList}`,
      owner: true,
    },
    {
      name: 'or= on archive and schedule',
      method: 'GET',
      path: `/rest/v1/articles_meta?or=(archived_at.not.is.null,published_at.gt.now)&id=in.${inList}`,
      owner: true,
    },
    {
      name: 'embedded from article_categories',
      method: 'GET',
      path: `/rest/v1/article_categories?select=article_id,articles_meta(*)&article_id=in.${inList}`,
      owner: true,
    },
    {
      name: 'an !inner embed filtered on title',
      method: 'GET',
      path: `/rest/v1/article_categories?select=articles_meta!inner(id,title)&articles_meta.title=like.*${marker}*`,
      owner: true,
    },
    {
      name: 'embedded two levels down from categories',
      method: 'GET',
      path: `/rest/v1/categories?select=id,article_categories(article_id,articles_meta(title))&id=eq.${w.categoryId}`,
      owner: true,
    },
    {
      name: 'dashboard_articles()',
      method: 'POST',
      path: '/rest/v1/rpc/dashboard_articles',
      body: { p_search: marker },
      owner: true,
    },
    {
      name: 'revisions',
      method: 'GET',
      path: `/rest/v1/article_revisions?article_id=in.${inList}`,
      owner: true,
    },
    // The search finds published articles only, its owner's drafts included (controlled below).
    {
      name: 'search_articles (POST)',
      method: 'POST',
      path: '/rest/v1/rpc/search_articles',
      body: { q: marker },
      owner: false,
    },
    { name: 'search_articles (GET)', method: 'GET', path: `/rest/v1/rpc/search_articles?q=${marker}`, owner: false },
    {
      name: 'search_articles_page (POST)',
      method: 'POST',
      path: '/rest/v1/rpc/search_articles_page',
      body: { q: marker },
      owner: false,
    },
    {
      name: 'search_articles_page newest first (GET)',
      method: 'GET',
      path: `/rest/v1/rpc/search_articles_page?q=${marker}&newest=true`,
      owner: false,
    },
    {
      name: 'comments with their article',
      method: 'GET',
      path: `/rest/v1/comments?select=id,articles_meta(title)&article_id=in.${inList}`,
      owner: false,
    },
  ];
};

const probe = (who: Who, p: ReturnType<typeof articleProbes>[number]): Promise<Raw> =>
  raw(client(who), p.method, p.path, p.body === undefined ? {} : { body: p.body });

describe('drafts, scheduled and archived articles', () => {
  it('control: the owning author gets the hidden articles through the same requests', async () => {
    for (const p of articleProbes().filter((x) => x.owner)) {
      const r = await probe('author2', p);
      expect(rows(r).length, p.name).toBeGreaterThan(0);
      expect(r.text, p.name).toContain(marker);
    }
  });

  it('control: the search requests find a published article by its marker, and the service role reads a hidden article’s comments', async () => {
    for (const who of ['anon', 'reader'] as const) {
      for (const p of articleProbes().filter((x) => x.name.startsWith('search'))) {
        const r = await raw(
          client(who),
          p.method,
          p.path.replace(marker, visibleMarker),
          p.body ? { body: { q: visibleMarker } } : {},
        );
        expect(rows(r).map((a) => a.title)).toEqual([`Visible ${visibleMarker}`]);
      }
    }
    const comments = articleProbes().find((x) => x.name.startsWith('comments'))!;
    const r = await probe('service', comments);
    expect(rows(r).map((c) => c.id)).toContain(hiddenComment);
    expect(r.text).toContain(marker);
  });

  for (const who of ['anon', 'reader'] as const) {
    it(`${who}: no path returns another author's hidden articles`, async () => {
      for (const p of articleProbes()) {
        const r = await probe(who, p);
        seen(r);
        expect(r.text, `${p.name}: ${r.text}`).not.toContain(marker);
      }
      // A hidden article's category links are hidden with it: not even a link with a null embed.
      const links = articleProbes().find((p) => p.name === 'embedded from article_categories')!;
      expect(seen(await probe(who, links))).toEqual([]);
    });
  }

  it("author: a colleague's drafts are readable, never their archived article", async () => {
    const byId = articleProbes().find((p) => p.name === 'by id')!;
    expect(rows(await probe('author', byId)).map((a) => a.id)).toEqual(
      expect.arrayContaining([hidden.draftB, hidden.scheduledB]),
    );
    for (const p of articleProbes()) {
      const r = await probe('author', p);
      seen(r);
      expect(r.text, `${p.name}: ${r.text}`).not.toContain(archivedMarker);
    }
    const archived = await raw(w.clients.author, 'GET', `/rest/v1/articles_meta?id=eq.${hidden.archivedB}`, {
      headers: { prefer: 'count=exact' },
    });
    expect(total(archived)).toBe(0);
  });

  const countProbes = (): [string, string, string][] => {
    const inList = `(${hiddenIds.join(',')})`;
    return [
      ['HEAD by id', `/rest/v1/articles_meta?id=in.${inList}`, 'count=exact'],
      ['GET by title', `/rest/v1/articles_meta?select=id&title=like.*${marker}*`, 'count=exact'],
      [
        'HEAD or= on status and archive',
        `/rest/v1/articles_meta?or=(status.eq.draft,archived_at.not.is.null)&id=in.${inList}`,
        'count=exact',
      ],
      ['HEAD revisions', `/rest/v1/article_revisions?article_id=in.${inList}`, 'count=exact'],
      ['HEAD by id, estimated', `/rest/v1/articles_meta?id=in.${inList}`, 'count=estimated'],
    ];
  };
  const countAs = (who: Who, [name, path, prefer]: [string, string, string]) =>
    raw(client(who), name.startsWith('GET') ? 'GET' : 'HEAD', path, { headers: { prefer } });

  it('control: the owning author counts the hidden articles with the same requests', async () => {
    for (const p of countProbes()) expect(total(await countAs('author2', p)), p[0]).toBeGreaterThan(0);
  });

  // A colleague (author) counts the non-archived ones: see "a colleague's drafts are readable".
  for (const who of ['anon', 'reader'] as const) {
    it(`${who}: count headers do not reveal that hidden articles exist`, async () => {
      for (const p of countProbes()) {
        const r = await countAs(who, p);
        expect(total(r), `${p[0]}: ${r.headers.get('content-range')} ${r.status}`).toBe(0);
      }
    });
  }

  it("author: another author's revisions are unreadable, own revisions readable", async () => {
    const { count } = await admin
      .from('article_revisions')
      .select('id', { count: 'exact', head: true })
      .eq('article_id', hidden.draftB);
    expect(count).toBeGreaterThan(0);
    for (const who of ['anon', 'reader', 'author'] as const) {
      const r = await raw(client(who), 'GET', `/rest/v1/article_revisions?article_id=eq.${hidden.draftB}`);
      expect(seen(r), who).toEqual([]);
    }
    expect(
      rows(await raw(w.clients.author2, 'GET', `/rest/v1/article_revisions?article_id=eq.${hidden.draftB}`)).length,
    ).toBe(count);
  });
});

describe('storage', () => {
  const bodies = () => [
    { prefix: '', limit: 1000 },
    { prefix: '', limit: 1000, search: 'report' },
    { prefix: '', limit: 1000, search: `report-${marker}` },
  ];

  it('control: the service role lists the planted file in every bucket with the same requests', async () => {
    for (const bucket of BUCKETS) {
      for (const body of bodies()) {
        const r = await raw(client('service'), 'POST', `/storage/v1/object/list/${bucket}`, { body });
        expect(rows(r).length, `${bucket} ${JSON.stringify(body)}`).toBeGreaterThan(0);
        expect(r.text, `${bucket} ${JSON.stringify(body)}`).toContain(marker);
      }
    }
  });

  for (const who of ['anon', 'reader'] as const) {
    it(`${who}: no public bucket lists its objects`, async () => {
      for (const bucket of BUCKETS) {
        for (const body of bodies()) {
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
    const up = await admin.storage.from('avatars').upload(name, new Blob([PNG], { type: 'image/png' }), {
      contentType: 'image/png',
    });
    expect(up.error).toBeNull();
    const r = await raw(w.clients.reader, 'POST', '/storage/v1/object/list/avatars', { body: { prefix: '' } });
    expect(r.text).not.toContain(marker);
    expect(rows(r)).toEqual([]);
    const mine = await raw(other.client, 'POST', '/storage/v1/object/list/avatars', {
      body: { prefix: '', search: other.userId },
    });
    expect(rows(mine).map((o) => o.name)).toEqual([name]);
  });

  it("the unpublished report's PDF name is nowhere to be read, so its public URL cannot be found", async () => {
    const pdfUrls = '/rest/v1/articles_meta?select=pdf_url&pdf_url=not.is.null';
    const listing = { prefix: '', search: 'report-' };
    // Staff read a colleague's draft, its PDF's URL included (and list the bucket, below).
    for (const who of ['anon', 'reader'] as const) {
      const r = await raw(client(who), 'GET', pdfUrls);
      seen(r);
      expect(r.text, who).not.toContain(pdfName);
    }
    for (const who of ['anon', 'reader'] as const) {
      const info = await raw(client(who), 'POST', `/storage/v1/object/list/article-pdfs`, { body: listing });
      expect(rows(info), who).toEqual([]);
    }
    // Control: its owner reads the URL with the same request.
    expect((await raw(w.clients.author2, 'GET', pdfUrls)).text).toContain(pdfName);
    // The file itself is public by name (a public bucket, documented): staff manage media, so
    // they may list it (docs/security.md), with the same request.
    for (const who of ['author', 'author2'] as const) {
      const staff = await raw(client(who), 'POST', '/storage/v1/object/list/article-pdfs', { body: listing });
      expect(
        rows(staff).map((o) => o.name),
        who,
      ).toContain(pdfName);
    }
  });
});

describe("other people's interactions and the staff-only tables", () => {
  it('bookmarks and reactions of another user are invisible; their owner reads them with the same requests', async () => {
    await insertOne('bookmarks', { user_id: w.ids.reader2, article_id: w.articles.pubA }, 'user_id');
    await insertOne('reactions', { user_id: w.ids.reader2, comment_id: w.comments.approved, type: 'like' }, 'user_id');
    const list = (who: Who, table: string) => raw(client(who), 'GET', `/rest/v1/${table}?user_id=eq.${w.ids.reader2}`);
    const count = (who: Who, table: string) =>
      raw(client(who), 'HEAD', `/rest/v1/${table}?user_id=eq.${w.ids.reader2}`, {
        headers: { prefer: 'count=exact' },
      });
    for (const table of ['bookmarks', 'reactions']) {
      expect(rows(await list('reader2', table)), `owner ${table}`).toHaveLength(1);
      expect(total(await count('reader2', table)), `owner ${table} count`).toBe(1);
      for (const who of ['anon', 'reader', 'author', 'admin'] as const) {
        expect(seen(await list(who, table)), `${who} ${table}`).toEqual([]);
        expect(total(await count(who, table)), `${who} ${table} count`).toBe(0);
      }
    }
  });

  it('pending, deleted and hidden comments are invisible to other readers, anon and a non-moderating author', async () => {
    const ids = [w.comments.pending, w.comments.deleted, w.comments.hidden];
    const { data: texts } = await admin.from('comments').select('content').in('id', ids);
    expect(texts).toHaveLength(3);
    const probes = (who: Who) => [
      raw(client(who), 'GET', `/rest/v1/comments?id=in.(${ids.join(',')})`),
      raw(
        client(who),
        'GET',
        `/rest/v1/comments?or=(status.eq.pending,status.eq.deleted,status.eq.hidden)&article_id=eq.${w.articles.pubA}`,
      ),
      raw(client(who), 'GET', `/rest/v1/articles_meta?select=id,comments(*)&id=eq.${w.articles.pubA}`),
    ];
    const moderationQueue = (who: Who) =>
      raw(client(who), 'POST', '/rest/v1/rpc/moderation_comments', {
        body: { p_article_id: w.articles.pubA, p_limit: 100 },
      });
    const countOf = (who: Who) =>
      raw(client(who), 'HEAD', `/rest/v1/comments?id=in.(${ids.join(',')})`, { headers: { prefer: 'count=exact' } });
    // Control: a moderator (the admin) reads all three through the same requests.
    for (const r of [...(await Promise.all(probes('admin'))), await moderationQueue('admin')]) {
      for (const t of texts!) expect(JSON.stringify(rows(r))).toContain(t.content as string);
    }
    expect(total(await countOf('admin'))).toBe(3);
    for (const who of ['anon', 'reader2', 'author2'] as const) {
      for (const r of await Promise.all(probes(who))) {
        seen(r);
        for (const t of texts!) expect(r.text, who).not.toContain(t.content as string);
      }
      const queue = await moderationQueue(who);
      seen(queue);
      for (const t of texts!) expect(queue.text, who).not.toContain(t.content as string);
      expect(total(await countOf(who)), who).toBe(0);
    }
  });

  const STAFF_TABLES = ['contact_submissions', 'analytics', 'analytics_daily', 'app_errors'];
  const STAFF_FUNCTIONS = ['site_insights', 'insights_daily', 'subscriber_stats', 'staff_profiles', 'my_article_views'];

  it('control: the admin reads the staff tables and calls the staff functions with the same requests', async () => {
    await insertOne('analytics', { event_type: 'page_view', visitor_key: `visitor-${marker}` }, 'event_type');
    for (const table of STAFF_TABLES) {
      expect(
        rows(await raw(w.clients.admin, 'GET', `/rest/v1/${table}?select=*&limit=5`)).length,
        table,
      ).toBeGreaterThan(0);
      const count = await raw(w.clients.admin, 'HEAD', `/rest/v1/${table}?select=*`, {
        headers: { prefer: 'count=exact' },
      });
      expect(total(count), table).toBeGreaterThan(0);
    }
    for (const fn of STAFF_FUNCTIONS) {
      const r = await raw(w.clients.admin, 'POST', `/rest/v1/rpc/${fn}`, { body: {} });
      expect(r.status, `${fn}: ${r.text}`).toBe(200);
    }
  });

  for (const who of ['anon', 'reader'] as const) {
    it(`${who}: contact submissions, analytics, app errors and insights are unreadable`, async () => {
      const c = client(who);
      for (const table of STAFF_TABLES) {
        expect(seen(await raw(c, 'GET', `/rest/v1/${table}?select=*&limit=5`)), table).toEqual([]);
        const count = await raw(c, 'HEAD', `/rest/v1/${table}?select=*`, { headers: { prefer: 'count=exact' } });
        expect(total(count), table).toBe(0);
      }
      for (const fn of STAFF_FUNCTIONS) {
        const r = await raw(c, 'POST', `/rest/v1/rpc/${fn}`, { body: {} });
        expect(denied(r), `${fn}: ${r.status} ${r.text}`).toBe(true);
      }
    });
  }

  for (const who of ['anon', 'reader', 'service'] as const) {
    it(`${who}: the private schema is not exposed at all (its tables are not found, its profile refused)`, async () => {
      const c = client(who);
      for (const path of ['/rest/v1/publish_outbox', '/rest/v1/article_save_receipts']) {
        const r = await raw(c, 'GET', path);
        expect([r.status, (r.body as { code?: string }).code], `${path}: ${r.text}`).toEqual([404, 'PGRST205']);
      }
      const priv = await raw(c, 'GET', '/rest/v1/publish_outbox', { headers: { 'accept-profile': 'private' } });
      expect([priv.status, (priv.body as { code?: string }).code], priv.text).toEqual([406, 'PGRST106']);
    });
  }

  it('an author reads enquiries and error reports (staff) but not the subscriber list (admins)', async () => {
    const sub = await raw(w.clients.author, 'GET', '/rest/v1/contact_submissions?select=id');
    expect(rows(sub).map((r) => r.id)).toContain(w.submission);
    const list = await raw(w.clients.author, 'GET', '/rest/v1/newsletter_subscribers?select=email');
    expect(seen(list)).toEqual([]);
    expect(list.text).not.toContain(subscriberEmail);
  });
});
