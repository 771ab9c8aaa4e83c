/**
 * `npm run publish-worker`: the publish worker as its own service (scripts/lib/publish/worker.ts),
 * for a deployment where the database's webhook calls it (docs/deploy.md). `npm start` runs the
 * same worker inside its process.
 *
 * Environment:
 *   SUPABASE_URL, SUPABASE_SECRET_KEY   the project and a secret key (sb_secret_…; the legacy
 *     SUPABASE_SERVICE_ROLE_KEY still works): the worker reads its publish queue
 *   PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_PUBLISHABLE_KEY (or the legacy PUBLIC_SUPABASE_ANON_KEY),
 *     SITE_URL   what the build uses (as `npm run build`)
 *   PUBLISH_WEBHOOK_SECRET   the shared secret the webhook sends as `Authorization: Bearer …`
 *   PUBLISH_WORKER_PORT (4322), PUBLISH_WORKER_HOST (127.0.0.1), PUBLISH_DEBOUNCE_MS (500)
 *   PUBLISH_POLL_MS (30000), PUBLISH_CLOCK_MS (60000; 0 when pg_cron runs publish_due())
 *   BUILD_HOOK_URL   forward to a hosting provider's build hook instead of building here
 *   PUBLISH_OUT_DIR, PUBLISH_CACHE_DIR, PUBLISH_RELEASES_DIR   the build's folders (as npm start's)
 */
import path from 'node:path';
import { createAstroBuilder } from './lib/astro-build.ts';
import { ASTRO_CACHE_DIR, DATA_DIR, DIST_DIR, PUBLIC_DIR, RELEASES_DIR } from './lib/paths.ts';
import { DEFAULT_DEBOUNCE_MS, createPublishWorker } from './lib/publish/worker.ts';
import { weakWebhookSecret } from '../supabase/local/config.ts';

/** The first of `names` that is set: the new name first, then its legacy one. */
function required(...names: [string, ...string[]]): string {
  const value = names.map((name) => process.env[name]).find(Boolean);
  if (!value) {
    console.error(`${names[0]} is required (see the header of scripts/publish-worker.ts).`);
    process.exit(2);
  }
  return value;
}

const apiUrl = required('SUPABASE_URL');
const secretKey = required('SUPABASE_SECRET_KEY', 'SUPABASE_SERVICE_ROLE_KEY');
const secret = required('PUBLISH_WEBHOOK_SECRET');
const host = process.env.PUBLISH_WORKER_HOST ?? '127.0.0.1';
const weak = weakWebhookSecret(secret, host);
if (weak) {
  console.error(`Refusing to listen on ${host}: ${weak}.`);
  process.exit(2);
}
const buildHookUrl = process.env.BUILD_HOOK_URL || undefined;
const outDir = path.resolve(process.env.PUBLISH_OUT_DIR ?? DIST_DIR);
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

// Each build in a process that loaded Astro while the worker was idle (scripts/lib/astro-build.ts).
const builder = createAstroBuilder();
const worker = createPublishWorker({
  site: {
    workDir: outDir,
    cacheDir: path.resolve(process.env.PUBLISH_CACHE_DIR ?? ASTRO_CACHE_DIR),
    releasesDir: path.resolve(process.env.PUBLISH_RELEASES_DIR ?? RELEASES_DIR),
    publicDir: PUBLIC_DIR,
  },
  startBuild: () =>
    builder.run({
      apiUrl: buildHookUrl ? apiUrl : required('PUBLIC_SUPABASE_URL'),
      publishableKey: buildHookUrl ? '' : required('PUBLIC_SUPABASE_PUBLISHABLE_KEY', 'PUBLIC_SUPABASE_ANON_KEY'),
      siteUrl: process.env.SITE_URL ?? 'http://127.0.0.1:4321',
      outDir,
      cacheDir: path.resolve(process.env.PUBLISH_CACHE_DIR ?? ASTRO_CACHE_DIR),
      keepOutDir: true,
      quiet: true,
    }),
  warmBuild: () => void builder.warm(),
  apiUrl,
  secretKey,
  secret,
  buildHookUrl,
  debounceMs: num('PUBLISH_DEBOUNCE_MS', DEFAULT_DEBOUNCE_MS),
  pollMs: num('PUBLISH_POLL_MS', 30_000),
  clockMs: num('PUBLISH_CLOCK_MS', 60_000),
  logFile: path.join(DATA_DIR, 'publish', 'build.log'),
  log: (line) => console.log(line),
});

const port = await worker.listen(num('PUBLISH_WORKER_PORT', 4322), host);
console.log(`Publish worker on http://127.0.0.1:${port} (POST /webhook, GET /status)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    builder.close();
    void worker.stop().then(() => process.exit(0));
  });
}
