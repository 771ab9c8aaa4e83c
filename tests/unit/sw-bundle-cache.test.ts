/**
 * sw.js from the kept bundle (scripts/lib/sw-bundle-cache.ts): Workbox's bundle of the template
 * with a placeholder list, made once, with each build's own list printed in. What the worker
 * does with it runs in tests/e2e/offline.spec.ts (every build there takes this path).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { generateSW, getManifest } from 'workbox-build';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeCaching } from '../../scripts/lib/pwa.ts';
import { installSwBundleCache, printedList, uninstallSwBundleCache } from '../../scripts/lib/sw-bundle-cache.ts';

let root: string;
let site: string;
let cache: string;

beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sw-bundle-')));
  site = path.join(root, 'site');
  cache = path.join(root, 'cache');
  for (const [rel, text] of [
    ['_astro/page.B2.js', 'console.log(1)'],
    ['_astro/site.A1.css', 'body{}'],
    ['offline/index.html', '<!doctype html><title>Offline</title>'],
  ] as const) {
    fs.mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
    fs.writeFileSync(path.join(site, rel), text);
  }
});

afterAll(() => {
  uninstallSwBundleCache();
  fs.rmSync(root, { recursive: true, force: true });
});

/** sw.js as generateSW writes it for the site folder as it is now, and its precache list. */
async function makeWorker(): Promise<{ code: string; list: { url: string; revision: string | null }[] }> {
  const swDest = path.join(site, 'sw.js');
  const glob = { globDirectory: site, globPatterns: ['_astro/**/*.{js,css}', 'offline/index.html'] };
  await generateSW({
    swDest,
    ...glob,
    runtimeCaching: runtimeCaching(),
    navigateFallback: null,
    clientsClaim: true,
    skipWaiting: false,
    cleanupOutdatedCaches: true,
    inlineWorkboxRuntime: true,
    babelPresetEnvTargets: ['chrome >= 111', 'firefox >= 114', 'safari >= 16.4'],
    sourcemap: false,
    disableDevLogs: true,
    mode: 'production',
  });
  const { manifestEntries } = await getManifest(glob);
  const list = manifestEntries.map(({ url, revision }) => ({ url, revision }));
  expect(list.length).toBeGreaterThan(0);
  return { code: fs.readFileSync(swDest, 'utf8'), list };
}

/** The code with its precache list taken out. */
const withoutList = (code: string, list: { url: string; revision: string | null }[]) =>
  code.split(printedList(list)!).join('[]');

describe('sw.js from the kept bundle', () => {
  it("is Workbox's bundle with this build's precache list in it, made once and read back after", async () => {
    const workbox = await makeWorker();
    installSwBundleCache(cache);
    expect(fs.existsSync(cache)).toBe(false);
    const made = await makeWorker();
    expect(fs.readdirSync(cache)).toHaveLength(1);
    // The list as Terser printed it in Workbox's own bundle, once, and nothing of the placeholder.
    expect(workbox.code.split(printedList(workbox.list)!)).toHaveLength(2);
    expect(made.list).toEqual(workbox.list);
    expect(made.code.split(printedList(made.list)!)).toHaveLength(2);
    expect(made.code).not.toContain('placeholder');
    // The same length of code around it: only the names Terser chose may differ.
    expect(withoutList(made.code, made.list).length).toBe(withoutList(workbox.code, workbox.list).length);
    expect(() => new vm.Script(made.code)).not.toThrow();

    // A new build: other asset names, another offline page; the bundle is read back.
    fs.renameSync(path.join(site, '_astro/page.B2.js'), path.join(site, '_astro/page.C3.js'));
    fs.writeFileSync(path.join(site, 'offline/index.html'), '<!doctype html><title>Offline, again</title>');
    const kept = await makeWorker();
    expect(fs.readdirSync(cache)).toHaveLength(1);
    expect(kept.list).not.toEqual(made.list);
    expect(kept.list.map((e) => e.url)).toContain('_astro/page.C3.js');
    expect(kept.code.split(printedList(kept.list)!)).toHaveLength(2);
    expect(kept.code).not.toContain('page.B2.js');
    expect(withoutList(kept.code, kept.list)).toBe(withoutList(made.code, made.list));
  }, 60_000);

  it('leaves to Workbox a list it might print otherwise', () => {
    expect(printedList([{ url: '_astro/a.js', revision: null }])).toBe('[{url:"_astro/a.js",revision:null}]');
    expect(printedList([{ url: 'a "quoted" name', revision: null }])).toBeUndefined();
    expect(printedList([{ url: 'é.js', revision: 'abc' }])).toBeUndefined();
    expect(printedList([{ url: 'a.js', revision: 'abc', integrity: 'x' } as never])).toBeUndefined();
  });
});
