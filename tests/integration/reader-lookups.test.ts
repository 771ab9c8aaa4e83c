/**
 * The database side of issue 28's reader points, through the real supabase-js as the site calls
 * it: the author lookup behind /author/{username} ('staff' / 'not_staff' / 'none' and nothing
 * more), the preview's 'Article not found.' for staff, search paged through every match in
 * both orders, and an anonymous newsletter subscription linked to the account that confirms the
 * address.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, followMailLink, mailFor, serviceClient, signedInClient, uniqueEmail } from '../support/clients.ts';
import { buildWorld, makeArticle, row, type World } from '../support/world.ts';

let world: World;
beforeAll(async () => {
  world = await buildWorld();
});

async function usernameOf(id: string): Promise<string> {
  return (await row<{ username: string }>('profiles', id))!.username;
}

describe('author_profile_status', () => {
  it('says staff, not_staff or none, to anyone, and nothing else', async () => {
    const anon = anonClient();
    const ask = async (username: string) => {
      const { data, error } = await anon.rpc('author_profile_status', { p_username: username });
      expect(error).toBeNull();
      return data as unknown;
    };
    expect(await ask(await usernameOf(world.ids.author))).toBe('staff');
    expect(await ask(await usernameOf(world.ids.admin))).toBe('staff');
    const reader = await usernameOf(world.ids.reader);
    expect(await ask(reader)).toBe('not_staff');
    // The URL's case and stray spaces do not matter; usernames are lower-case.
    expect(await ask(` ${reader.toUpperCase()} `)).toBe('not_staff');
    expect(await ask(`nobody-${Date.now().toString(36)}`)).toBe('none');
    expect(await ask('')).toBe('none');
    // A signed-in reader gets the same answer as anon.
    const asReader = await world.clients.reader.rpc('author_profile_status', { p_username: reader });
    expect(asReader.data).toBe('not_staff');
  });
});

describe('preview_article_exists', () => {
  it('tells staff whether a slug or id names a non-archived article; others get null', async () => {
    const draft = (await row<{ slug: string }>('articles_meta', world.articles.draftB))!.slug;
    const archived = (await row<{ slug: string }>('articles_meta', world.articles.archivedB))!.slug;
    const ask = async (actor: 'author' | 'admin' | 'reader', key: string) => {
      const { data, error } = await world.clients[actor].rpc('preview_article_exists', { p_key: key });
      expect(error).toBeNull();
      return data as unknown;
    };
    // A colleague's draft exists (RLS hides it from this author: the preview says 'no permission').
    expect(await ask('author', draft)).toBe(true);
    expect(await ask('author', String(world.articles.draftB))).toBe(true);
    expect(await ask('author', `${draft}-typo`)).toBe(false);
    expect(await ask('admin', 'no-such-article-anywhere')).toBe(false);
    expect(await ask('admin', '99999999999999999999')).toBe(false);
    expect(await ask('admin', archived)).toBe(false);
    // Readers cannot learn whether a draft's slug (its working headline) exists.
    expect(await ask('reader', draft)).toBeNull();
    expect(await ask('reader', 'no-such-article-anywhere')).toBeNull();
    const anon = await anonClient().rpc('preview_article_exists', { p_key: draft });
    expect(anon.error).not.toBeNull();
  });
});

describe('search_articles_page', () => {
  const word = `pagedkelp${Date.now().toString(36)}`;
  let ids: number[] = [];
  beforeAll(async () => {
    // 7 matches: 3 with the word in the title (ranked first), 4 in the excerpt only, each
    // published a day apart, plus a draft and an archived match that never show.
    ids = [];
    for (let i = 0; i < 7; i += 1) {
      const inTitle = i % 2 === 0 && i < 6;
      ids.push(
        await makeArticle(world.ids.author, {
          title: inTitle ? `Kelp ${word} number ${i}` : `Coastal story ${i}`,
          excerpt: inTitle ? null : `About ${word} and more.`,
          published_at: new Date(Date.UTC(2026, 0, 10 + i)).toISOString(),
        }),
      );
    }
    await makeArticle(world.ids.author, { title: `Draft ${word}`, status: 'draft' });
    await makeArticle(world.ids.author, {
      title: `Archived ${word}`,
      archived_at: new Date().toISOString(),
      archived_by: world.ids.admin,
    });
  });

  type Hit = { id: number; total_count: number; published_at: string };
  async function page(newest: boolean, size: number, offset: number): Promise<Hit[]> {
    const { data, error } = await anonClient().rpc('search_articles_page', {
      q: word.toUpperCase(),
      newest,
      page_size: size,
      page_offset: offset,
    });
    expect(error).toBeNull();
    return data as Hit[];
  }

  it('pages through every match by relevance, in the order search_articles ranks them', async () => {
    const { data: ranked } = await anonClient().rpc('search_articles', { q: word }).select('id');
    const expected = (ranked as { id: number }[]).map((r) => r.id);
    expect(new Set(expected)).toEqual(new Set(ids));
    const first = await page(false, 3, 0);
    const second = await page(false, 3, 3);
    const third = await page(false, 3, 6);
    expect([...first, ...second, ...third].map((h) => h.id)).toEqual(expected);
    expect(third).toHaveLength(1);
    for (const h of [...first, ...second, ...third]) expect(h.total_count).toBe(7);
    expect(await page(false, 3, 9)).toEqual([]);
    // Title matches first.
    expect(first.map((h) => h.id).sort()).toEqual([ids[0], ids[2], ids[4]].sort());
  });

  it('pages newest first by published_at descending', async () => {
    const all = [...(await page(true, 4, 0)), ...(await page(true, 4, 4))];
    expect(all.map((h) => h.id)).toEqual([...ids].reverse());
    expect(all.every((h) => h.total_count === 7)).toBe(true);
  });

  it('sees an archive at the next page, and finds nothing for a blank query', async () => {
    await serviceClient()
      .from('articles_meta')
      .update({ archived_at: new Date().toISOString(), archived_by: world.ids.admin })
      .eq('id', ids[6]!);
    const after = await page(true, 10, 0);
    expect(after.map((h) => h.id)).toEqual(ids.slice(0, 6).reverse());
    expect(after[0]!.total_count).toBe(6);
    const { data } = await anonClient().rpc('search_articles_page', { q: '   ' });
    expect(data).toEqual([]);
  });

  it('keeps a page at most 100 rows, whatever is asked', async () => {
    const { data, error } = await anonClient().rpc('search_articles_page', { q: 'a', page_size: 100000 });
    expect(error).toBeNull();
    expect((data as Hit[]).length).toBeLessThanOrEqual(100);
  });
});

describe('newsletter subscription linked at sign-up', () => {
  async function subscriber(email: string) {
    const { data } = await serviceClient().from('newsletter_subscribers').select('user_id').eq('email', email);
    return data as { user_id: string | null }[];
  }

  it('links an anonymous subscription to the account once its address is confirmed', async () => {
    const email = uniqueEmail('linked');
    const { error } = await anonClient().rpc('subscribe_newsletter', { p_email: email });
    expect(error).toBeNull();
    const client = anonClient();
    const signUp = await client.auth.signUp({ email, password: 'correct-horse-1' });
    expect(signUp.error).toBeNull();
    // The sign-up path subscribes again (upsert on e-mail): still one row, not yet linked.
    expect((await client.rpc('subscribe_newsletter', { p_email: email })).error).toBeNull();
    expect(await subscriber(email)).toEqual([{ user_id: null }]);

    const [mail] = await mailFor(email);
    await followMailLink(mail!.link!);
    expect(await subscriber(email)).toEqual([{ user_id: signUp.data.user!.id }]);
    // The reader now reads their subscription by user id (spec §7).
    const signed = await client.auth.signInWithPassword({ email, password: 'correct-horse-1' });
    expect(signed.error).toBeNull();
    const { data } = await client.from('newsletter_subscribers').select('email').eq('user_id', signUp.data.user!.id);
    expect(data).toEqual([{ email }]);
  });

  it('links at once an account created confirmed; never moves a row linked to someone else', async () => {
    const email = uniqueEmail('confirmed');
    await anonClient().rpc('subscribe_newsletter', { p_email: email });
    const user = await signedInClient(email);
    expect(await subscriber(email)).toEqual([{ user_id: user.userId }]);

    const other = uniqueEmail('other');
    const owner = await signedInClient(uniqueEmail('owner'));
    await serviceClient().from('newsletter_subscribers').insert({ email: other, user_id: owner.userId });
    await signedInClient(other);
    expect(await subscriber(other)).toEqual([{ user_id: owner.userId }]);
  });
});
