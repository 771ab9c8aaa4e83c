/**
 * The deploy rehearsal's deployment (issue 24), started by Playwright's webServer
 * (playwright.rehearsal.config.ts): docs/deploy.md followed step by step against a local stack
 * that behaves like a Supabase project created today.
 *
 * - Supabase: PostgreSQL 15 with only what a new project has (the local server's bootstrap, no
 *   migrations), in "hosted" mode: no default grants, publishable and secret keys only (the
 *   legacy JWT keys refused), user tokens signed with an asymmetric key, no Storage image
 *   renderer (the Free plan), and auth mail through custom SMTP, here the local mail catcher.
 * - `npx supabase db push` applies the migrations, as for a linked project.
 * - The first admin is an account added in Supabase (Authentication → Add user, here the same
 *   admin API call), then `npm run setup:production -- --admin …`.
 * - The publish worker runs as its own service (`npm run publish-worker`) with the environment
 *   deploy.md lists, builds the first release and each publish; a static host serves the
 *   releases.
 *
 * Every step is a child process with only the environment the docs name, so a variable the docs
 * forget fails here. Ready when the site answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { loadConfig } from '../../supabase/local/config.ts';
import { startLocalServer, type LocalServer } from '../../supabase/local/server.ts';
import { startMailCatcher, type MailCatcher } from '../../scripts/lib/mail-catcher.ts';
import { startPgCluster, type PgCluster } from '../../scripts/lib/pg-cluster.ts';
import { REHEARSAL } from './env.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const node = process.execPath;
const WEBHOOK_SECRET = 'rehearsal-webhook-secret-of-at-least-32-characters';

fs.rmSync(REHEARSAL.dir, { recursive: true, force: true });
const dirs = {
  empty: path.join(REHEARSAL.dir, 'no-migrations'),
  data: path.join(REHEARSAL.dir, 'supabase'),
  out: path.join(REHEARSAL.dir, 'dist'),
  cache: path.join(REHEARSAL.dir, 'cache'),
  releases: path.join(REHEARSAL.dir, 'releases'),
};
for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true });

let cluster: PgCluster | undefined;
let mail: MailCatcher | undefined;
let server: LocalServer | undefined;
const children: ChildProcess[] = [];

/** Runs a command to completion with exactly `env` (plus PATH and HOME), or throws with its output. */
function run(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { cwd: root, env: { ...baseEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

/** Starts a long-running service; its output is prefixed and echoed. */
function service(name: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(node, args, { cwd: root, env: { ...baseEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const echo = (d: Buffer) => process.stdout.write(d.toString().replace(/^(?=.)/gm, `[${name}] `));
  child.stdout!.on('data', echo);
  child.stderr!.on('data', echo);
  children.push(child);
  return child;
}

function baseEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ASTRO_TELEMETRY_DISABLED: '1' };
}

async function main() {
  // 1. A Supabase project created today.
  [cluster, mail] = await Promise.all([startPgCluster(), startMailCatcher({ httpPort: REHEARSAL.mailPort })]);
  const config = loadConfig({
    profile: 'hosted',
    port: REHEARSAL.apiPort,
    host: REHEARSAL.host,
    databaseUrl: cluster.url,
    dataDir: dirs.data,
    migrationsDir: dirs.empty,
    siteUrl: REHEARSAL.siteUrl,
    bcryptCost: 4,
    smtp: {
      host: REHEARSAL.host,
      port: mail.smtpPort,
      user: undefined,
      pass: undefined,
      adminEmail: 'news@newsroom.example',
      senderName: 'ESG Africa News',
    },
    // Database Webhooks: pg_net on hosted; the local server delivers the same payload itself.
    publishWebhookUrl: `http://${REHEARSAL.host}:${REHEARSAL.workerPort}/webhook`,
    publishWebhookSecret: WEBHOOK_SECRET,
  });
  server = await startLocalServer(config, (line) => console.log(`[supabase] ${line}`));
  const keys = { publishable: config.publishableKey, secret: config.secretKey };

  // 2. deploy.md §1: the migrations, with the Supabase CLI.
  console.log(
    await run(['node_modules/.bin/supabase', 'db', 'push', `--remote=${cluster.url}`, '--yes'], {
      SUPABASE_TELEMETRY_DISABLED: '1',
    }),
  );
  await server.reloadSchema();

  // 3. The first admin: an account added in Supabase, then the production setup.
  const admin = createClient(REHEARSAL.apiUrl, keys.secret, { auth: { persistSession: false } });
  const { error } = await admin.auth.admin.createUser({
    email: REHEARSAL.admin.email,
    password: REHEARSAL.admin.password,
    email_confirm: true,
  });
  if (error) throw new Error(`adding the admin failed: ${error.message}`);
  console.log(
    await run(['scripts/setup-production.ts', '--admin', REHEARSAL.admin.email], {
      SUPABASE_URL: REHEARSAL.apiUrl,
      SUPABASE_SECRET_KEY: keys.secret,
    }),
  );

  // 4. deploy.md §2 and §3: the publish worker and the static host.
  service('worker', ['scripts/publish-worker.ts'], {
    SUPABASE_URL: REHEARSAL.apiUrl,
    SUPABASE_SECRET_KEY: keys.secret,
    PUBLIC_SUPABASE_URL: REHEARSAL.apiUrl,
    PUBLIC_SUPABASE_PUBLISHABLE_KEY: keys.publishable,
    PUBLIC_IMAGE_TRANSFORMS: 'build',
    SITE_URL: REHEARSAL.siteUrl,
    PUBLISH_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PUBLISH_WORKER_PORT: String(REHEARSAL.workerPort),
    PUBLISH_OUT_DIR: dirs.out,
    PUBLISH_CACHE_DIR: dirs.cache,
    PUBLISH_RELEASES_DIR: dirs.releases,
  });
  service(
    'site',
    ['scripts/serve-static.ts', '--dir', dirs.releases, '--releases', '--quiet', '--port', String(REHEARSAL.sitePort)],
    {},
  );

  fs.writeFileSync(path.join(REHEARSAL.dir, 'keys.json'), JSON.stringify(keys, null, 2));
  console.log(`rehearsal deployment ready: site ${REHEARSAL.siteUrl}, API ${REHEARSAL.apiUrl}, mail ${mail.httpUrl}`);
}

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await Promise.allSettled(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)),
  );
  await server?.close().catch(() => {});
  await mail?.close().catch(() => {});
  await cluster?.stop().catch(() => {});
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) void stop(0);
}, 1000).unref();

main().catch((e: unknown) => {
  console.error(e);
  void stop(1);
});
