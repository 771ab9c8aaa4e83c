/**
 * The warm render: a publish renders the pages whose data changed with the compiled pages of the
 * last full build, without Vite and without Astro's config and setup. Runs inside the build
 * process (scripts/lib/astro-build-standby.ts), which stays alive after its full build.
 *
 * What Astro 7's `build()` does (node_modules/astro/dist/core/build/): `AstroBuilder.setup`
 * (config hooks, the route list, Vite's config), then `viteBuild`, which bundles the prerender
 * environment (the pages as server code, `.prerender/` in the output folder), the client
 * (`_astro/`) and, in Vite's `buildApp` post hook, `generatePages`: the prerenderer (by default
 * `createDefaultPrerenderer`, which imports the prerender entry and keeps its app) lists every
 * route's paths (`StaticPaths`, through the app's route cache), renders each path and writes it,
 * then calls `astro:build:generated`; `.prerender/` is deleted after. `astro:build:done` follows.
 *
 * Here the full build runs with one more integration (`integration`): its `astro:build:start`
 * hands Astro a prerenderer wrapping the default one, whose setup also imports every module of
 * `.prerender/` while the folder exists, so Node's module cache holds all of them when Astro
 * deletes it. After the build the process keeps that app, the build options (settings, routes,
 * logger) and the names of the client bundle's files. A warm render then does what `build()`
 * would after Vite: `astro:build:start` of every integration (the config's reads fresh data and
 * decides which keyed pages changed; this integration hands Astro the kept prerenderer),
 * Astro's own `generatePages` (route cache cleared, so every `getStaticPaths` runs again on the
 * new data; each page's stylesheet list as the bundle gave it, since rendering sorts it in place) and `astro:build:done` (sitemaps, feeds' companions, image renditions, sw.js, the
 * route manifest). What those redo over the whole site is kept between renders where it can be:
 * an unchanged row gives the same Article object (src/lib/build/data/fetch-site-data.ts), and the
 * keys, lastmods, id redirects and sitemap elements worked out from it are kept with it, so at
 * 100,000 articles a render no longer hashes or formats 112,000 paths to change a few. Byte for byte the output of a full build of the same data
 * (tests/stack/publishing.test.ts compares them).
 *
 * The kept modules are only right for the code they were compiled from. A render is refused
 * (`stale`, the caller then makes a full build in a new process) when the build fingerprint
 * (src/lib/build/routes/route-manifest.ts: sources, config, lockfile, public settings) differs
 * from the full build's, when the route manifest in the cache folder is not one from this code
 * (a plain build or a cleared folder: every page is to be rendered, with a fresh client bundle),
 * when the `.env` files changed (read once here, when the config was loaded), or when a file of the kept client bundle is gone or changed size in the
 * output folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { ASSETS_DIR } from './precache.ts';

/** Astro's internals used here (not part of its public API; checked against Astro 7.3). */
interface RouteData {
  distURL?: URL[] | undefined;
}
/** Astro's build data of one page; `styles` is sorted in place by every render of the page. */
interface PageData {
  route: RouteData;
  styles: unknown[];
}
interface BuildApp {
  manifest: { routes: { routeData: RouteData }[] };
  routeCache: { clearAll(): void };
  setOptions(options: BuildOptions): void;
  getOptions(): BuildOptions;
  getSettings(): unknown;
}
interface BuildOptions {
  settings: { config: { outDir: URL } };
  logger: { info(label: string | null, message: string): void };
  allPages: Record<string, PageData>;
  pageNames: string[];
}
interface AstroBuildInternals {
  generatePages(options: BuildOptions, internals: unknown, prerenderOutputDir: URL): Promise<void>;
  runHookBuildStart(args: { settings: unknown; logger: unknown }): Promise<void>;
  runHookBuildDone(args: { settings: unknown; pages: string[]; routes: RouteData[]; logger: unknown }): Promise<void>;
  getPrerenderOutputDirectory(settings: unknown): URL;
}

