/**
 * Runs `astro build` as a child process on the same Node binary as the caller (Node 24 from the
 * `node` devDependency when started through npm), pointed at a given Supabase API.
 *
 * `runAstroBuild` starts the CLI, which first loads Astro, Vite and the config's libraries
 * (~0.5 s on a quiet machine, seconds on a busy one). `createAstroBuilder` is for the publish
 * worker and `npm start`: a full build runs in a process started ahead of time
 * (scripts/lib/astro-build-standby.ts), which has loaded all that while the worker was idle. That
 * process then stays and holds the build's compiled pages: the next publishes are warm renders
 * there (scripts/lib/astro-build-warm.ts: the changed pages only, no Vite, no config setup), as
 * long as the code and settings are those of its full build. When they are not, the process
 * answers `stale`, is ended, and the build runs as a full build in a new process, which holds
 * the pages from then on. A crash or a kill costs one build; the next starts a new process.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { StandbyAnswer, StandbyGo } from './astro-build-standby.ts';
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

/** What a build did, for the release step. */
interface BuildOutcome {
  /**
   * Rendered warm (scripts/lib/astro-build-warm.ts): no client bundle was written; these files
   * (relative to the output folder) are the last full build's bundle, which the release keeps.
   */
  keptBundle?: string[];
}

export interface BuildRun {
  /** The process building now (a fallback to a full build replaces it). */
  readonly child: ChildProcess;
  done: Promise<BuildOutcome>;
  /** What the build printed so far (when quiet: otherwise it went to this process's output). */
  output(): string;
  /** Ends the build; `done` then rejects. */
  kill(): void;
}

/**
 * V8's options for a build process: the heap may grow a quarter past what the last full
 * collection left live. The patched Astro hands each page's HTML to the build as a string
 * (scripts/patches/astro+7.3.5.patch), so V8 no longer starts a full collection for external
 * memory every ~600 pages (12 of the 14 at 10,000 articles), and by its own growing factor the
 * heap then grew to ~4× what was live (peak RSS 1.96 GB at 10,000, 1.08 GB before). At 100,000
 * articles ~850 MB stays live, and each full collection marks it all: a quarter gave a peak RSS
 * of 2.42 GB (half: 3.08 GB; 2.10 GB before) and GC threads 93 s of CPU instead of 150 s.
 */
const BUILD_NODE_OPTIONS = ['--heap-growing-percent=25'];

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
  const child = spawn(process.execPath, [...BUILD_NODE_OPTIONS, ...args], {
    cwd: ROOT,
    stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...buildEnv(options) },
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const done = new Promise<BuildOutcome>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve({}) : reject(buildFailed(output, code, signal))));
  });
  return { child, done, output: () => output, kill: () => child.kill('SIGTERM') };
}

function buildFailed(output: string, code: number | null, signal: NodeJS.Signals | null): Error {
  const tail = output.trim().split('\n').slice(-40).join('\n');
  return new Error(`astro build failed (${signal ?? `exit code ${code}`})${tail ? `\n${tail}` : ''}`);
}

export interface AstroBuilder {
  /**
   * Starts a build. A release build (keepOutDir) with the same options as the last full one, in
   * a process that still holds that build's pages, is a warm render there; otherwise a full build
   * runs in the process made ready by warm() (or in a new one), which then holds its pages for
   * the next. A quiet build's output is kept, not shown.
   */
  run(options: BuildOptions): BuildRun;
  /**
   * Makes sure the next build finds a process: the one holding the last full build, or a new
   * one that loads Astro now; resolves when it is ready (or has exited).
   */
  warm(): Promise<void>;
  /** Ends the waiting processes, if any (the caller stops building, or exits). */
  close(): void;
}

const STANDBY = path.join(ROOT, 'scripts', 'lib', 'astro-build-standby.ts');

interface Standby {
  child: ChildProcess;
  /** Resolves when the process has loaded Astro and listens for its build. */
  ready: Promise<void>;
}

const alive = (child: ChildProcess | undefined): child is ChildProcess =>
  child !== undefined && child.exitCode === null && child.signalCode === null && child.connected;

