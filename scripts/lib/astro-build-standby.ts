/**
 * One `astro build` in a process started before it is needed (scripts/lib/astro-build.ts,
 * createAstroBuilder): it loads Astro, Vite and the config's libraries while the publish worker
 * is idle, tells its parent it is ready, and waits. The parent's message (the build's environment
 * and output folder) starts the build through Astro's programmatic `build()`, as `astro build`
 * would; the process exits with 0 when it succeeded and 1 when it failed.
 *
 * One build per process, on purpose: a process that built before would import the next build's
 * prerender chunks from Node's module cache whenever their names had not changed (same code), and
 * rendered pages with the previous build's modules; and memory would grow with every publish. A
 * fresh process per build keeps every build as isolated as the CLI's, and a crash costs one
 * build, never the worker. When the parent goes away first, the process exits.
 */
import module from 'node:module';
import process from 'node:process';

/** The parent's message that starts the build. */
export interface StandbyGo {
  /** Set on process.env before the build (the API, keys, cache folder…). */
  env: Record<string, string>;
  root: string;
  outDir?: string;
}

// As Astro's CLI does: compiled code is cached on disk between processes.
module.enableCompileCache?.();

let building = false;
process.once('disconnect', () => {
  if (!building) process.exit(0);
});

const loaded = Promise.all([
  import('astro'),
  // What the Astro config and the prerendered pages import: loaded now, off the publish path.
  import('vite'),
  import('astro/config'),
  import('@astrojs/react'),
  import('@supabase/supabase-js'),
  import('react'),
  import('react-dom/server'),
]);

// Listening before the imports end: a message that came earlier would be lost.
process.once('message', (message: StandbyGo) => {
  building = true;
  Object.assign(process.env, message.env);
  process.chdir(message.root);
  loaded
    .then(([{ build }]) => build({ root: message.root, ...(message.outDir ? { outDir: message.outDir } : {}) }))
    .then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
        process.exit(1);
      },
    );
});
await loaded;
process.send?.('ready');
