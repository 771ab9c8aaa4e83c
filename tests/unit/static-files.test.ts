import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControl, contentType, parseRedirects, resolveRequest } from '../../scripts/lib/static-files.ts';

let root: string;
const page = (rel: string) => {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, rel);
};
const redirects = parseRedirects('# ids\n/article/12 /article/a-story 301\n');
const resolve = (url: string) => {
  const r = resolveRequest(root, url, undefined, redirects);
  if (r && 'redirect' in r) return r;
  return r && { file: path.relative(root, r.file), status: r.status };
};

beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-')));
  for (const rel of [
    '404.html',
    'dashboard/index.html',
    'category/energy/index.html',
    'category/energy/2/index.html',
    'category/energy/rss.xml',
    'errors/category-not-found/index.html',
    'article/a-story/index.html',
    'errors/article-not-found/index.html',
    'author/thandi/index.html',
    'errors/author-not-found/index.html',
    'authors/index.html',
    'article/flat-story.html',
    'author/thandi/2.html',
  ])
    page(rel);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('section fallbacks of the static host', () => {
  it('serves built listing pages as they are', () => {
    expect(resolve('/category/energy')).toEqual({ file: 'category/energy/index.html', status: 200 });
    expect(resolve('/category/energy/2/')).toEqual({ file: 'category/energy/2/index.html', status: 200 });
    expect(resolve('/category/energy/rss.xml')).toEqual({ file: 'category/energy/rss.xml', status: 200 });
    expect(resolve('/author/thandi')).toEqual({ file: 'author/thandi/index.html', status: 200 });
    expect(resolve('/authors')).toEqual({ file: 'authors/index.html', status: 200 });
  });

  it('serves a page a release stores as x.html at /x and /x/ (scripts/lib/release/snapshot.ts, servedPath)', () => {
    expect(resolve('/article/flat-story')).toEqual({ file: 'article/flat-story.html', status: 200 });
    expect(resolve('/article/flat-story/')).toEqual({ file: 'article/flat-story.html', status: 200 });
    expect(resolve('/author/thandi/2')).toEqual({ file: 'author/thandi/2.html', status: 200 });
    expect(resolve('/author/thandi/3')).toEqual({ file: 'errors/author-not-found/index.html', status: 404 });
  });

  it('answers unknown categories and articles with their not-found page and 404', () => {
    expect(resolve('/category/nope')).toEqual({ file: 'errors/category-not-found/index.html', status: 404 });
    expect(resolve('/category/energy/9')).toEqual({ file: 'errors/category-not-found/index.html', status: 404 });
    expect(resolve('/article/nope')).toEqual({ file: 'errors/article-not-found/index.html', status: 404 });
  });

  it("answers every other /author/… path with 'Author not found.' and 404, the same for a reader's name", () => {
    expect(resolve('/author/some-reader')).toEqual({ file: 'errors/author-not-found/index.html', status: 404 });
    expect(resolve('/author/nobody/2')).toEqual({ file: 'errors/author-not-found/index.html', status: 404 });
  });

  it('keeps shells and the site-wide 404', () => {
    expect(resolve('/dashboard/articles/1')).toEqual({ file: 'dashboard/index.html', status: 200 });
    expect(resolve('/categoryx')).toEqual({ file: '404.html', status: 404 });
    expect(resolve('/no/such/page')).toEqual({ file: '404.html', status: 404 });
  });
});

describe('redirect rules of the static host (_redirects)', () => {
  it.each([
    ['/article/12', { redirect: '/article/a-story', status: 301 }],
    ['/article/12/', { redirect: '/article/a-story', status: 301 }],
    ['/article/13', { file: 'errors/article-not-found/index.html', status: 404 }],
    ['/article/a-story', { file: 'article/a-story/index.html', status: 200 }],
  ])('%s', (url, expected) => {
    expect(resolve(url)).toEqual(expected);
  });

  it('lets a built page win over a rule for the same path', () => {
    const rules = parseRedirects('/article/a-story /elsewhere 301');
    expect(resolveRequest(root, '/article/a-story', undefined, rules)).toMatchObject({ status: 200 });
  });

  it.each<[string, [string, { to: string; status: number }][]]>([
    ['/article/1 /article/one 301', [['/article/1', { to: '/article/one', status: 301 }]]],
    ['/a /b', [['/a', { to: '/b', status: 301 }]]],
    ['/a   /b   302\n', [['/a', { to: '/b', status: 302 }]]],
    ['# comment\n\n', []],
    ['/a /b 200', []],
    ['/news/* /blog/:splat 301', []],
    ['/a /b 301 Country=za', []],
    ['/a /b 301\n/a /c 301', [['/a', { to: '/b', status: 301 }]]],
  ])('parseRedirects(%j)', (text, rules) => {
    expect([...parseRedirects(text)]).toEqual(rules);
  });
});

describe('the offline worker (/sw.js) on the static host', () => {
  it('is served as JavaScript and revalidated on every update check (never cached for a year)', () => {
    page('sw.js');
    expect(resolve('/sw.js')).toEqual({ file: 'sw.js', status: 200 });
    expect(contentType('sw.js')).toBe('text/javascript; charset=utf-8');
    expect(cacheControl('/sw.js', 200)).toBe('no-cache');
  });

  it('keeps the year-long cache for fingerprinted bundles only', () => {
    expect(cacheControl('/_astro/client.abc123.js', 200)).toBe('public, max-age=31536000, immutable');
    // Build renditions are named by their source's version (docs/images.md).
    expect(cacheControl('/_img/0123456789abcdef0123-800.webp', 200)).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('/_img/missing-800.webp', 404)).toBe('no-cache');
    expect(cacheControl('/offline', 200)).toBe('no-cache');
  });
});
