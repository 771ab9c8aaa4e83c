/**
 * The route manifest (src/lib/build/routes/route-manifest.ts): release builds hand Astro only the
 * keyed pages whose key changed, remember every page's key, and render everything again when
 * the code, config or environment changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildFingerprint,
  changedPaths,
  finishRouteManifest,
  manifestOutputFiles,
  outputFile,
  pagePath,
  forgetRouteManifest,
  readRouteManifest,
  startRouteManifest,
} from '../../src/lib/build/routes/route-manifest.ts';
import { forgetRouteChanges, readRouteChanges } from '../../src/lib/build/routes/route-changes.ts';

let tmp: string;
let file: string;
const STATE = Symbol.for('esg-africa-news.route-manifest');

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'route-manifest-'));
  file = path.join(tmp, 'cache', 'routes.json');
});
afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[STATE];
  fs.rmSync(tmp, { recursive: true, force: true });
});

const article = (slug: string, cacheKey: string) => ({ params: { slug }, props: { slug }, cacheKey });
const listing = (slug: string, page: string | undefined, cacheKey: string) => ({ params: { slug, page }, cacheKey });

/** One build: the routes' paths in, what Astro would be handed out, then the manifest written. */
function build(fingerprint: string, articles: ReturnType<typeof article>[], listings: ReturnType<typeof listing>[]) {
  startRouteManifest(file, fingerprint);
  const handed = [
    ...changedPaths('/article/[slug]', articles).map((p) => p.params.slug),
    ...changedPaths('/category/[slug]/[...page]', listings).map((p) => `${p.params.slug}/${p.params.page ?? 1}`),
  ];
  const done = finishRouteManifest()!;
  return { handed, ...done };
}

describe('page paths and output files', () => {
  it('fills a pattern with its params, a missing rest parameter leaving no trailing slash', () => {
    expect(pagePath('/article/[slug]', { slug: 'water-week' })).toBe('/article/water-week');
    expect(pagePath('/category/[slug]/[...page]', { slug: 'energy', page: undefined })).toBe('/category/energy');
    expect(pagePath('/category/[slug]/[...page]', { slug: 'energy', page: '2' })).toBe('/category/energy/2');
    expect(pagePath('/category/[slug]/rss.xml', { slug: 'energy' })).toBe('/category/energy/rss.xml');
    expect(pagePath('/article-ids/[shard].json', { shard: '3' })).toBe('/article-ids/3.json');
  });

  it("maps a page to Astro's folder-per-page file and an endpoint to its own path", () => {
    expect(outputFile('/article/water-week')).toBe('article/water-week/index.html');
    expect(outputFile('/category/energy/2')).toBe('category/energy/2/index.html');
    expect(outputFile('/category/energy/rss.xml')).toBe('category/energy/rss.xml');
    expect(outputFile('/article-ids/3.json')).toBe('article-ids/3.json');
    expect(outputFile('/')).toBe('index.html');
  });
});

