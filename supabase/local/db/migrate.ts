/**
 * Brings a database to the state the app expects: Supabase's platform objects (bootstrap.sql),
 * then every `supabase/migrations/*.sql` not applied yet, in file-name order, each in its own
 * transaction and recorded in supabase_migrations.schema_migrations exactly like the Supabase CLI
 * does, so the same files can be pushed to a hosted project unchanged.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from './engine.ts';

export const BOOTSTRAP_SQL = fs.readFileSync(path.join(import.meta.dirname, 'bootstrap.sql'), 'utf8');

export async function bootstrap(engine: Engine): Promise<void> {
  await engine.transaction((tx) => tx.exec(BOOTSTRAP_SQL));
}

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

/** `20250101120000_create_articles.sql` → version 20250101120000, name create_articles. */
export function listMigrations(dir: string): MigrationFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const [, version = '', name = ''] = /^(\d+)_(.+)\.sql$/.exec(f) ?? [];
      return { version, name, file: path.join(dir, f) };
    });
}

export async function migrate(engine: Engine, dir: string, log: (line: string) => void = () => {}): Promise<string[]> {
  const done = new Set(
    (await engine.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  const applied: string[] = [];
  for (const m of listMigrations(dir)) {
    if (done.has(m.version)) continue;
    const sql = fs.readFileSync(m.file, 'utf8');
    await engine.transaction(async (tx) => {
      await tx.exec('set local search_path to "$user", public, extensions');
      try {
        await tx.exec(sql);
      } catch (e) {
        (e as Error).message = `migration ${path.basename(m.file)} failed: ${(e as Error).message}`;
        throw e;
      }
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, array[$3::text])',
        [m.version, m.name, sql],
      );
    });
    log(`applied migration ${path.basename(m.file)}`);
    applied.push(m.version);
  }
  return applied;
}
