/**
 * Storage objects under RLS (private per-user folders) and the object operations after upload:
 * list, remove, move, copy — through the real supabase-js client. Buckets and policies come
 * from tests/fixtures/migrations/99990102000000_storage_fixtures.sql.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, serviceClient, signedInClient, uniqueEmail } from '../support/clients.ts';

const unique = (prefix = 't'): string => `${prefix}-${randomUUID().slice(0, 8)}`;

function errorFields(error: unknown): { status?: number; statusCode?: string; message?: string } {
  const e = error as { status?: number; statusCode?: string; message?: string } | null;
  return { status: e?.status, statusCode: e?.statusCode, message: e?.message };
}

async function user(): Promise<{ client: SupabaseClient; userId: string }> {
  const { client, userId } = await signedInClient(uniqueEmail('storage'));
  return { client, userId };
}

let alice: { client: SupabaseClient; userId: string };
let bob: { client: SupabaseClient; userId: string };

beforeAll(async () => {
  [alice, bob] = await Promise.all([user(), user()]);
});

describe('RLS on a private bucket', () => {
  it('lets the owner read and keeps other users and anon out', async () => {
    const path = `${alice.userId}/${unique('doc')}.txt`;
    expect((await alice.client.storage.from('fx-private').upload(path, 'for alice only')).error).toBeNull();

    const own = await alice.client.storage.from('fx-private').download(path);
    expect(await own.data!.text()).toBe('for alice only');

    const other = await bob.client.storage.from('fx-private').download(path);
    expect(errorFields(other.error)).toMatchObject({ status: 400, statusCode: '404' });
    const anon = await anonClient().storage.from('fx-private').download(path);
    expect(errorFields(anon.error)).toMatchObject({ status: 400, statusCode: '404' });
    expect((await bob.client.storage.from('fx-private').exists(path)).data).toBe(false);

    const service = await serviceClient().storage.from('fx-private').download(path);
    expect(await service.data!.text()).toBe('for alice only');
  });

  it("refuses writes into another user's folder", async () => {
    const intrusion = await bob.client.storage.from('fx-private').upload(`${alice.userId}/${unique('evil')}.txt`, 'x');
    expect(errorFields(intrusion.error)).toMatchObject({ status: 400, statusCode: '403' });
    const own = await bob.client.storage.from('fx-private').upload(`${bob.userId}/${unique('fine')}.txt`, 'x');
    expect(own.error).toBeNull();
  });

  it('hides, and silently skips removing, objects the caller cannot see', async () => {
    const path = `${alice.userId}/${unique('keep')}.txt`;
    expect((await alice.client.storage.from('fx-private').upload(path, 'x')).error).toBeNull();
    expect((await bob.client.storage.from('fx-private').list(alice.userId)).data).toEqual([]);
    const removed = await bob.client.storage.from('fx-private').remove([path]);
    expect(removed).toEqual({ data: [], error: null });
    expect((await alice.client.storage.from('fx-private').exists(path)).data).toBe(true);
  });
});

describe('list, remove, move, copy', () => {
  const root = unique('tree');
  const bucket = () => alice.client.storage.from('fx-shared');

  beforeAll(async () => {
    for (const name of ['b.txt', 'a.txt', 'sub/c.txt', 'sub/deeper/d.txt', 'Zeta/e.txt']) {
      expect((await bucket().upload(`${root}/${name}`, name)).error).toBeNull();
    }
  });

  it('lists folders and files one level below the prefix', async () => {
    const { data, error } = await bucket().list(root);
    expect(error).toBeNull();
    expect(data!.map((e) => e.name)).toEqual(['a.txt', 'b.txt', 'sub', 'Zeta']);
    const folder = data!.find((e) => e.name === 'sub')!;
    expect(folder).toMatchObject({ id: null, metadata: null, updated_at: null });
    const file = data!.find((e) => e.name === 'a.txt')!;
    expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(file.metadata).toMatchObject({ size: 5, mimetype: 'text/plain;charset=UTF-8' });

    const deeper = await bucket().list(`${root}/sub`);
    expect(deeper.data!.map((e) => e.name)).toEqual(['c.txt', 'deeper']);
    const page = await bucket().list(root, { limit: 2, offset: 1, sortBy: { column: 'name', order: 'desc' } });
    expect(page.data!.map((e) => e.name)).toEqual(['sub', 'b.txt']);
    const search = await bucket().list(root, { search: 'b' });
    expect(search.data!.map((e) => e.name)).toEqual(['b.txt']);
    // Other sort columns list folders first (by name), then files (a.txt was uploaded after b.txt).
    const byDate = await bucket().list(root, { sortBy: { column: 'created_at', order: 'desc' } });
    expect(byDate.data!.map((e) => e.name)).toEqual(['Zeta', 'sub', 'a.txt', 'b.txt']);
  });

  it('removes objects and returns the deleted rows', async () => {
    const paths = [`${root}/gone-1.txt`, `${root}/gone-2.txt`];
    for (const p of paths) expect((await bucket().upload(p, 'bye')).error).toBeNull();
    const { data, error } = await bucket().remove([...paths, `${root}/never-existed.txt`]);
    expect(error).toBeNull();
    expect(data!.map((r) => r.name).sort()).toEqual(paths);
    expect(data![0]).toMatchObject({ bucket_id: 'fx-shared', owner: alice.userId });
    expect(errorFields((await bucket().download(paths[0]!)).error)).toMatchObject({ statusCode: '404' });
  });

  it('moves an object and refuses to move onto an existing one', async () => {
    const from = `${root}/move-me.txt`;
    const to = `${root}/moved/here.txt`;
    expect((await bucket().upload(from, 'moving')).error).toBeNull();
    const moved = await bucket().move(from, to);
    expect(moved.error).toBeNull();
    expect(moved.data).toMatchObject({ message: 'Successfully moved' });
    expect((await bucket().exists(from)).data).toBe(false);
    expect(await (await bucket().download(to)).data!.text()).toBe('moving');

    const clash = await bucket().move(`${root}/a.txt`, `${root}/b.txt`);
    expect(errorFields(clash.error)).toMatchObject({ statusCode: '409' });
    const missing = await bucket().move(`${root}/nope.txt`, `${root}/nope2.txt`);
    expect(errorFields(missing.error)).toMatchObject({ statusCode: '404' });
  });

  it('copies an object, also across buckets', async () => {
    const copied = await bucket().copy(`${root}/a.txt`, `${root}/copy-of-a.txt`);
    expect(copied).toEqual({ data: { path: `fx-shared/${root}/copy-of-a.txt` }, error: null });
    expect(await (await bucket().download(`${root}/copy-of-a.txt`)).data!.text()).toBe('a.txt');
    expect(await (await bucket().download(`${root}/a.txt`)).data!.text()).toBe('a.txt');

    const target = `${alice.userId}/${unique('copied')}.txt`;
    const across = await bucket().copy(`${root}/b.txt`, target, { destinationBucket: 'fx-private' });
    expect(across.error).toBeNull();
    expect(await (await alice.client.storage.from('fx-private').download(target)).data!.text()).toBe('b.txt');
    const refused = await bucket().copy(`${root}/b.txt`, `${bob.userId}/x.txt`, { destinationBucket: 'fx-private' });
    expect(errorFields(refused.error)).toMatchObject({ statusCode: '403' });
  });
});