describe('changedPaths', () => {
  it('hands over every path outside a release build, and records nothing', () => {
    const paths = [article('a', 'k1'), article('b', 'k2')];
    expect(changedPaths('/article/[slug]', paths)).toEqual(paths);
    expect(finishRouteManifest()).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('renders every page at the first build, then only pages whose key changed or that are new', () => {
    const first = build('code', [article('a', 'k1'), article('b', 'k2')], [listing('energy', undefined, 'l1')]);
    expect(first.handed).toEqual(['a', 'b', 'energy/1']);
    expect(first).toMatchObject({ rendered: 3, unchanged: 0 });

    const second = build(
      'code',
      [article('a', 'k1'), article('b', 'k2 edited'), article('c', 'k3')],
      [listing('energy', undefined, 'l1'), listing('energy', '2', 'l2')],
    );
    expect(second.handed).toEqual(['b', 'c', 'energy/2']);
    expect(second).toMatchObject({ rendered: 3, unchanged: 2 });
    // Every keyed page is listed, rendered or not: the sitemap and the release step use them all.
    expect(second.pathnames.sort()).toEqual(
      ['/article/a', '/article/b', '/article/c', '/category/energy', '/category/energy/2'].sort(),
    );
    expect(manifestOutputFiles(readRouteManifest(file)).sort()).toEqual(
      [
        'article/a/index.html',
        'article/b/index.html',
        'article/c/index.html',
        'category/energy/index.html',
        'category/energy/2/index.html',
      ].sort(),
    );
  });

  it('forgets a page that is no longer returned (unpublished), so it renders again if it comes back', () => {
    build('code', [article('a', 'k1'), article('b', 'k2')], []);
    build('code', [article('a', 'k1')], []);
    expect(manifestOutputFiles(readRouteManifest(file))).toEqual(['article/a/index.html']);
    expect(build('code', [article('a', 'k1'), article('b', 'k2')], []).handed).toEqual(['b']);
  });

  it('renders every page when the fingerprint (code, config, environment) changed', () => {
    build('code v1', [article('a', 'k1'), article('b', 'k2')], []);
    expect(build('code v2', [article('a', 'k1'), article('b', 'k2')], []).handed).toEqual(['a', 'b']);
  });

  it('renders every page when the manifest is unreadable', () => {
    build('code', [article('a', 'k1')], []);
    fs.writeFileSync(file, '{"version": 1, "rout');
    expect(build('code', [article('a', 'k1')], []).handed).toEqual(['a']);
  });

  it('kept in the process between builds, writes what a new process reads, and lists the same paths while none come or go', () => {
    const one = build('code', [article('a', 'k1'), article('b', 'k2')], [listing('energy', undefined, 'l1')]);
    const same = build('code', [article('a', 'k1'), article('b', 'k2 edited')], [listing('energy', undefined, 'l1')]);
    expect(same.handed).toEqual(['b']);
    expect(same.pathnames).toBe(one.pathnames);
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    expect(parsed).toEqual({
      version: 1,
      fingerprint: 'code',
      routes: {
        '/article/[slug]': { '/article/a': 'k1', '/article/b': 'k2 edited' },
        '/category/[slug]/[...page]': { '/category/energy': 'l1' },
      },
    });
    const grown = build('code', [article('a', 'k1'), article('b', 'k2 edited'), article('c', 'k3')], []);
    expect(grown.handed).toEqual(['c']);
    expect(grown.pathnames.sort()).toEqual(['/article/a', '/article/b', '/article/c']);
    // Another process's manifest (here: an older one) is read again, not the one kept.
    fs.writeFileSync(file, JSON.stringify({ version: 1, fingerprint: 'code', routes: { '/article/[slug]': {} } }));
    expect(build('code', [article('a', 'k1')], []).handed).toEqual(['a']);
  });

  it('appends a build that changed a few keys as one line, which a new process reads as the whole', () => {
    const slugs = Array.from({ length: 30 }, (_, i) => `s${i}`);
    const all = (edited: Record<string, string>, without: string[] = []) =>
      slugs.filter((s) => !without.includes(s)).map((s) => article(s, edited[s] ?? `k-${s}`));
    build('code', all({}), []);
    const whole = fs.readFileSync(file, 'utf8');
    expect(whole).not.toContain('\n');
    expect(build('code', all({ s3: 'k3 edited' }), []).handed).toEqual(['s3']);
    expect(build('code', all({ s3: 'k3 edited' }, ['s7']), []).handed).toEqual([]);
    const text = fs.readFileSync(file, 'utf8');
    // The whole manifest is not written again: the two builds are two lines after it.
    expect(text.startsWith(`${whole}\n`)).toBe(true);
    expect(text.split('\n')).toHaveLength(3);
    const expected = Object.fromEntries(
      slugs.filter((s) => s !== 's7').map((s) => [`/article/${s}`, s === 's3' ? 'k3 edited' : `k-${s}`]),
    );
    expect(readRouteManifest(file)).toEqual({
      version: 1,
      fingerprint: 'code',
      routes: { '/article/[slug]': expected, '/category/[slug]/[...page]': {} },
    });
    // A line cut short (a crash while appending) is ignored: its pages are rendered again.
    fs.appendFileSync(file, '\n{"routes":{"/article/[slug]":{"/article/s1":"k1 ed');
    expect(readRouteManifest(file)!.routes['/article/[slug]']).toEqual(expected);
    // More changed keys than a tenth of all: the whole manifest again, one line.
    const many = Object.fromEntries(['s0', 's1', 's2', 's4'].map((s) => [s, `${s} v2`]));
    expect(build('code', all({ ...many, s3: 'k3 edited' }, ['s7']), []).handed).toEqual(['s0', 's1', 's2', 's4']);
    expect(fs.readFileSync(file, 'utf8')).not.toContain('\n');
    expect(readRouteManifest(file)!.routes['/article/[slug]']).toEqual({
      ...expected,
      ...Object.fromEntries(Object.entries(many).map(([s, k]) => [`/article/${s}`, k])),
    });
  });

  it('counts a route Astro asks twice once, with the same answer', () => {
    build('code', [article('a', 'k1'), article('b', 'k2')], []);
    startRouteManifest(file, 'code');
    const paths = [article('a', 'k1'), article('b', 'k2 edited')];
    expect(changedPaths('/article/[slug]', paths).map((p) => p.params.slug)).toEqual(['b']);
    expect(changedPaths('/article/[slug]', paths).map((p) => p.params.slug)).toEqual(['b']);
    expect(finishRouteManifest()).toMatchObject({ rendered: 1, unchanged: 1 });
  });
});

describe('the record of changed pages, for the release step', () => {
  const cacheDir = () => path.dirname(file);

  it('says every page changed after a build without a manifest, then names what each build rendered or dropped', () => {
    build('code', [article('a', 'k1'), article('b', 'k1')], [listing('energy', '2', 'k1')]);
    expect(readRouteChanges(cacheDir())).toEqual({ complete: true });
    forgetRouteChanges(cacheDir());
    build('code', [article('a', 'k2'), article('c', 'k1')], [listing('energy', '2', 'k1')]);
    expect(readRouteChanges(cacheDir())).toEqual({
      rendered: ['article/a/index.html', 'article/c/index.html'],
      removed: ['article/b/index.html'],
    });
  });

  it('adds up the builds no release took yet (a release step that never ran loses nothing)', () => {
    build('code', [article('a', 'k1'), article('b', 'k1')], []);
    forgetRouteChanges(cacheDir());
    build('code', [article('a', 'k2')], []);
    build('code', [article('a', 'k2'), article('b', 'k2'), article('c', 'k1')], []);
    build('code', [article('a', 'k2'), article('b', 'k2')], []);
    const changes = readRouteChanges(cacheDir())!;
    expect(changes.rendered!.sort()).toEqual(['article/a/index.html', 'article/b/index.html']);
    expect(changes.removed).toEqual(['article/c/index.html']);
    // Other code renders everything: so says the record until a release takes it.
    build('code v2', [article('a', 'k2')], []);
    expect(readRouteChanges(cacheDir())).toEqual({ complete: true });
    build('code v2', [article('a', 'k3')], []);
    expect(readRouteChanges(cacheDir())).toEqual({ complete: true });
    forgetRouteManifest(file);
    expect(readRouteChanges(cacheDir())).toBeNull();
  });
});

describe('buildFingerprint', () => {
  const project = () => {
    const root = path.join(tmp, 'project');
    fs.mkdirSync(path.join(root, 'src', 'pages'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src', 'pages', 'index.astro'), '<h1>Home</h1>');
    fs.writeFileSync(path.join(root, 'astro.config.mjs'), 'export default {}');
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion": 3}');
    return root;
  };

  it('is stable, and changes with a source file, a new file, the lockfile or the environment', () => {
    const root = project();
    const env = { site: 'http://127.0.0.1:4321', PUBLIC_SUPABASE_URL: 'http://127.0.0.1:54321' };
    const base = buildFingerprint(root, env);
    expect(buildFingerprint(root, { ...env })).toBe(base);
    expect(buildFingerprint(root, { ...env, site: 'https://esg.example' })).not.toBe(base);

    fs.writeFileSync(path.join(root, 'src', 'pages', 'index.astro'), '<h1>Home!</h1>');
    const edited = buildFingerprint(root, env);
    expect(edited).not.toBe(base);

    fs.writeFileSync(path.join(root, 'src', 'pages', 'about.astro'), '<h1>About</h1>');
    const added = buildFingerprint(root, env);
    expect(added).not.toBe(edited);

    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion": 3, "packages": {}}');
    expect(buildFingerprint(root, env)).not.toBe(added);
  });

  it('changes with the config’s integrations under scripts/lib', () => {
    const root = project();
    const env = { site: 'http://127.0.0.1:4321' };
    fs.mkdirSync(path.join(root, 'scripts', 'lib'), { recursive: true });
    fs.writeFileSync(path.join(root, 'scripts', 'lib', 'sitemap.ts'), 'export const a = 1;');
    const base = buildFingerprint(root, env);
    fs.writeFileSync(path.join(root, 'scripts', 'lib', 'sitemap.ts'), 'export const a = 2;');
    expect(buildFingerprint(root, env)).not.toBe(base);
  });
});