/** Whether `child` keeps this process alive: only while it builds. */
function hold(child: ChildProcess, held: boolean): void {
  const streams = [child.stdout, child.stderr] as (Socket | null)[];
  if (held) {
    child.ref();
    child.channel?.ref();
    for (const stream of streams) stream?.ref();
  } else {
    child.unref();
    child.channel?.unref();
    for (const stream of streams) stream?.unref();
  }
}

function forkStandby(): Standby {
  const child = fork(STANDBY, [], {
    cwd: ROOT,
    execArgv: BUILD_NODE_OPTIONS,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  const ready = new Promise<void>((resolve) => {
    const onMessage = (m: unknown) => {
      if (m !== 'ready') return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.once('exit', () => resolve());
  });
  // Waiting must not keep the caller's process alive: its exit ends the standby ('disconnect').
  hold(child, false);
  child.on('error', () => {});
  return { child, ready };
}

/**
 * Sends `go` to `child` once `ready`, and resolves with its answer; rejects when it exits first.
 * `onOutput` receives what it prints meanwhile.
 */
function ask(child: ChildProcess, ready: Promise<void>, go: StandbyGo, onOutput: (text: string) => void) {
  return new Promise<StandbyAnswer>((resolve, reject) => {
    let output = '';
    const onData = (d: Buffer) => {
      output += d.toString();
      onOutput(d.toString());
    };
    const cleanUp = () => {
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (m: StandbyAnswer | 'ready') => {
      if (m === 'ready') return;
      // The build's last lines went into the stdout pipe before the answer into the IPC one, but
      // the two may be read in either order in one turn of the event loop: those lines are read
      // by the turn's end (setImmediate runs after it), and only then are the listeners removed.
      setImmediate(() => {
        cleanUp();
        resolve(m);
      });
    };
    // A non-release build ends its process after answering: exit code 0 is its answer.
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      cleanUp();
      if (code === 0) resolve({ type: 'built', warm: false });
      else reject(buildFailed(output, code, signal));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('message', onMessage);
    child.on('exit', onExit);
    void ready.then(() => {
      if (child.connected) child.send(go);
    });
  });
}

export function createAstroBuilder(): AstroBuilder {
  let standby: Standby | undefined;
  /** The process that holds the last full build's pages, between builds. */
  let renderer: ChildProcess | undefined;

  const takeStandby = (): Standby => {
    const s = standby && alive(standby.child) ? standby : forkStandby();
    standby = undefined;
    return s;
  };

  return {
    run(options) {
      let output = '';
      const onOutput = (text: string) => {
        output += text;
        if (!options.quiet) process.stdout.write(text);
      };
      const go = (type: StandbyGo['type']): StandbyGo => ({
        type,
        env: buildEnv(options),
        root: ROOT,
        outDir: options.outDir,
      });
      let child!: ChildProcess;
      let killed = false;

      const full = async (): Promise<BuildOutcome> => {
        const s = takeStandby();
        child = s.child;
        hold(child, true);
        await ask(child, s.ready, go('build'), onOutput);
        if (alive(child) && !killed) {
          hold(child, false);
          renderer = child;
        }
        return {};
      };
      const render = async (holder: ChildProcess): Promise<BuildOutcome> => {
        child = holder;
        renderer = undefined;
        hold(child, true);
        const answer = await ask(child, Promise.resolve(), go('render'), onOutput);
        if (answer.type === 'built') {
          hold(child, false);
          renderer = child;
          return { keptBundle: answer.bundle ?? [] };
        }
        onOutput(`warm render not possible (${answer.reason}): full build in a new process\n`);
        child.kill();
        if (killed) throw new Error('astro build stopped');
        return full();
      };

      const holder = options.keepOutDir && alive(renderer) ? renderer : undefined;
      if (!holder && renderer) {
        renderer.kill();
        renderer = undefined;
      }
      const done = holder ? render(holder) : full();
      return {
        get child() {
          return child;
        },
        done,
        output: () => output,
        kill() {
          killed = true;
          if (renderer === child) renderer = undefined;
          child.kill('SIGTERM');
        },
      };
    },
    warm() {
      if (alive(renderer)) return Promise.resolve();
      if (standby && alive(standby.child)) return standby.ready;
      standby = forkStandby();
      return standby.ready;
    },
    close() {
      standby?.child.kill();
      renderer?.kill();
      standby = undefined;
      renderer = undefined;
    },
  };
}