async function astroInternals(): Promise<AstroBuildInternals> {
  const dist = new URL('.', import.meta.resolve('astro'));
  const at = (rel: string) => import(new URL(rel, dist).href) as Promise<Record<string, unknown>>;
  const [generate, hooks, utils] = await Promise.all([
    at('core/build/generate.js'),
    at('integrations/hooks.js'),
    at('prerender/utils.js'),
  ]);
  return { ...generate, ...hooks, ...utils } as unknown as AstroBuildInternals;
}

/** The route bookkeeping the config's `astro:build:start` leaves (route-manifest.ts). */
const ROUTE_STATE = Symbol.for('esg-africa-news.route-manifest');
/** Since when the client bundle in the output folder was written (read by scripts/lib/pwa.ts). */
export const BUNDLE_SINCE = Symbol.for('esg-africa-news.bundle-since');
type WithState = typeof globalThis & {
  [ROUTE_STATE]?: { fingerprint: string; previous: unknown };
  [BUNDLE_SINCE]?: number;
};

interface Loaded {
  app: BuildApp;
  prerenderer: AstroPrerenderer;
  /** Each page's stylesheets in the order the bundle gave them, before any render sorted them. */
  styles: Map<PageData, unknown[]>;
}

interface Kept extends Loaded {
  options: BuildOptions;
  fingerprint: string;
  outDir: string;
  /** The client bundle: `_astro/…` files (relative to outDir) and their sizes. */
  bundle: Map<string, number>;
  since: number;
  /** envFiles() when the full build ran. */
  outside: string;
}

export type WarmResult = { stale: string } | { stale?: undefined; pages: number; bundle: string[] };

export interface WarmRenderer {
  /** Add to the full build's inline config. */
  integration: AstroIntegration;
  /**
   * After the full build (started at `startedMs`): keeps what a warm render needs. Returns why
   * it cannot when it cannot (not a release build: no route manifest; no prerendered app).
   */
  keep(startedMs: number): string | undefined;
  render(): Promise<WarmResult>;
}

