/**
 * The static host's `_redirects` rules across releases (scripts/lib/static-server.ts): read for
 * each release on the first request that needs them, and a release's own rules, never the last
 * one's, even when its file has the same size or the same bytes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateRelease } from '../../scripts/lib/release/releases.ts';
import { startStaticServer, type StaticServer } from '../../scripts/lib/static-server.ts';

let dir: string;
let server: StaticServer;

/** A release folder with `_redirects` (none when `rules` is null) and one built article page. */
function release(id: string, rules: string | null) {
  const root = path.join(dir, id);
  fs.mkdirSync(path.join(root, 'article', 'built'), { recursive: true });
  fs.writeFileSync(path.join(root, 'article', 'built', 'index.html'), `<p>${id}</p>`);
  fs.writeFileSync(path.join(root, '404.html'), 'Not here');
  if (rules !== null) fs.writeFileSync(path.join(root, '_redirects'), rules);
  return { id, dir: root };
}

async function get(urlPath: string) {
  const res = await fetch(`${server.url}${urlPath}`, { redirect: 'manual' });
  await res.body?.cancel();
  return { status: res.status, location: res.headers.get('location') };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-redirects-'));
  await activateRelease(dir, release('r1', '/article/1 /article/first-slug 301\n/article/built /elsewhere 301\n'));
  server = await startStaticServer({ dir, releases: true, port: 0 });
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('_redirects across releases', () => {
  it("answers a rule's path with its redirect, and a built page over a rule", async () => {
    expect(await get('/article/1')).toEqual({ status: 301, location: '/article/first-slug' });
    expect(await get('/article/built')).toEqual({ status: 200, location: null });
  });

  it("follows each new release's own file: changed, same size, same bytes, gone", async () => {
    await activateRelease(dir, release('r2', '/article/1 /article/other-slug 301\n'));
    expect(await get('/article/1')).toEqual({ status: 301, location: '/article/other-slug' });
    // The same length, other bytes: not the last release's rules.
    await activateRelease(dir, release('r3', '/article/1 /article/other-slux 301\n'));
    expect(await get('/article/1')).toEqual({ status: 301, location: '/article/other-slux' });
    // The same bytes as the release before: the same answer.
    await activateRelease(dir, release('r4', '/article/1 /article/other-slux 301\n'));
    expect(await get('/article/1')).toEqual({ status: 301, location: '/article/other-slux' });
    await activateRelease(dir, release('r5', null));
    expect((await get('/article/1')).status).toBe(404);
  });

  it('reads a rewritten file of the same release again', async () => {
    await activateRelease(dir, release('r6', '/article/1 /article/before 301\n'));
    expect(await get('/article/1')).toEqual({ status: 301, location: '/article/before' });
    const file = path.join(dir, 'r6', '_redirects');
    fs.writeFileSync(`${file}.tmp`, '/article/1 /article/after-rewrite 302\n');
    fs.renameSync(`${file}.tmp`, file);
    expect(await get('/article/1')).toEqual({ status: 302, location: '/article/after-rewrite' });
  });
});
