/**
 * Runs `astro build` as a child process on the same Node binary as the caller (Node 24 from the
 * `node` devDependency when started through npm), pointed at a given Supabase API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
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

export function runAstroBuild(options: BuildOptions): BuildRun {
  const astro = path.join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const args = [astro, 'build', ...(options.outDir ? ['--outDir', options.outDir] : [])];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PUBLIC_SUPABASE_URL: options.apiUrl,
      PUBLIC_SUPABASE_PUBLISHABLE_KEY: options.publishableKey,
      SITE_URL: options.siteUrl,
      ...(options.cacheDir ? { ASTRO_CACHE_DIR: options.cacheDir } : {}),
      ...(options.keepOutDir ? { ASTRO_KEEP_OUT_DIR: '1' } : {}),
      ASTRO_TELEMETRY_DISABLED: '1',
    },
  });
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
