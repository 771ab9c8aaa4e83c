/**
 * `npm run db:reset`: forgets all local data so the next `npm start` migrates and seeds a fresh
 * database. Deletes the embedded database and stored files (.data/supabase), the built site
 * (dist/), its served releases (.data/releases) and Astro's build cache (kept together with dist/).
 * Refuses while `npm start` runs.
 *
 * With DATABASE_URL set, the database lives in that PostgreSQL server and is not touched here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { livePid } from './lib/lock.ts';
import { ASTRO_CACHE_DIR, DIST_DIR, RELEASES_DIR, ROOT, START_LOCK, SUPABASE_DATA_DIR } from './lib/paths.ts';

const pid = livePid(START_LOCK);
if (pid !== undefined) {
  console.error(`ESG Africa News is running (pid ${pid}) — stop it first (Ctrl-C in its terminal), then reset.`);
  process.exit(1);
}

const dataDir = process.env.SUPABASE_LOCAL_DATA_DIR
  ? path.resolve(process.env.SUPABASE_LOCAL_DATA_DIR)
  : SUPABASE_DATA_DIR;
for (const dir of [dataDir, DIST_DIR, RELEASES_DIR, ASTRO_CACHE_DIR]) {
  if (!fs.existsSync(dir)) continue;
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`Deleted ${path.relative(ROOT, dir) || dir}`);
}
fs.rmSync(START_LOCK, { force: true }); // a stale lock, if any
if (process.env.DATABASE_URL) {
  console.log('Note: DATABASE_URL is set; that PostgreSQL database was not changed.');
}
console.log('Local data reset. `npm start` will migrate and seed a fresh database.');
