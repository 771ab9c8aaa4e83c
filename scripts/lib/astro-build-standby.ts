/**
 * The publish worker's build process (scripts/lib/astro-build.ts, createAstroBuilder), started
 * before it is needed: it loads Astro, Vite and the config's libraries while the worker is idle,
 * tells its parent it is ready, and waits.
 *
 * The first message (`build`) runs one full `astro build` through Astro's programmatic `build()`,
 * as the CLI would. When that was a release build, the process then stays: it keeps the compiled
 * pages (scripts/lib/astro-build-warm.ts) and answers each later `render` message with a warm
 * render of the pages whose data changed, without Vite, into the same output folder. A render
 * it cannot do with the code it holds (the code, settings or output folder changed) is answered
 * `stale`; the parent then ends this process and builds in a new one. It never runs a second
 * full build: Node's module cache would hand that build's prerender chunks the first build's
 * modules whenever their names had not changed.
 *
 * Answers: `{ type: 'built' }` after each successful build or render (a render's carries the
 * kept client bundle's files, which the release step must keep), `{ type: 'stale' }`; a failed
 * build or render prints its error and exits with 1, so a half-done render's state never serves
 * another. When the parent goes away, the process exits.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import module from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import type { WarmRenderer } from './astro-build-warm.ts';

/** The parent's message that starts a build. */
export interface StandbyGo {
  type: 'build' | 'render';
  /** Set on process.env before the build (the API, keys, cache folder…). */
  env: Record<string, string>;
  root: string;
  outDir?: string | undefined;
}

/** This process's answer to a build or render that did not fail. */
export type StandbyAnswer = { type: 'built'; warm: boolean; bundle?: string[] } | { type: 'stale'; reason: string };

// As Astro's CLI does: compiled code is cached on disk between processes.
module.enableCompileCache?.();
// What Astro's build() sets when it starts (ensureProcessNodeEnv), set before the imports below:
// React picks its build when it is first loaded, and loaded here before build() it was React's
// development build, with its checks on every element, in every full build and warm render.
process.env.NODE_ENV ||= 'production';

let building = false;
process.on('disconnect', () => {
  if (!building) process.exit(0);
});

const loaded = Promise.all([
  import('astro'),
  import('./astro-build-warm.ts'),
  // What the Astro config and the prerendered pages import: loaded now, off the publish path.
  import('vite'),
  import('astro/config'),
  import('@astrojs/react'),
  import('@supabase/supabase-js'),
  import('react'),
  import('react-dom/server'),
  // sw.js's generator, which @vite-pwa/astro loads at the end of every full build (Workbox with
  // its Rollup and Babel): ~0.4 s of CPU there. Found as vite-plugin-pwa finds it.
  importThrough('@vite-pwa/astro', 'vite-plugin-pwa', 'workbox-build'),
]);

/** The last package of `chain` as the one before it resolves it (a dependency of a dependency). */
function importThrough(...chain: string[]): Promise<unknown> {
  let from = import.meta.url;
  for (const specifier of chain) from = pathToFileURL(module.createRequire(from).resolve(specifier)).href;
  return import(from);
}

/** What the full build ran with; a render with anything else is stale. */
let first: string | undefined;
let warm: WarmRenderer | undefined;

/** Resolves once everything written to `stream` so far has left this process. */
const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()));

async function answer(message: StandbyAnswer): Promise<void> {
  // The build's lines first: a write to a pipe the parent has not read yet waits in this process,
  // and the parent stops reading this build's output at the answer (a 100,000-page build's
  // last lines, and every later render's, were lost that way).
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  building = false;
  process.send?.(message);
  if (!process.connected) process.exit(0);
}

function fail(e: unknown): never {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
}

async function fullBuild(go: StandbyGo): Promise<void> {
  const [{ build }, { createWarmRenderer }] = await loaded;
  first = JSON.stringify([go.env, go.root, go.outDir]);
  Object.assign(process.env, go.env);
  process.chdir(go.root);
  const renderer = createWarmRenderer();
  const started = Date.now();
  await build({
    root: go.root,
    ...(go.outDir ? { outDir: go.outDir } : {}),
    integrations: [renderer.integration],
  });
  const notKept = renderer.keep(started);
  if (notKept) {
    // Nothing to render warm later: this process's work is done.
    console.log(`warm render: nothing kept (${notKept})`);
    await answer({ type: 'built', warm: false });
    process.exit(0);
  }
  warm = renderer;
  await answer({ type: 'built', warm: false });
}

async function warmRender(go: StandbyGo): Promise<void> {
  if (!warm) return answer({ type: 'stale', reason: 'no full build in this process' });
  if (JSON.stringify([go.env, go.root, go.outDir]) !== first) {
    return answer({ type: 'stale', reason: 'other settings or output folder' });
  }
  const result = await warm.render();
  if (result.stale !== undefined) return answer({ type: 'stale', reason: result.stale });
  await answer({ type: 'built', warm: true, bundle: result.bundle });
}

/**
 * `ASTRO_BUILD_CPU_PROF=<folder>` (benchmarks): each build and render is profiled on its own, as
 * `<folder>/<build|render>-<pid>-<n>.cpuprofile` (Chrome DevTools' format), which `--cpu-prof`
 * cannot do for a process that stays and is killed.
 */
async function profiled(kind: StandbyGo['type'], run: () => Promise<void>): Promise<void> {
  const dir = process.env.ASTRO_BUILD_CPU_PROF;
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    const name = `${kind}-${process.pid}-${Date.now()}.cpuprofile`;
    fs.writeFileSync(path.join(dir, name), JSON.stringify(profile));
    session.disconnect();
  }
}

// Listening before the imports end: a message that came earlier would be lost.
process.on('message', (go: StandbyGo) => {
  if (building) return;
  building = true;
  profiled(go.type, () => (go.type === 'render' ? warmRender(go) : fullBuild(go))).catch(fail);
});
await loaded;
process.send?.('ready');
