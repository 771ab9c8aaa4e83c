/**
 * `npm start` over an existing build never takes the site offline (issue 14): the stack serves
 * the last release from its first moment, keeps serving it while the API starts, seeds and the
 * site is rebuilt, and swaps the new build in atomically. A reader polling the home page, an
 * article and a category through the restart gets no failed request.
 *
 * The previous release is a small stand-in marked 'previous build' (a second full build here
 * would double the test's time); the new one is the real build of the seeded stack, so every
 * poll says which release answered it. In the `stack` project: once, on PGlite (the engine changes
 * nothing here).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { currentRelease } from '../../scripts/lib/release/releases.ts';
import { createStack, type Stack } from '../../scripts/lib/stack.ts';
import { makeScratchDir } from '../../scripts/lib/paths.ts';

const PAGES = [
  '/',
  '/article/wheeling-rules-unlock-private-power-as-load-shedding-fades-from-the-headlines',
  '/category/biodiversity',
];
const OLD = 'previous build';
const OLD_ID = '20000101T000000000Z-previous';

interface Poll {
  at: number;
  path: string;
  status: number;
  fromPrevious: boolean;
}

const tmp = makeScratchDir('stack-restart-');
const releasesDir = path.join(tmp, 'releases');
let stack: Stack | undefined;

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function writePreviousRelease(): void {
  for (const page of PAGES) {
    const file = path.join(releasesDir, OLD_ID, page, 'index.html');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `<!doctype html><title>${OLD}</title><p>${OLD}: ${page}</p>`);
  }
  fs.symlinkSync(OLD_ID, path.join(releasesDir, 'current'));
}

describe('restarting over an existing build', () => {
  it('answers every page request while the site is rebuilt, then serves the new build', async () => {
    writePreviousRelease();
    let buildStartedAt = Infinity;
    stack = createStack({
      config: loadConfig({
        port: 0,
        host: '127.0.0.1',
        inMemory: true,
        databaseUrl: undefined,
        dataDir: path.join(tmp, 'supabase'),
        emailMinInterval: 0,
        bcryptCost: 4,
      }),
      siteHost: '127.0.0.1',
      sitePort: 0,
      outDir: path.join(tmp, 'dist'),
      cacheDir: path.join(tmp, 'astro-cache'),
      releasesDir,
      seed: true,
      quietBuild: true,
      log: (line) => {
        if (line.startsWith('Building the site')) buildStartedAt = Date.now();
      },
    });
    let done = false;
    const starting = stack.start().finally(() => (done = true));
    const started = Date.now();
    while (!stack.site && !done) await new Promise((r) => setTimeout(r, 5));
    expect(stack.site, 'the static host is up before the rebuild').toBeDefined();
    const site = stack.site!.url;

    const polls: Poll[] = [];
    const poll = async () => {
      for (const page of PAGES) {
        // A request stalled for 15 s is a failure too (the host must not wait on the busy API).
        const res = await fetch(`${site}${page}`, { signal: AbortSignal.timeout(15_000) }).catch(() => undefined);
        const body = res ? await res.text() : '';
        polls.push({ at: Date.now(), path: page, status: res?.status ?? 0, fromPrevious: body.includes(OLD) });
      }
    };
    while (!done) await poll();
    await starting;
    const swappedAt = Date.now();
    await poll();

    const failed = polls.filter((p) => p.status !== 200);
    expect(failed, 'failed requests during the restart').toEqual([]);
    // Not vacuous: the polls covered the build itself and the new build was swapped in.
    expect(buildStartedAt).toBeGreaterThan(started);
    const duringBuild = polls.filter((p) => p.at > buildStartedAt && p.at < swappedAt && p.fromPrevious);
    expect(duringBuild.length, 'polls answered from the previous build while building').toBeGreaterThanOrEqual(
      PAGES.length * 3,
    );
    const last = polls.slice(-PAGES.length);
    expect(last.map((p) => [p.path, p.status, p.fromPrevious])).toEqual(PAGES.map((p) => [p, 200, false]));
    expect(currentRelease(releasesDir)?.id).not.toBe(OLD_ID);
    // Once a poll got the new build, no later one got the old (the swap is one step).
    const firstNew = polls.findIndex((p) => !p.fromPrevious);
    expect(polls.slice(firstNew).filter((p) => p.fromPrevious)).toEqual([]);
  }, 240_000);
});
