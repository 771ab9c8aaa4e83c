/**
 * Runs `astro build` as a child process on the same Node binary as the caller (Node 24 from the
 * `node` devDependency when started through npm), pointed at a given Supabase API.
 *
 * `runAstroBuild` starts the CLI, which first loads Astro, Vite and the config's libraries
 * (~0.5 s on a quiet machine, seconds on a busy one). `createAstroBuilder` is for the publish
 * worker: after each build it starts the next build's process (scripts/lib/astro-build-standby.ts),
 * which loads all that while the worker is idle, so a publish starts at the build itself.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { StandbyGo } from './astro-build-standby.ts';
import { ROOT } from './paths.ts';

export interface BuildOptions {
  apiUrl: string;
  /** The publishable key the site is built with and ships to browsers. */
  publishableKey: string;
  siteUrl: string;
  /** Output folder (Astro's --outDir); dist/ by default. */
  outDir?: string;
  /** Astro cache folder; keep one per output folder (see astro.config.mjs). */
  cacheDir?: string;
  /**
   * Keep what is in outDir (Vite's `emptyOutDir: false`): unchanged cached pages stay where they
   * are instead of being copied back from the cache. The caller must then prune outDir
   * (scripts/lib/release/ does).
   */
  keepOutDir?: boolean;
  /** Forward Astro's output to this process (default) or keep it for the error message only. */
  quiet?: boolean;
}

export interface BuildRun {
  child: ChildProcess;
  done: Promise<void>;
  /** What the build printed so far (when quiet: otherwise it went to this process's output). */
  output(): string;
}

/** The environment a build runs with, besides the caller's own. */
function buildEnv(options: BuildOptions): Record<string, string> {
  return {
    PUBLIC_SUPABASE_URL: options.apiUrl,
    PUBLIC_SUPABASE_PUBLISHABLE_KEY: options.publishableKey,
    SITE_URL: options.siteUrl,
    ...(options.cacheDir ? { ASTRO_CACHE_DIR: options.cacheDir } : {}),
    ...(options.keepOutDir ? { ASTRO_KEEP_OUT_DIR: '1' } : {}),
    ASTRO_TELEMETRY_DISABLED: '1',
  };
}

export function runAstroBuild(options: BuildOptions): BuildRun {
  const astro = path.join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const args = [astro, 'build', ...(options.outDir ? ['--outDir', options.outDir] : [])];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...buildEnv(options) },
  });
  return watchBuild(child);
}

/** The BuildRun of a started build process: its output kept, `done` when it exits. */
function watchBuild(child: ChildProcess): BuildRun {
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) return resolve();
      const tail = output.trim().split('\n').slice(-40).join('\n');
      reject(new Error(`astro build failed (${signal ?? `exit code ${code}`})${tail ? `\n${tail}` : ''}`));
    });
  });
  return { child, done, output: () => output };
}

export interface AstroBuilder {
  /**
   * Starts a build: in the process made ready by warm() when there is one (a quiet build: its
   * output is kept, not shown), otherwise as runAstroBuild does.
   */
  run(options: BuildOptions): BuildRun;
  /**
   * Starts the next build's process now, so it has loaded Astro when the next build starts;
   * resolves when it has (or has exited).
   */
  warm(): Promise<void>;
  /** Ends the waiting process, if any (the caller stops building, or exits). */
  close(): void;
}

const STANDBY = path.join(ROOT, 'scripts', 'lib', 'astro-build-standby.ts');

interface Standby {
  child: ChildProcess;
  /** Resolves when the process has loaded Astro and listens for its build. */
  ready: Promise<void>;
}

export function createAstroBuilder(): AstroBuilder {
  let standby: Standby | undefined;

  const usable = (s: Standby | undefined): s is Standby =>
    s !== undefined && s.child.exitCode === null && s.child.signalCode === null && s.child.connected;

  return {
    run(options) {
      // A build that shows its output (npm start's first) runs the CLI; the process waits on.
      if (!options.quiet || !usable(standby)) return runAstroBuild(options);
      const { child, ready } = standby;
      standby = undefined;
      // A build in progress keeps the caller's process alive, as runAstroBuild's does.
      child.ref();
      for (const stream of [child.stdout, child.stderr]) (stream as Socket | null)?.ref();
      const run = watchBuild(child);
      void ready.then(() => {
        const go: StandbyGo = { env: buildEnv(options), root: ROOT, outDir: options.outDir };
        if (child.connected) child.send(go);
      });
      return run;
    },
    warm() {
      if (usable(standby)) return standby.ready;
      const child = fork(STANDBY, [], {
        cwd: ROOT,
        execArgv: [],
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      });
      const ready = new Promise<void>((resolve) => {
        child.once('message', (m) => {
          if (m === 'ready') resolve();
        });
        child.once('exit', () => resolve());
      });
      // Waiting must not keep the caller's process alive: its exit ends the standby ('disconnect').
      child.unref();
      child.channel?.unref();
      for (const stream of [child.stdout, child.stderr]) (stream as Socket | null)?.unref();
      child.on('error', () => {});
      standby = { child, ready };
      return ready;
    },
    close() {
      standby?.child.kill();
      standby = undefined;
    },
  };
}
