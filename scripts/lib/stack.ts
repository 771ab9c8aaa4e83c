/**
 * The whole local product in one process: the Supabase-compatible API (migrated, seeded on first
 * run), a static build of the site against it, and the static host serving that build. Used by
 * `npm start` and by the end-to-end tests (with an in-memory database and other ports).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerConfig } from '../../supabase/local/config.ts';
import { startLocalServer, type LocalServer } from '../../supabase/local/server.ts';
import { runAstroBuild, type BuildRun } from './astro-build.ts';
import { SEED_MODULE } from './paths.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';

export interface StackOptions {
  config: ServerConfig;
  /** Where the site is served; its origin must be the config's siteUrl for auth redirects. */
  siteHost: string;
  sitePort: number;
  outDir: string;
  cacheDir?: string;
  /** Run the demo seed (scripts/seed) when the database is empty. */
  seed: boolean;
  /** A file that exists while the seed runs, to notice a seed interrupted by Ctrl-C or a crash. */
  seedMarker?: string;
  /** Runs after the seed and before the build (end-to-end fixtures the demo content lacks). */
  afterSeed?: (server: LocalServer) => Promise<void>;
  /** Hide Astro's build output unless the build fails. */
  quietBuild?: boolean;
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
  let build: BuildRun | undefined;
  let stopRequested = false;
  let starting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;

  /** Closes whatever exists now; references are dropped first so nothing is closed twice. */
  async function teardown(): Promise<void> {
    build?.child.kill('SIGTERM');
    const [s, srv] = [site, server];
    site = undefined;
    server = undefined;
    await s?.close();
    await srv?.close();
  }
  /** Between steps: if stop() came in meanwhile, close what the last step created and bail out. */
  async function checkpoint(): Promise<void> {
    if (!stopRequested) return;
    await teardown();
    throw new StackStoppedError();
  }

  async function steps(): Promise<void> {
    const { config, log } = options;
    server = await startLocalServer(config, (line) => log(`[supabase] ${line}`));
    await checkpoint();
    if (options.seed) await runSeed(server, log, options.seedMarker);
    if (options.afterSeed) await options.afterSeed(server);
    await checkpoint();
    log('Building the site against the local API…');
    const started = Date.now();
    build = runAstroBuild({
      apiUrl: server.url,
      anonKey: config.anonKey,
      siteUrl: `http://${options.siteHost}:${options.sitePort}`,
      outDir: options.outDir,
      cacheDir: options.cacheDir,
      quiet: options.quietBuild,
    });
    await build.done;
    build = undefined;
    await checkpoint();
    log(`Site built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    site = await startStaticServer({ dir: options.outDir, port: options.sitePort, host: options.siteHost });
    await checkpoint();
  }

  return {
    get server() {
      return server;
    },
    get site() {
      return site;
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
