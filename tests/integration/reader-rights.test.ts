/**
 * Readers' rights over their data (issue 30, POPIA): 'Download my data' (public.my_data) returns
 * everything held about the caller and nobody else, and 'Delete my account'
 * (public.delete_my_account) leaves nothing of them readable anywhere in the database, through
 * the real supabase-js, on PGlite and on PostgreSQL 15.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT } from '../../src/lib/messages/profile.ts';
import { refusalMessage } from '../../src/lib/rules/database-errors.ts';
import { ACCOUNT_REFUSALS } from '../../src/lib/rules/profile/account-rules.ts';
import { anonClient, serviceClient, signedInClient, uniqueEmail } from '../support/clients.ts';
import { buildWorld, insertOne, makeArticle, row, type World } from '../support/world.ts';

let w: World;
const admin = serviceClient();

beforeAll(async () => {
  w = await buildWorld();
}, 120_000);

async function catalog<T>(query: string): Promise<T[]> {
  const { data, error } = await admin.rpc('fx_catalog', { query });
  if (error) throw new Error(error.message);
  return data as T[];
}

/**
 * Every table of the app's and Supabase's schemas with a row whose text holds `needle` (the
 * person's id or e-mail address), searched row by row as text: the proof that nothing is left.
 */
async function tablesHolding(needle: string): Promise<string[]> {
  const rows = await catalog<{ name: string }>(
    `select t.table_schema || '.' || t.table_name as name from information_schema.tables t
      where t.table_schema in ('public', 'private', 'auth', 'storage') and t.table_type = 'BASE TABLE'
        and query_to_xml(format('select 1 as hit from %I.%I r where r::text ilike %L limit 1',
                                t.table_schema, t.table_name, '%' || '${needle}' || '%'), false, true, '')::text <> ''
      order by 1`,
  );
  return rows.map((r) => r.name);
}

interface Person {
  client: SupabaseClient;
  userId: string;
  email: string;
  password: string;
}

/** A reader with something in every place the site keeps personal data. */
async function activeReader(): Promise<Person & { commentId: number }> {
  const person = await signedInClient(uniqueEmail('rights'), 'correct-horse-battery', { display_name: 'Thandi' });
  const sb = person.client;
  const check = ({ error }: { error: { message: string } | null }) => {
    if (error) throw new Error(error.message);
  };
  check(await sb.from('bookmarks').insert({ article_id: w.articles.pubA }));
  check(await sb.from('reactions').insert({ comment_id: w.comments.reader2Approved, type: 'like' }));
  check(await sb.rpc('subscribe_newsletter', { p_email: person.email, p_user_id: person.userId }));
  check(await sb.from('analytics').insert({ event_type: 'article_view', article_id: w.articles.pubA, metadata: {} }));
  const comment = await insertOne('comments', {
    article_id: w.articles.pubA,
    user_id: person.userId,
    content: 'Where are the scope 3 figures?',
    status: 'approved',
  });
  // Someone else likes the comment: their reaction goes with it.
  check(await w.clients.reader2.from('reactions').insert({ comment_id: comment.id, type: 'like' }));
  await insertOne('contact_submissions', {
    name: 'Thandi',
    email: person.email,
    message: 'Please correct the date.',
    form_type: 'contact',
    user_id: person.userId,
  });
  return { ...person, commentId: comment.id };
}

describe('Download my data (public.my_data)', () => {
  it('returns the caller’s account, profile and activity, and nothing of anyone else', async () => {
    const me = await activeReader();
    const { data, error } = await me.client.rpc('my_data');
    expect(error).toBeNull();
    const mine = data as Record<string, unknown> & Record<string, Record<string, unknown>[]>;
    const account = mine.account as unknown as Record<string, unknown>;
    expect(account.email).toBe(me.email);
    expect(account).not.toHaveProperty('encrypted_password');
    expect((mine.profile as unknown as Record<string, unknown>).display_name).toBe('Thandi');
    expect(mine.comments!.map((c) => c.content)).toEqual(['Where are the scope 3 figures?']);
    expect(mine.comments![0]!.article_slug).toEqual(expect.any(String));
    expect(mine.reactions!.map((r) => [r.comment_id, r.type])).toEqual([[w.comments.reader2Approved, 'like']]);
    expect(mine.bookmarks!.map((b) => b.article_id)).toEqual([w.articles.pubA]);
    expect(mine.newsletter_subscriptions!.map((n) => n.email)).toEqual([me.email]);
    // The consent given at sign-up (when, where, the wording) and the welcome mail it queued.
    expect(mine.newsletter_consents!.map((c) => [c.email, c.source])).toEqual([[me.email, 'register']]);
    expect(mine.newsletter_messages!.map((m) => m.kind)).toEqual(['welcome']);
    expect(mine.contact_submissions!.map((s) => s.message)).toEqual(['Please correct the date.']);
    expect(mine.analytics!.map((v) => [v.event_type, v.article_id])).toEqual([['article_view', w.articles.pubA]]);
    expect(mine.sign_in_sessions!.length).toBeGreaterThan(0);
    expect(mine.articles_authored).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(w.ids.reader2);
  });

  it('is refused to a visitor who is not signed in', async () => {
    const { data, error } = await anonClient().rpc('my_data');
    expect(data).toBeNull();
    expect(error!.code).toBe('42501');
  });
});

