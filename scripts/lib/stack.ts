/**
 * The whole local product in one process: the Supabase-compatible API (migrated, seeded on first
 * run), a static build of the site against it, and the static host serving that build. Used by
 * `npm start` and by the end-to-end tests (with an in-memory database and other ports).
 *
 * The site never goes offline on a restart: the static host starts first and serves the last
 * release (scripts/lib/release/) while the new build runs, and the new release replaces it
 * atomically once complete. Only the very first start answers 503 until its build is done.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerConfig } from '../../supabase/local/config.ts';
import type { LocalServer } from '../../supabase/local/server.ts';
import { storeCaughtMail } from '../../supabase/local/auth/mailbox.ts';
import { SITE_NAME } from '../../src/lib/site.ts';
import { createAstroBuilder } from './astro-build.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';
import { createSenderHttp } from './newsletter/http.ts';
import { createNewsletterSender, type NewsletterSender } from './newsletter/sender.ts';
import { PUBLIC_DIR, SEED_MODULE } from './paths.ts';
import { currentRelease, deactivateRelease } from './release/releases.ts';
import { createPublishWorker, type PublishWorker } from './publish/worker.ts';
import type { StaticServer } from './static-server.ts';
import { startStaticServerThread } from './static-server-thread.ts';

export interface StackOptions {
  config: ServerConfig;
  /** Where the site is served; its origin must be the config's siteUrl for auth redirects. */
  siteHost: string;
  sitePort: number;
  /** Astro's outDir, updated in place by incremental builds and never served itself. */
  outDir: string;
  /** Astro's cache for outDir. */
  cacheDir: string;
  /** Where the served snapshots of outDir live (scripts/lib/release/). */
  releasesDir: string;
  /**
   * Serve the last release while building (default). Off when the last release does not belong
   * to this database, e.g. the end-to-end stack's fresh in-memory one: the host then answers 503
   * until the new build is live, so nobody mistakes the old site for the new one.
   */
  servePrevious?: boolean;
  /** Run the demo seed (scripts/seed) when the database is empty. */
  seed: boolean;
  /** A file that exists while the seed runs, to notice a seed interrupted by Ctrl-C or a crash. */
  seedMarker?: string;
  /** Runs after the seed and before the build (end-to-end fixtures the demo content lacks). */
  afterSeed?: (server: LocalServer) => Promise<void>;
  /** Hide Astro's build output unless the build fails. */
  quietBuild?: boolean;
  /**
   * Run the publish worker (scripts/lib/publish/worker.ts) on this port (0 = any free one): the
   * API's Database Webhooks call it and every change to a public page is live within seconds.
   * It also makes the start-up build. Off: the site is built once at start.
   */
  publish?: { port: number; debounceMs?: number; maxWaitMs?: number; pollMs?: number };
  /**
   * When the start-up build fails but an earlier release exists: keep serving it (and the API
   * and the worker, which retries while changes are pending) and report the failure in
   * `buildFailure`, instead of rejecting start(). `npm start` sets it: a database error at build
   * time must not take the site offline. Without an earlier release, start() rejects as before.
   */
  keepPreviousOnBuildFailure?: boolean;
  /**
   * Mail as in production, on this machine (issue 30): an SMTP catcher on `smtpPort` (0 = any
   * free port) whose messages land in the API's /mailbox with their headers and raw source, and
   * the newsletter sender (scripts/lib/newsletter/) sending to it, its unsubscribe links served on
   * `senderPort`. `authBySmtp` sends the auth mail through the catcher too.
   */
  mail?: { smtpPort: number; senderPort: number; pollMs?: number; ratePerSecond?: number; authBySmtp?: boolean };
  log: (line: string) => void;
}

export class StackStoppedError extends Error {
  constructor() {
    super('stopped during start-up');
  }
}

export interface Stack {
  readonly server: LocalServer | undefined;
  readonly site: StaticServer | undefined;
  /** The publish worker, when `publish` is set. */
  readonly worker: PublishWorker | undefined;
  /** The SMTP catcher and the newsletter sender, when `mail` is set. */
  readonly mail: { catcher: MailCatcher; sender: NewsletterSender; senderUrl: string } | undefined;
  /** Why the start-up build failed, when start() kept the previous release live instead. */
  readonly buildFailure: string | undefined;
  /** Rejects with StackStoppedError when stop() interrupts it; on other errors call stop(). */
  start(): Promise<void>;
  /** Stops whatever is running (also in the middle of start()); safe to call twice. */
  stop(): Promise<void>;
}

