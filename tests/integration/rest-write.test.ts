/**
 * PostgREST write fidelity (insert, upsert, update, delete) through supabase-js, with the
 * effect re-read as the service role, and constraint errors as supabase-js reports them.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../support/clients.ts';
import { userClient } from '../support/tokens.ts';

const sb = anonClient();
const admin = serviceClient();
const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

async function authorNamed(name: string) {
  const { data } = await admin.from('fx_authors').select('*').eq('name', name);
  return data!;
}

describe('insert', () => {
  it('inserts one row and returns it with .select().single() (201)', async () => {
    const name = unique('Nomsa');
    const { data, error, status } = await sb
      .from('fx_authors')
      .insert({ name, rating: 3.5, tags: ['water'] })
      .select('id, name, rating, tags')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ name, rating: 3.5, tags: ['water'] });
    expect(typeof data!.id).toBe('number');
  });

  it('inserts without returning anything by default (return=minimal)', async () => {
    const name = unique('Thabo');
    const { data, error, status } = await sb.from('fx_authors').insert({ name });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    expect(await authorNamed(name)).toHaveLength(1);
  });

  it('inserts many rows, filling absent keys with null, and counts them', async () => {
    const a = unique('Bulk A');
    const b = unique('Bulk B');
    const { error, count } = await sb
      .from('fx_authors')
      .insert([{ name: a, rating: 1 }, { name: b }], { count: 'exact' });
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect((await authorNamed(b))[0]).toMatchObject({ rating: null, tags: [] });
  });

  it('uses column defaults for absent keys with defaultToNull: false', async () => {
    const name = unique('Default');
    const { error } = await sb.from('fx_authors').insert(
      [
        { name, rating: 2 },
        { name: `${name} 2`, tags: ['x'] },
      ],
      { defaultToNull: false },
    );
    expect(error).toBeNull();
    const [row] = await authorNamed(name);
    expect(row.tags).toEqual([]);
  });

  it('reports a unique violation as 409 with code 23505', async () => {
    const { error, status } = await sb.from('fx_authors').insert({ name: 'Amina' });
    expect(status).toBe(409);
    expect(error!.code).toBe('23505');
    expect(error!.message).toContain('fx_authors_name_key');
  });

  it.each([
    ['a not-null violation', { author_id: 1 }, 400, '23502'],
    ['a check violation', { author_id: 1, title: 'x'.repeat(201) }, 400, '23514'],
    ['a foreign-key violation', { author_id: 999999, title: 'Orphan' }, 409, '23503'],
    ['invalid input syntax', { author_id: 'not-a-number', title: 'Bad' }, 400, '22P02'],
  ])('reports %s', async (_label, row, status, code) => {
    const res = await sb.from('fx_posts').insert(row as Record<string, unknown>);
    expect(res.status).toBe(status);
    expect(res.error!.code).toBe(code);
  });

  it('refuses a row the policy rejects: 401 for anon, 403 for a user', async () => {
    const anon = await sb.from('fx_authors').insert({ name: 'forbidden' });
    expect(anon.status).toBe(401);
    expect(anon.error!.code).toBe('42501');
    const user = await userClient().client.from('fx_authors').insert({ name: 'forbidden' });
    expect(user.status).toBe(403);
    expect(await authorNamed('forbidden')).toEqual([]);
  });

  it('rolls back a write when .single() sees more than one row', async () => {
    const a = unique('Single A');
    const { error, status } = await sb
      .from('fx_authors')
      .insert([{ name: a }, { name: `${a} 2` }])
      .select()
      .single();
    expect(status).toBe(406);
    expect(error!.code).toBe('PGRST116');
    expect(await authorNamed(a)).toEqual([]);
  });
});

describe('upsert', () => {
  it('merges duplicates on the primary key', async () => {
    const name = unique('Upsert');
    const { data: created } = await sb.from('fx_authors').insert({ name, rating: 1 }).select('id').single();
    const { data, error } = await sb
      .from('fx_authors')
      .upsert({ id: created!.id, name, rating: 5 })
      .select('id, rating');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: created!.id, rating: 5 }]);
  });

  it('merges on another unique column with onConflict', async () => {
    const name = unique('OnConflict');
    await sb.from('fx_authors').insert({ name, rating: 1 });
    const { error } = await sb.from('fx_authors').upsert({ name, rating: 2 }, { onConflict: 'name' });
    expect(error).toBeNull();
    expect((await authorNamed(name))[0].rating).toBe(2);
  });

  it('ignores duplicates with ignoreDuplicates', async () => {
    const name = unique('Ignore');
    await sb.from('fx_authors').insert({ name, rating: 1 });
    const { error } = await sb
      .from('fx_authors')
      .upsert({ name, rating: 9 }, { onConflict: 'name', ignoreDuplicates: true });
    expect(error).toBeNull();
    expect((await authorNamed(name))[0].rating).toBe(1);
  });
});

describe('update and delete', () => {
  it('updates filtered rows and returns them with .select()', async () => {
    const name = unique('Update');
    await sb.from('fx_authors').insert({ name, rating: 1 });
    const { data, error, status } = await sb
      .from('fx_authors')
      .update({ rating: 4.25, meta: { city: 'Polokwane' } })
      .eq('name', name)
      .select('rating, meta');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ rating: 4.25, meta: { city: 'Polokwane' } }]);
  });

  it('answers 204 without .select()', async () => {
    const name = unique('Update204');
    await sb.from('fx_authors').insert({ name });
    const { status, data } = await sb.from('fx_authors').update({ rating: 2 }).eq('name', name);
    expect(status).toBe(204);
    expect(data).toBeNull();
  });

  it.each([
    ['update', () => sb.from('fx_authors').update({ rating: 0 })],
    ['delete', () => sb.from('fx_authors').delete()],
  ])('refuses an unfiltered %s (safeupdate, 21000) and changes nothing', async (verb, run) => {
    const before = await admin.from('fx_authors').select('id', { count: 'exact', head: true });
    const { error, status } = await run();
    expect(status).toBe(400);
    expect(error!.code).toBe('21000');
    expect(error!.message).toBe(`${verb.toUpperCase()} requires a WHERE clause`);
    const after = await admin.from('fx_authors').select('id', { count: 'exact', head: true });
    expect(after.count).toBe(before.count);
  });

  it('deletes filtered rows and counts them', async () => {
    const name = unique('Delete');
    await sb.from('fx_authors').insert([{ name }, { name: `${name} b` }]);
    const { error, count, status } = await sb.from('fx_authors').delete({ count: 'exact' }).like('name', `${name}%`);
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(count).toBe(2);
    expect(await authorNamed(name)).toEqual([]);
  });

  it('makes rows hidden by RLS silently unaffected (0 rows, no error)', async () => {
    const owner = userClient();
    const other = userClient();
    const { data: note } = await owner.client
      .from('fx_notes')
      .insert({ owner_id: owner.sub, body: 'mine' })
      .select()
      .single();
    expect(note).toMatchObject({ owner_id: owner.sub, body: 'mine' });

    const read = await other.client.from('fx_notes').select('*').eq('id', note!.id);
    expect(read.data).toEqual([]);
    const upd = await other.client.from('fx_notes').update({ body: 'stolen' }).eq('id', note!.id).select();
    expect(upd.error).toBeNull();
    expect(upd.data).toEqual([]);
    const del = await other.client.from('fx_notes').delete().eq('id', note!.id);
    expect(del.error).toBeNull();

    const after = await admin.from('fx_notes').select('body').eq('id', note!.id).single();
    expect(after.data).toEqual({ body: 'mine' });
  });

  it('refuses a user writing a row as somebody else (with check)', async () => {
    const me = userClient();
    const { error, status } = await me.client.from('fx_notes').insert({ owner_id: randomUUID(), body: 'spoof' });
    expect(status).toBe(403);
    expect(error!.code).toBe('42501');
  });
});
