/**
 * `npm start`: the whole product on this machine with nothing but Node.
 *
 *   1. takes .data/start.lock (one start at a time),
 *   2. starts the local Supabase-compatible server (PGlite in .data/supabase, migrations applied),
 *   3. seeds the demo content on first run (scripts/seed, when present),
 *   4. serves the last build, if any, like a production static host on http://127.0.0.1:4321,
 *   5. builds the static site against the API (astro build → dist/) and swaps it in atomically
 *      as a new release (.data/releases, scripts/lib/release/): the site is never offline; a
 *      build that fails (the database refuses or is gone) keeps the previous build live and says
 *      so loudly, and only a first-ever build that fails stops the start,
 *   6. runs until Ctrl-C / SIGTERM, then stops everything and removes the lock.
 *
 * Environment: PORT / HOST for the site, SUPABASE_LOCAL_PORT for the API, DATABASE_URL to use a
 * PostgreSQL server instead of PGlite (see supabase/local/config.ts for the rest).
 *
 * Mail: an SMTP catcher (scripts/lib/mail-catcher.ts) on 127.0.0.1:54325 (LOCAL_SMTP_PORT) puts
 * every message it receives in the Mailbox page with its headers and raw source; the newsletter
 * sender (scripts/lib/newsletter/) sends to it, its unsubscribe links on port 4323
 * (NEWSLETTER_PORT). LOCAL_SMTP=1 sends the auth mail through the catcher too.
 */
import path from 'node:path';
import { loadConfig } from '../supabase/local/config.ts';
import { AlreadyRunningError, acquireLock, type Lock } from './lib/lock.ts';
import { ASTRO_CACHE_DIR, DIST_DIR, RELEASES_DIR, START_LOCK } from './lib/paths.ts';
import { StackStoppedError, createStack } from './lib/stack.ts';

const DEMO_ACCOUNTS = [
  ['admin@demo.test', 'admin: the whole dashboard, all drafts, the archive'],
  ['author@demo.test', 'author: the dashboard, own articles and drafts'],
  ['reader@demo.test', 'reader: bookmarks, comments, reactions, profile'],
] as const;
const DEMO_PASSWORD = 'demo-password';

const siteHost = process.env.HOST || '127.0.0.1';
const sitePort = Number(process.env.PORT || 4321);
const siteUrl = `http://${siteHost}:${sitePort}`;
const log = (line: string) => console.log(line);

let lock: Lock;
try {
  lock = acquireLock(START_LOCK);
} catch (e) {
  if (e instanceof AlreadyRunningError) {
    console.error(`ESG Africa News is already running (pid ${e.pid}) — stop it first (Ctrl-C in its terminal).`);
    process.exit(1);
  }
  throw e;
}
// Whatever happens from here on, the lock goes with this process.
process.on('exit', () => lock.release());

const config = loadConfig({ siteUrl });
const stack = createStack({
  config,
  siteHost,
  sitePort,
  outDir: DIST_DIR,
  cacheDir: ASTRO_CACHE_DIR,
  releasesDir: RELEASES_DIR,
  seed: true,
  seedMarker: path.join(config.dataDir, 'seed-interrupted'),
  // Publishing in the dashboard rebuilds the changed pages within seconds.
  publish: { port: Number(process.env.PUBLISH_WORKER_PORT || 4322) },
  // The SMTP catcher on the Supabase CLI's Mailpit port, and the newsletter sender.
  mail: {
    smtpPort: Number(process.env.LOCAL_SMTP_PORT || 54325),
    senderPort: Number(process.env.NEWSLETTER_PORT || 4323),
    authBySmtp: process.env.LOCAL_SMTP === '1',
  },
  keepPreviousOnBuildFailure: true,
  log,
});

let stopping = false;
function shutdown(reason: string): void {
  if (stopping) {
    console.log('\nForced exit.');
    process.exit(130);
  }
  stopping = true;
  console.log(`\nStopping ESG Africa News (${reason})…`);
  stack.stop().then(
    () => {
      console.log('Stopped.');
      process.exit(0);
    },
    (e: unknown) => {
      console.error('Error while stopping:', e);
      process.exit(1);
    },
  );
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(signal));
// npm does not pass SIGTERM on to the script: when it dies, this process is re-parented. Stop
// then too, rather than keep the ports and the lock with nobody left to press Ctrl-C.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid && !stopping) shutdown('parent process exited');
}, 1000).unref();

function describe(e: unknown): string {
  const err = e as NodeJS.ErrnoException & { port?: number };
  if (err.code === 'EADDRINUSE') {
    return `Port ${err.port ?? ''} is already in use by another program. Stop it, or set PORT (site) / SUPABASE_LOCAL_PORT (API).`;
  }
  return err.stack ?? String(e);
}

try {
  console.log('Starting ESG Africa News…');
  await stack.start();
} catch (e) {
  if (e instanceof StackStoppedError) await new Promise(() => {}); // the signal handler exits once stopped
  console.error(`\nStart-up failed: ${describe(e)}`);
  await stack.stop().catch(() => {});
  process.exit(1);
}

const api = stack.server!;
const engine =
  api.engine.kind === 'pglite'
    ? `PGlite (embedded Postgres, data in ${config.dataDir})`
    : `${api.engine.kind} (DATABASE_URL)`;
const width = Math.max(...DEMO_ACCOUNTS.map(([email]) => email.length));
console.log(`
────────────────────────────────────────────────────────────────────────
  ESG Africa News is running

  Site URL       ${siteUrl}/
  Dashboard URL  ${siteUrl}/dashboard
  API URL        ${api.url}   (Supabase-compatible: /rest/v1, /auth/v1, /storage/v1)
  Mailbox URL    ${api.url}/mailbox   (every e-mail: auth mail, and all sent by SMTP to 127.0.0.1:${stack.mail?.catcher.smtpPort ?? '-'})
  Newsletter     ${stack.mail ? `${stack.mail.senderUrl}/status` : 'off'}   (the sender: welcome mails, issues, unsubscribe links)
  Publishing     ${stack.worker ? `http://127.0.0.1:${stack.worker.port}/status` : 'off'}   (the worker that rebuilds changed pages)
  Engine         ${engine}

  Demo accounts (password: ${DEMO_PASSWORD})
${DEMO_ACCOUNTS.map(([email, role]) => `    ${email.padEnd(width)}  ${role}`).join('\n')}

  Publishable key   ${config.publishableKey}
  Secret key        ${config.secretKey}   (server-side only: it bypasses row-level security)

  Press Ctrl-C to stop. \`npm run db:reset\` starts over with fresh demo data.
────────────────────────────────────────────────────────────────────────
`);
if (stack.buildFailure) {
  console.error(
    `WARNING: the site build FAILED, so the site above is the previous build, not today's data:\n` +
      `${stack.buildFailure}\n\nFix the cause; the next publish (or a restart) builds again.`,
  );
}