async function runSeed(server: LocalServer, log: (line: string) => void, marker?: string): Promise<void> {
  const interrupted = marker !== undefined && fs.existsSync(marker);
  if (interrupted) {
    log('WARNING: the demo seed of an earlier start was interrupted, so the demo data is incomplete.');
    log('         Stop and run `npm run db:reset` to start over with complete demo data.');
  }
  if (!fs.existsSync(SEED_MODULE)) {
    log('No seed module (scripts/seed/index.ts): the database starts empty.');
    return;
  }
  const mod = (await import(pathToFileURL(SEED_MODULE).href)) as {
    seedIfEmpty?: (server: LocalServer, log: (line: string) => void) => Promise<boolean | void>;
  };
  if (typeof mod.seedIfEmpty !== 'function') {
    log('scripts/seed/index.ts does not export seedIfEmpty(server): skipping the demo seed.');
    return;
  }
  const started = Date.now();
  if (marker) {
    // With DATABASE_URL the data directory may not exist yet (PGlite is what creates it).
    fs.mkdirSync(path.dirname(marker), { recursive: true });
    fs.writeFileSync(marker, `${new Date().toISOString()}\n`);
  }
  const seeded = await mod.seedIfEmpty(server, (line) => log(`[seed] ${line}`));
  // An earlier interrupted seed stays flagged until a reset; a finished or skipped one is fine.
  if (marker && (seeded !== false || !interrupted)) fs.rmSync(marker, { force: true });
  if (seeded !== false) log(`Demo content loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

export function createStack(options: StackOptions): Stack {
  let server: LocalServer | undefined;
  let site: StaticServer | undefined;
  let worker: PublishWorker | undefined;
  let workerPort: number | undefined;
  let catcher: MailCatcher | undefined;
  let sender: NewsletterSender | undefined;
  let senderHttp: ReturnType<typeof createSenderHttp> | undefined;
  let senderUrl: string | undefined;
  let stopRequested = false;
  let starting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;
  let buildFailure: string | undefined;
  const builder = createAstroBuilder();

  /** Closes whatever exists now; references are dropped first so nothing is closed twice. */
  async function teardown(): Promise<void> {
    const [w, s, srv, ns, nh, mc] = [worker, site, server, sender, senderHttp, catcher];
    worker = undefined;
    site = undefined;
    server = undefined;
    sender = undefined;
    senderHttp = undefined;
    catcher = undefined;
    await Promise.all([ns?.stop(), nh?.close()]);
    await mc?.close();
    await w?.stop();
    builder.close();
    await s?.close();
    await srv?.close();
  }
  /** Between steps: if stop() came in meanwhile, close what the last step created and bail out. */
  async function checkpoint(): Promise<void> {
    if (!stopRequested) return;
    await teardown();
    throw new StackStoppedError();
  }

  /** The newsletter sender, sending to the catcher; its unsubscribe links on `mail.senderPort`. */
  async function startSender(mail: NonNullable<StackOptions['mail']>, smtpPort: number): Promise<void> {
    const { config, log } = options;
    // A local secret, stable for this project's keys: links in mail caught earlier keep working.
    const unsubscribeSecret = createHmac('sha256', config.secretKey).update('newsletter-unsubscribe').digest('hex');
    sender = createNewsletterSender({
      apiUrl: () => server!.url,
      secretKey: config.secretKey,
      smtp: { host: '127.0.0.1', port: smtpPort },
      from: { name: SITE_NAME, address: 'newsletter@esg-africa-news.test' },
      email: { siteUrl: config.siteUrl, apiUrl: server!.url, renditions: true },
      publicUrl: () => senderUrl!,
      unsubscribeSecret,
      pollMs: mail.pollMs ?? 1000,
      ratePerSecond: mail.ratePerSecond ?? 50,
      log: (line) => log(line),
    });
    senderHttp = createSenderHttp({ sender, unsubscribeSecret, siteUrl: config.siteUrl, log });
    senderUrl = `http://127.0.0.1:${await senderHttp.listen(mail.senderPort, '127.0.0.1')}`;
    await sender.start();
  }

  async function steps(): Promise<void> {
    const { config, log } = options;
    if (options.servePrevious === false) deactivateRelease(options.releasesDir);
    // On its own thread, so PGlite's long synchronous work never stalls a reader.
    site = await startStaticServerThread({
      dir: options.releasesDir,
      releases: true,
      port: options.sitePort,
      host: options.siteHost,
    });
    // Port 0 (tests) picks a free port: the build's site URL is the one really served.
    const siteUrl = `http://${options.siteHost}:${site.port}`;
    const previous = currentRelease(options.releasesDir);
    if (previous) log(`Serving the previous build (${previous.id}) until the new one is ready.`);
    await checkpoint();
    // Loaded only now (~0.6 s of imports), so a restart's site is back up before that.
    const { startLocalServer } = await import('../../supabase/local/server.ts');
    let initial = true;
    worker = createPublishWorker({
      site: {
        workDir: options.outDir,
        cacheDir: options.cacheDir,
        releasesDir: options.releasesDir,
        publicDir: PUBLIC_DIR,
      },
      // The worker runs one build at a time and kills it on stop() (teardown). Publishes after
      // the first build run in a process that loaded Astro while the worker was idle.
      startBuild: () =>
        builder.run({
          apiUrl: server!.url,
          publishableKey: config.publishableKey,
          siteUrl,
          outDir: options.outDir,
          cacheDir: options.cacheDir,
          keepOutDir: true,
          // The start-up build shows its progress; publishes only log a line each.
          quiet: options.quietBuild || !initial,
        }),
      warmBuild: () => void builder.warm(),
      apiUrl: () => server!.url,
      secretKey: config.secretKey,
      secret: config.publishWebhookSecret,
      debounceMs: options.publish?.debounceMs,
      maxWaitMs: options.publish?.maxWaitMs,
      // The local server runs the publish clock itself.
      pollMs: options.publish ? (options.publish.pollMs ?? 30_000) : 0,
      clockMs: 0,
      logFile: path.join(options.cacheDir, '..', 'publish', 'build.log'),
      startPaused: true,
      log,
    });
    if (options.publish) {
      workerPort = await worker.listen(options.publish.port, '127.0.0.1', { checkPending: false });
      config.publishWebhookUrl = `http://127.0.0.1:${workerPort}/webhook`;
    }
    if (options.mail) {
      catcher = await startMailCatcher({
        smtpPort: options.mail.smtpPort,
        httpPort: null,
        maxMessages: 100,
        async onMessage(m, raw) {
          if (!server) throw new Error('the API is not running');
          for (const recipient of m.envelope.to) {
            await storeCaughtMail(server.engine, {
              recipient,
              subject: m.subject,
              html: m.html,
              text: m.text,
              headers: m.headers,
              raw: raw.toString('utf8'),
            });
          }
        },
      });
      if (options.mail.authBySmtp) {
        config.smtp = {
          host: '127.0.0.1',
          port: catcher.smtpPort,
          user: undefined,
          pass: undefined,
          adminEmail: 'no-reply@esg-africa-news.test',
          senderName: SITE_NAME,
        };
      }
    }
    server = await startLocalServer(config, (line) => log(`[supabase] ${line}`));
    await checkpoint();
    if (options.seed) await runSeed(server, log, options.seedMarker);
    if (options.afterSeed) await options.afterSeed(server);
    if (options.mail && catcher) await startSender(options.mail, catcher.smtpPort);
    await checkpoint();
    log('Building the site against the local API…');
    const started = Date.now();
    const record = await worker.buildNow('start');
    initial = false;
    await checkpoint();
    if (record.error) {
      const failure = worker.status(true).lastFailure?.logTail ?? record.error;
      const live = currentRelease(options.releasesDir);
      if (!options.keepPreviousOnBuildFailure || !live || options.servePrevious === false) throw new Error(failure);
      buildFailure = failure;
      log(`The site build FAILED; the previous build (${live.id}) stays live:\n${failure}`);
      return;
    }
    log(
      `Site built in ${((Date.now() - started) / 1000).toFixed(1)} s and live ` +
        `(release ${record.release}: ${record.files} files, ${record.changed} new or changed).`,
    );
    if (workerPort !== undefined) log(`Publishing: changes go live within seconds (worker on port ${workerPort}).`);
  }

  return {
    get server() {
      return server;
    },
    get site() {
      return site;
    },
    get worker() {
      return worker;
    },
    get mail() {
      return catcher && sender && senderUrl ? { catcher, sender, senderUrl } : undefined;
    },
    get buildFailure() {
      return buildFailure;
    },
    start() {
      starting ??= steps().catch(async (e: unknown) => {
        // A step failing because stop() pulled the rug is a stop, not an error.
        if (stopRequested && !(e instanceof StackStoppedError)) {
          await teardown();
          throw new StackStoppedError();
        }
        throw e;
      });
      return starting;
    },
    stop() {
      stopRequested = true;
      // Resolves only when everything is closed, including what an interrupted start() opened.
      stopping ??= (async () => {
        await teardown();
        await starting?.catch(() => {});
        await teardown();
      })();
      return stopping;
    },
  };
}
