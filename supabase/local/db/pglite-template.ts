/**
 * A migrated PGlite data directory kept as a tar file, for test runs that start many servers:
 * `npm test` starts ~20, and each spent ~1.8 CPU-seconds in initdb and ~0.7 s in the bootstrap
 * and migrations before its first request; loading this file takes ~0.6 s (measured on PGlite
 * 0.5.16, 26 November 2026). `scripts/test.ts` makes it once per run and names it in
 * SUPABASE_LOCAL_PGLITE_TEMPLATE for every suite it starts. A server uses it only for a new
 * database (in memory, or an empty folder) whose migrations folder is the one the template was
 * made from, byte for byte: anything else starts from initdb as without it. The bootstrap and
 * the migrations still run after the load and find nothing to do, so a server started from the
 * template reaches the same state by the same code (tests/integration/pglite-template.test.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from './engine.ts';
import { openPglite } from './pglite.ts';
import { BOOTSTRAP_SQL, bootstrap, listMigrations, migrate } from './migrate.ts';

export const PGLITE_TEMPLATE_ENV = 'SUPABASE_LOCAL_PGLITE_TEMPLATE';

interface TemplateInfo {
  migrationsDir: string;
  /** sha256 of bootstrap.sql and every migration's name and bytes. */
  key: string;
}

const infoPath = (file: string) => `${file}.json`;

function keyOf(migrationsDir: string): string {
  const h = createHash('sha256').update(BOOTSTRAP_SQL);
  for (const m of listMigrations(migrationsDir)) h.update(`\0${m.version}_${m.name}\0`).update(fs.readFileSync(m.file));
  return h.digest('hex');
}

/** Bootstraps and migrates a new in-memory PGlite and writes it to `file` (+ `file.json`). */
export async function writePgliteTemplate(file: string, migrationsDir: string): Promise<void> {
  const driver = await openPglite(undefined);
  try {
    const engine: Engine = { ...driver, transaction: (fn, options = {}) => driver.transaction(fn, options, undefined) };
    await bootstrap(engine);
    await migrate(engine, migrationsDir);
    const tar = await driver.dumpDataDir();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
    const info: TemplateInfo = { migrationsDir: path.resolve(migrationsDir), key: keyOf(migrationsDir) };
    fs.writeFileSync(infoPath(file), JSON.stringify(info));
  } finally {
    await driver.close();
  }
}

/**
 * The template named in SUPABASE_LOCAL_PGLITE_TEMPLATE when it was made from `migrationsDir` as
 * it is now, else undefined.
 */
export function pgliteTemplateFor(migrationsDir: string): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return undefined;
  let info: TemplateInfo;
  try {
    info = JSON.parse(fs.readFileSync(infoPath(file), 'utf8')) as TemplateInfo;
  } catch {
    return undefined;
  }
  if (info.migrationsDir !== path.resolve(migrationsDir) || info.key !== keyOf(migrationsDir)) return undefined;
  return new Blob([fs.readFileSync(file)]);
}
