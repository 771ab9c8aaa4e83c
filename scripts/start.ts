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
 * PostgreSQL server instead of PGlite, LOCAL_SMTP=1 to send auth mail by SMTP to a local mail
 * catcher (scripts/lib/mail-catcher.ts) instead of the mailbox page (see
 * supabase/local/config.ts for the rest).
 */
import path from 'node:path';
import { SITE_NAME } from '../supabase/local/auth/mail-templates.ts';
import { loadConfig } from '../supabase/local/config.ts';
import { AlreadyRunningError, acquireLock, type Lock } from './lib/lock.ts';
import { startMailCatcher, type MailCatcher } from './lib/mail-catcher.ts';
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

// LOCAL_SMTP=1: auth mail really goes out by SMTP, to a catcher on this machine, as the Supabase
// CLI's Mailpit; on the CLI's ports (SMTP 54325, web 54324) unless LOCAL_SMTP_PORT /
// LOCAL_SMTP_HTTP_PORT say otherwise.
let catcher: MailCatcher | undefined;
if (process.env.LOCAL_SMTP === '1') {
  try {
    catcher = await startMailCatcher({
      smtpPort: Number(process.env.LOCAL_SMTP_PORT || 54325),
      httpPort: Number(process.env.LOCAL_SMTP_HTTP_PORT || 54324),
    });
  } catch (e) {
    console.error(`The local mail catcher could not start: ${describe(e)}`);
    process.exit(1);
  }
}
const config = loadConfig({
  siteUrl,
  ...(catcher && {
    smtp: {
      host: '127.0.0.1',
      port: catcher.smtpPort,
      user: undefined,
      pass: undefined,
      adminEmail: 'no-reply@esg-africa-news.test',
      senderName: SITE_NAME,
    },
  }),
});
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
  Promise.all([stack.stop(), catcher?.close()]).then(
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
  await Promise.all([stack.stop().catch(() => {}), catcher?.close()]);
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
${
  catcher
    ? `  Mail catcher   ${catcher.httpUrl}/api/messages   (sign-up and password e-mails, sent by SMTP to 127.0.0.1:${catcher.smtpPort})`
    : `  Mailbox URL    ${api.url}/mailbox   (sign-up and password e-mails land here)`
}
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
