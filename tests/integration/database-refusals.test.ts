/**
 * No raw database text reaches a person (issue 28): every CHECK constraint of the public schema
 * has a catalogue message in src/lib/rules/database-errors.ts, and a refused write is worded by
 * it, never by the database.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS } from '../../src/lib/messages/refusals.ts';
import { CHECK_MESSAGES, refusalMessage } from '../../src/lib/rules/database-errors.ts';
import { ARTICLE_REFUSALS } from '../../src/dashboard/features/article-form/api/save-refusals.ts';
import { DISPLAY_NAME_MAX_CHARS } from '../../src/lib/rules/profile/profile-rules.ts';
import { loadCatalogue } from '../support/catalogue.ts';
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

/** Every file of src/lib/messages/, read from the folder. */
const catalogue = await loadCatalogue();

/** Every text of the catalogue (src/lib/messages/), functions called with a sample argument. */
function catalogueTexts(): Set<string> {
  const texts = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.add(value);
    else if (typeof value === 'function') {
      try {
        const n = DISPLAY_NAME_MAX_CHARS;
        texts.add(String((value as (a: number, b: number) => unknown)(n, n)));
      } catch {
        // a text made from other kinds of values: not one the mapping uses
      }
    } else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(catalogue);
  return texts;
}

describe('every check constraint has a catalogue message', () => {
  it('the mapping names each CHECK constraint in public, and none that is gone', async () => {
    const rows = await catalog<{ name: string }>(
      `select c.conname as name from pg_constraint c join pg_class r on r.oid = c.conrelid
        where c.contype = 'c' and c.connamespace = 'public'::regnamespace and r.relname not like 'fx\\_%'`,
    );
    const names = rows.map((r) => r.name).sort();
    expect(names.length).toBeGreaterThan(40);
    expect(Object.keys({ ...CHECK_MESSAGES, ...ARTICLE_REFUSALS.checks }).sort()).toEqual(names);
  });

  it('each message, and each save rule’s, is a text of the catalogue', () => {
    const texts = catalogueTexts();
    for (const [name, message] of Object.entries({
      ...CHECK_MESSAGES,
      ...ARTICLE_REFUSALS.checks,
      ...ARTICLE_REFUSALS.rules,
    })) {
      expect(texts.has(message), `${name}: ${message}`).toBe(true);
    }
  });

  it('a refused write is worded by its constraint, never by the database', async () => {
    const { error } = await w.clients.admin.from('events').insert({
      title: 'Forum',
      event_date: new Date().toISOString(),
      location: 'Durban',
      link: 'www.example.org',
    });
    expect(error!.code).toBe('23514');
    expect(refusalMessage(error!, 'fallback')).toBe(REFUSALS.eventLink);
    const denied = await w.clients.reader.from('events').insert({
      title: 'Forum',
      event_date: new Date().toISOString(),
      location: 'Durban',
    });
    expect(refusalMessage(denied.error!, 'fallback')).toBe(REFUSALS.notAllowed);
    expect(refusalMessage({ code: 'XX000', message: 'internal error' }, 'fallback')).toBe('fallback');
  });
});
