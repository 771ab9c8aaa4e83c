/**
 * The display name (staff-dashboard.md §5, issue 28): required, in the database as well, and one
 * length limit for the input, the form's check and profiles_display_name_check.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PROFILE } from '../../src/lib/messages/profile.ts';
import { refusalMessage } from '../../src/lib/rules/database-errors.ts';
import { DISPLAY_NAME_MAX_CHARS } from '../../src/lib/rules/profile/profile-rules.ts';
import { serviceClient } from '../support/clients.ts';
import { buildWorld, type World } from '../support/world.ts';

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

describe('the display name (staff-dashboard.md §5)', () => {
  it('the database’s limit is the form’s: DISPLAY_NAME_MAX_CHARS', async () => {
    const [row] = await catalog<{ def: string }>(
      `select pg_get_constraintdef(oid) as def from pg_constraint
        where conname = 'profiles_display_name_check' and conrelid = 'public.profiles'::regclass`,
    );
    // PostgreSQL prints 'between 1 and 80' as '>= 1' and '<= 80'.
    const bounds = [/>= (\d+)/, /<= (\d+)/].map((bound) => Number(bound.exec(row!.def)?.[1]));
    expect(row!.def).toMatch(/btrim\(display_name\)/);
    expect(bounds).toEqual([1, DISPLAY_NAME_MAX_CHARS]);
  });

  it('required and at most the limit, in the database too, worded by the catalogue', async () => {
    const update = (display_name: string) =>
      w.clients.reader.from('profiles').update({ display_name }).eq('id', w.ids.reader);
    expect((await update('x'.repeat(DISPLAY_NAME_MAX_CHARS))).error).toBeNull();
    for (const refused of ['   ', 'x'.repeat(DISPLAY_NAME_MAX_CHARS + 1)]) {
      const { error } = await update(refused);
      expect(error!.code).toBe('23514');
      expect(refusalMessage(error!, 'fallback')).toBe(PROFILE.displayNameTooLong(DISPLAY_NAME_MAX_CHARS));
    }
    expect((await update('Test reader')).error).toBeNull();
  });
});
