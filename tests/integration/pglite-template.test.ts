/**
 * The migrated PGlite template `npm test` starts its servers from (supabase/local/db/
 * pglite-template.ts): a server started from it has run no migration itself and has the same
 * schema, policies, grants and functions as one migrated from scratch; a template made from
 * other migrations, or before a migration changed, is not used.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { startLocalServer, type LocalServer } from '../../supabase/local/server.ts';
import {
  PGLITE_TEMPLATE_ENV,
  pgliteTemplateFor,
  writePgliteTemplate,
} from '../../supabase/local/db/pglite-template.ts';
import { ROOT, makeScratchDir } from '../../scripts/lib/paths.ts';

const MIGRATIONS = path.join(ROOT, 'supabase', 'migrations');
const tmp = makeScratchDir('pglite-template-test-');
const template = path.join(tmp, 'migrated.tar');
const before = process.env[PGLITE_TEMPLATE_ENV];

/** Everything the migrations make, as one digest per kind. */
const CATALOGUE = `
  select kind, md5(string_agg(item, E'\\n' order by item)) as digest, count(*)::int as n from (
    select 'relation' as kind, n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' rls=' || c.relrowsecurity as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
    union all
    select 'function', n.nspname || '.' || p.proname || ' ' || md5(pg_get_functiondef(p.oid))
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.prokind in ('f', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
    union all
    select 'policy', schemaname || '.' || tablename || '.' || policyname || ' ' || cmd || ' ' ||
      coalesce(qual, '') || ' ' || coalesce(with_check, '') from pg_policies
    union all
    select 'grant', table_schema || '.' || table_name || ' ' || grantee || ' ' || privilege_type
      from information_schema.role_table_grants where table_schema not in ('pg_catalog', 'information_schema')
    union all
    select 'migration', version from supabase_migrations.schema_migrations
  ) x group by kind order by kind`;

async function start(useTemplate: boolean): Promise<{ server: LocalServer; applied: string[] }> {
  if (useTemplate) process.env[PGLITE_TEMPLATE_ENV] = template;
  else delete process.env[PGLITE_TEMPLATE_ENV];
  const applied: string[] = [];
  const server = await startLocalServer(
    loadConfig({ port: 0, inMemory: true, databaseUrl: undefined, dataDir: makeScratchDir('pglite-template-srv-') }),
    (line) => {
      if (line.startsWith('applied migration')) applied.push(line);
    },
  );
  return { server, applied };
}

beforeAll(async () => {
  await writePgliteTemplate(template, MIGRATIONS);
}, 120_000);

afterAll(() => {
  if (before === undefined) delete process.env[PGLITE_TEMPLATE_ENV];
  else process.env[PGLITE_TEMPLATE_ENV] = before;
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a server started from the migrated template', () => {
  it('runs no migration itself and has the schema of a server migrated from scratch', async () => {
    const scratch = await start(false);
    const fromTemplate = await start(true);
    try {
      const migrations = fs.readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).length;
      expect(migrations).toBeGreaterThan(40);
      expect(scratch.applied).toHaveLength(migrations);
      expect(fromTemplate.applied).toEqual([]);
      const a = (await scratch.server.engine.query(CATALOGUE)).rows;
      const b = (await fromTemplate.server.engine.query(CATALOGUE)).rows;
      expect(a.map((r) => r.kind)).toEqual(['function', 'grant', 'migration', 'policy', 'relation']);
      expect(b).toEqual(a);
    } finally {
      await scratch.server.close();
      await fromTemplate.server.close();
    }
  }, 120_000);
});

describe('a template that does not match', () => {
  it('is not used for other migrations, nor after a migration changed', () => {
    process.env[PGLITE_TEMPLATE_ENV] = template;
    expect(pgliteTemplateFor(MIGRATIONS)).toBeInstanceOf(Blob);
    expect(pgliteTemplateFor(path.join(ROOT, 'tests', 'fixtures', 'migrations'))).toBeUndefined();
    // The same folder made elsewhere, then one migration edited.
    const copy = path.join(tmp, 'migrations');
    fs.cpSync(MIGRATIONS, copy, { recursive: true });
    const info = JSON.parse(fs.readFileSync(`${template}.json`, 'utf8')) as { migrationsDir: string };
    fs.writeFileSync(`${template}.json`, JSON.stringify({ ...info, migrationsDir: copy }));
    expect(pgliteTemplateFor(copy)).toBeInstanceOf(Blob);
    const last = fs.readdirSync(copy).sort().at(-1)!;
    fs.appendFileSync(path.join(copy, last), '\n-- changed\n');
    expect(pgliteTemplateFor(copy)).toBeUndefined();
  });
});