/** Every JavaScript module under `dir`. */
function modulesUnder(dir: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isFile() && /\.m?js$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/**
 * What the build fingerprint cannot see in this process: the `.env` files the config read once,
 * when it was loaded (the fingerprint hashes the environment as loaded). A change is a full build
 * in a new process, as before this process existed.
 */
function envFiles(root: string): string {
  return fs
    .readdirSync(root)
    .filter((n) => n.startsWith('.env'))
    .sort()
    .map((name) => `${name}:${fs.readFileSync(path.join(root, name), 'utf8')}`)
    .join('\n');
}

/** `_astro/…` files under outDir written at or after `sinceMs`, with their sizes. */
function bundleFiles(outDir: string, sinceMs: number): Map<string, number> {
  const files = new Map<string, number>();
  const root = path.join(outDir, ASSETS_DIR);
  for (const e of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    const stat = fs.statSync(full);
    if (stat.mtimeMs >= sinceMs) files.set(path.relative(outDir, full), stat.size);
  }
  return files;
}

export function createWarmRenderer(): WarmRenderer {
  let loaded: Loaded | undefined;
  let kept: Kept | undefined;
  const internals = astroInternals();

  const integration: AstroIntegration = {
    name: 'warm-render',
    hooks: {
      'astro:build:start': ({ setPrerenderer }) => {
        if (kept) return setPrerenderer(kept.prerenderer);
        setPrerenderer((defaultPrerenderer) => ({
          name: 'warm-render',
          async setup() {
            await defaultPrerenderer.setup?.();
            const app = (defaultPrerenderer as AstroPrerenderer & { app?: BuildApp }).app;
            if (!app) return;
            // Loaded now, while `.prerender/` exists: Astro deletes it when the pages are written.
            const dir = fileURLToPath((await internals).getPrerenderOutputDirectory(app.getSettings()));
            // Best effort: a build of another output folder outside the project shares
            // `.astro/.prerender/` and may delete it meanwhile; a module missing later fails
            // that render, and the next build is a full one in a new process.
            for (const file of modulesUnder(dir)) await import(pathToFileURL(file).href).catch(() => {});
            // Astro sorts a page's stylesheets in place when it renders it, with a comparison
            // that swaps equal entries (core/build/environment.js, headElements): a page's second
            // render would order its <style> blocks differently from its first.
            const pages = Object.values(app.getOptions().allPages);
            loaded = {
              app,
              styles: new Map(pages.map((page) => [page, [...page.styles]])),
              // Not its setup again: that would give the app the first build's options back.
              prerenderer: {
                name: 'warm-render',
                getStaticPaths: () => defaultPrerenderer.getStaticPaths(),
                render: (request, options) => defaultPrerenderer.render(request, options),
              },
            };
          },
          getStaticPaths: () => defaultPrerenderer.getStaticPaths(),
          render: (request, options) => defaultPrerenderer.render(request, options),
          teardown: async () => defaultPrerenderer.teardown?.(),
        }));
      },
    },
  };

  function keep(startedMs: number): string | undefined {
    const state = (globalThis as WithState)[ROUTE_STATE];
    if (!state) return 'not a release build';
    if (!loaded) return 'Astro did not load the prerendered pages through this process';
    const options = loaded.app.getOptions();
    const outDir = fileURLToPath(options.settings.config.outDir);
    // A second of slack for file systems with coarse timestamps, as pwa.ts allows.
    const since = startedMs - 1000;
    kept = {
      ...loaded,
      options,
      fingerprint: state.fingerprint,
      outDir,
      bundle: bundleFiles(outDir, since),
      since,
      outside: envFiles(process.cwd()),
    };
    (globalThis as WithState)[BUNDLE_SINCE] = since;
    return undefined;
  }

  /** Why the kept pages cannot render this build, if they cannot. */
  function staleness(k: Kept): string | undefined {
    const state = (globalThis as WithState)[ROUTE_STATE];
    if (!state || state.fingerprint !== k.fingerprint) return 'the code or settings changed';
    if (!state.previous) return 'no route manifest from this code';
    if (envFiles(process.cwd()) !== k.outside) return 'the .env files changed';
    for (const [rel, size] of k.bundle) {
      if (fs.statSync(path.join(k.outDir, rel), { throwIfNoEntry: false })?.size !== size) {
        return `the client bundle changed (${rel})`;
      }
    }
    return undefined;
  }

  async function render(): Promise<WarmResult> {
    const k = kept;
    if (!k) return { stale: 'no full build in this process' };
    const astro = await internals;
    const t0 = performance.now();
    const options: BuildOptions = { ...k.options, pageNames: [] };
    const { settings, logger } = options;
    k.app.setOptions(options);
    // Each render lists and matches paths on its own data, and reports its own output files.
    k.app.routeCache.clearAll();
    for (const { routeData } of k.app.manifest.routes) routeData.distURL = undefined;
    for (const page of Object.values(options.allPages)) page.route.distURL = undefined;
    for (const [page, styles] of k.styles) page.styles = [...styles];
    await astro.runHookBuildStart({ settings, logger });
    const stale = staleness(k);
    if (stale) return { stale };
    const t1 = performance.now();
    await astro.generatePages(
      options,
      { pagesByKeys: new Map(Object.entries(options.allPages)) },
      astro.getPrerenderOutputDirectory(settings),
    );
    const t2 = performance.now();
    await astro.runHookBuildDone({
      settings,
      pages: options.pageNames,
      routes: Object.values(options.allPages).map((page) => page.route),
      logger,
    });
    const t3 = performance.now();
    const ms = (a: number, b: number) => Math.round(b - a);
    logger.info(
      'build',
      `${options.pageNames.length} page(s) built in ${ms(t0, t3)}ms (warm render, no Vite: start hooks ` +
        `${ms(t0, t1)}ms, pages ${ms(t1, t2)}ms, done hooks ${ms(t2, t3)}ms)`,
    );
    return { pages: options.pageNames.length, bundle: [...k.bundle.keys()] };
  }

  return { integration, keep, render };
}
