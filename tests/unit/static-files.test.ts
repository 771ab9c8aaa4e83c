import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRequest } from '../../scripts/lib/static-files.ts';

let root: string;
const page = (rel: string) => {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, rel);
};
const resolve = (url: string) => {
  const r = resolveRequest(root, url);
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
    'errors/author-not-public/index.html',
    'errors/author-not-found/index.html',
    'authors/index.html',
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