describe('Delete my account (public.delete_my_account)', () => {
  it('is refused when the typed e-mail is not the account’s, with the catalogue’s words', async () => {
    const me = await signedInClient(uniqueEmail('typo'));
    const { error } = await me.client.rpc('delete_my_account', { p_email: uniqueEmail('someone-else') });
    expect(error!.code).toBe('23514');
    expect(error!.hint).toBe('account_email_mismatch');
    expect(refusalMessage(error!, ACCOUNT.deleteFailed, ACCOUNT_REFUSALS)).toBe(ACCOUNT.emailMismatch);
    expect(await row('profiles', me.userId)).not.toBeNull();
  });

  it('is refused to a visitor who is not signed in', async () => {
    const { error } = await anonClient().rpc('delete_my_account', { p_email: 'reader@demo.test' });
    expect(error!.code).toBe('42501');
  });

  it('refuses staff who still author articles until they are handed over', async () => {
    const author = await signedInClient(uniqueEmail('author-leaving'));
    expect((await admin.from('profiles').update({ role: 'author' }).eq('id', author.userId)).error).toBeNull();
    const article = await makeArticle(author.userId);
    const refused = await author.client.rpc('delete_my_account', { p_email: author.email });
    expect(refused.error!.hint).toBe('account_owns_articles');
    expect(refusalMessage(refused.error!, ACCOUNT.deleteFailed, ACCOUNT_REFUSALS)).toBe(ACCOUNT.ownsArticles);
    expect(await row('profiles', author.userId)).not.toBeNull();

    // An admin hands the article over; then the author may go, and the article stays.
    expect((await admin.from('articles_meta').update({ author_id: w.ids.author }).eq('id', article)).error).toBeNull();
    expect((await author.client.rpc('delete_my_account', { p_email: author.email })).error).toBeNull();
    expect(await row('profiles', author.userId)).toBeNull();
    expect(await row('articles_meta', article)).toMatchObject({ author_id: w.ids.author });
  });

  it('removes the account and everything tied to it; nothing of the person stays readable', async () => {
    const me = await activeReader();
    const likesBefore = (await row<{ like_count: number }>('comments', w.comments.reader2Approved))!.like_count;
    expect(await tablesHolding(me.userId)).not.toEqual([]);

    // A test send of an issue to the address: not tied to the subscription, gone all the same.
    const issue = await insertOne('newsletter_issues', { subject: 'Rights week' });
    await insertOne('newsletter_deliveries', { kind: 'test', issue_id: issue.id, email: me.email });

    const { error } = await me.client.rpc('delete_my_account', { p_email: `  ${me.email.toUpperCase()} ` });
    expect(error).toBeNull();

    // Not in any table of any schema, by id or by e-mail address: auth, profile, comments (and
    // the likes on them), reactions, bookmarks, subscription, enquiries, analytics keys.
    expect(await tablesHolding(me.userId)).toEqual([]);
    expect(await tablesHolding(me.email)).toEqual([]);
    expect(await row('comments', me.commentId)).toBeNull();
    expect((await row<{ like_count: number }>('comments', w.comments.reader2Approved))!.like_count).toBe(
      likesBefore - 1,
    );
    expect((await admin.auth.admin.getUserById(me.userId)).data.user).toBeNull();

    // The views are still counted, unlinked from the person.
    const views = await catalog<{ n: number }>(
      `select count(*)::int as n from public.analytics where visitor_key like 'erased-%'`,
    );
    expect(views[0]!.n).toBeGreaterThan(0);

    // The old session reads nothing of them, and the password no longer signs in.
    expect((await me.client.from('bookmarks').select('id')).data ?? []).toEqual([]);
    expect((await me.client.from('profiles').select('id').eq('id', me.userId)).data ?? []).toEqual([]);
    const again = await anonClient().auth.signInWithPassword({ email: me.email, password: me.password });
    expect(again.error).not.toBeNull();
  });

  it('lets staff who edited or archived others’ articles go, and keeps the articles', async () => {
    const editor = await signedInClient(uniqueEmail('editor-leaving'));
    expect((await admin.from('profiles').update({ role: 'admin' }).eq('id', editor.userId)).error).toBeNull();
    const article = await makeArticle(w.ids.author2);
    const edit = await editor.client
      .from('articles_meta')
      .update({ title: `Edited ${article}` })
      .eq('id', article);
    expect(edit.error).toBeNull();
    const archive = await editor.client
      .from('articles_meta')
      .update({ archived_at: new Date().toISOString() })
      .eq('id', article);
    expect(archive.error).toBeNull();
    expect(await row('articles_meta', article)).toMatchObject({
      last_edited_by: editor.userId,
      archived_by: editor.userId,
      content_edited_by: editor.userId,
    });

    expect((await editor.client.rpc('delete_my_account', { p_email: editor.email })).error).toBeNull();
    expect(await row('articles_meta', article)).toMatchObject({
      title: `Edited ${article}`,
      author_id: w.ids.author2,
      last_edited_by: null,
      archived_by: null,
      content_edited_by: null,
    });
    // A staff profile is public (bylines), so its removal is announced to the publish worker,
    // which rebuilds the pages that showed it and then deletes the message: it is the only place
    // left, and only until the next build.
    expect(await tablesHolding(editor.userId)).toEqual(['private.publish_outbox']);
    const pending = await catalog<{ built: boolean }>(
      `select built_at is not null as built from private.publish_outbox where payload::text like '%${editor.userId}%'`,
    );
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((r) => !r.built)).toBe(true);
  });

  it('still keeps a client from erasing an article’s stamps of a living person', async () => {
    const article = await makeArticle(w.ids.author);
    await w.clients.admin
      .from('articles_meta')
      .update({ title: `Stamped ${article}` })
      .eq('id', article);
    await w.clients.admin.from('articles_meta').update({ last_edited_by: null }).eq('id', article);
    expect(await row('articles_meta', article)).toMatchObject({ last_edited_by: w.ids.admin });
  });
});
