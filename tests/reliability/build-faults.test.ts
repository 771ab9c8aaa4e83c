/**
 * Issue 13, the static build when the database fails, on the `npm start` path (scripts/start.ts →
 * scripts/lib/stack.ts → the publish worker's build → scripts/lib/release/; the publish
 * worker's own rebuilds are tested in tests/stack/publish-faults.test.ts). A start whose
 * database answers the build's reads with an error, or has gone, reports the failure loudly,
 * naming the cause, and keeps serving the release built before; `astro build` itself exits
 * non-zero with the cause; without an earlier release, or without an API, the start fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../../supabase/local/config.ts';
import { runAstroBuild } from '../../scripts/lib/astro-build.ts';
import { buildRelease } from '../../scripts/lib/release/build.ts';
import { currentRelease } from '../../scripts/lib/release/releases.ts';
import { createStack, type Stack } from '../../scripts/lib/stack.ts';
import { startPgCluster } from '../../scripts/lib/pg-cluster.ts';
import { makeScratchDir } from '../../scripts/lib/paths.ts';

const tmp = makeScratchDir('build-faults-');
const siteDirs = (name: string) => ({
  outDir: path.join(tmp, name, 'dist'),
  cacheDir: path.join(tmp, name, 'astro-cache'),
  releasesDir: path.join(tmp, name, 'releases'),
});
const dirs = siteDirs('site');
const stacks: Stack[] = [];

/**
 * `npm start` (as scripts/start.ts configures the stack) with its folders under tmp and PGlite
 * on disk, so a second start finds the first one's data.
 */
function start(
  overrides: Partial<ServerConfig> = {},
  afterSeed?: Parameters<typeof createStack>[0]['afterSeed'],
  site = dirs,
) {
  const stack = createStack({
    config: loadConfig({
      port: 0,
      host: '127.0.0.1',
      inMemory: false,
      databaseUrl: undefined,
      dataDir: path.join(tmp, 'supabase'),
      emailMinInterval: 0,
      bcryptCost: 4,
      ...overrides,
    }),
    siteHost: '127.0.0.1',
    sitePort: 0,
    ...site,
    seed: true,
    afterSeed,
    quietBuild: true,
    keepPreviousOnBuildFailure: true,
    log: () => {},
  });
  stacks.push(stack);
  return stack;
}

async function home(stack: Stack): Promise<{ status: number; html: string }> {
  const res = await fetch(`http://127.0.0.1:${stack.site!.port}/`);
  return { status: res.status, html: await res.text() };
}

let live: string;
let liveHome: string;

beforeAll(async () => {
  const first = start();
  await first.start();
  live = currentRelease(dirs.releasesDir)!.id;
  const page = await home(first);
  expect(page.status).toBe(200);
  liveHome = page.html;
  await first.stop();
}, 240_000);

afterAll(async () => {
  for (const stack of stacks) await stack.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('npm start when the database fails the build', () => {
  it('reports the database error when the build’s reads are refused, and the previous release stays live', async () => {
    // The database answers, but with an error: the anon role the build reads as lost its grant.
    const revoke = (server: NonNullable<Stack['server']>) =>
      server.engine.exec('revoke select on public.articles_meta from anon');
    const stack = start({}, revoke);
    await stack.start();
    // Loud: the cause is named (what was read, from where, and PostgreSQL's answer).
    expect(stack.buildFailure).toMatch(/Reading articles from http:\/\/127\.0\.0\.1:\d+ failed \(42501\)/);
    expect(stack.buildFailure).toMatch(/permission denied for table articles_meta/);
    // Nothing was released: the release built before is still current and still served.
    expect(currentRelease(dirs.releasesDir)!.id).toBe(live);
    const page = await home(stack);
    expect(page.status).toBe(200);
    expect(page.html).toBe(liveHome);
    await stack.stop();

    // A first start has no earlier release to keep: it fails, with the same cause.
    const fresh = start({}, revoke, siteDirs('fresh'));
    const failure = await fresh.start().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(failure?.message).toMatch(/permission denied for table articles_meta/);
    expect(currentRelease(siteDirs('fresh').releasesDir)).toBeUndefined();
    await fresh.server!.engine.exec('grant select on public.articles_meta to anon');
    await fresh.stop();
  });

  it('reports the outage when PostgreSQL goes away before the build reads, and the previous release stays live', async () => {
    const cluster = await startPgCluster();
    let clusterStopped = false;
    try {
      // Migrated and seeded, then the database is gone when the build starts reading.
      const stack = start({ databaseUrl: cluster.url }, async () => {
        await cluster.stop();
        clusterStopped = true;
      });
      await stack.start();
      console.log(`[reliability] start with PostgreSQL gone after the seed: ${stack.buildFailure?.split('\n')[0]}`);
      expect(stack.buildFailure).toMatch(
        /publish_pending: HTTP 503 .*PGRST000.*ECONNREFUSED|Reading \w+ from http:\/\/127\.0\.0\.1:\d+ failed \(PGRST000\)/,
      );
      expect(currentRelease(dirs.releasesDir)!.id).toBe(live);
      // The build itself, as the worker runs it, against the API whose database is gone: astro
      // build exits non-zero with the API's answer, and no release is made.
      const site = { workDir: dirs.outDir, cacheDir: dirs.cacheDir, releasesDir: dirs.releasesDir };
      const built = await buildRelease(
        site,
        () =>
          runAstroBuild({
            apiUrl: stack.server!.url,
            publishableKey: stack.server!.config.publishableKey,
            siteUrl: `http://127.0.0.1:${stack.site!.port}`,
            outDir: dirs.outDir,
            cacheDir: dirs.cacheDir,
            keepOutDir: true,
            quiet: true,
          }).done,
      ).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      console.log(
        `[reliability] astro build with PostgreSQL gone: ${built?.message.split('\n').find((l) => /Reading/.test(l))}`,
      );
      expect(built?.message).toMatch(/^astro build failed \(exit code 1\)/);
      expect(built?.message).toMatch(/Reading \w+ from http:\/\/127\.0\.0\.1:\d+ failed \(PGRST000\)/);
      expect(currentRelease(dirs.releasesDir)!.id).toBe(live);
      const page = await home(stack);
      expect(page.status).toBe(200);
      expect(page.html).toBe(liveHome);
      await stack.stop();
    } finally {
      if (!clusterStopped) await cluster.stop();
    }
  });

  it('stops naming the unreachable PostgreSQL server at start, and the previous release stays', async () => {
    const stack = start({ databaseUrl: 'postgres://postgres@127.0.0.1:9/postgres' });
    const failure = await stack.start().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(failure).toBeInstanceOf(Error);
    console.log(`[reliability] start with PostgreSQL unreachable: ${failure?.message.split('\n')[0]}`);
    expect(failure!.message).toMatch(/ECONNREFUSED 127\.0\.0\.1:9/);
    expect(currentRelease(dirs.releasesDir)!.id).toBe(live);
    const page = await home(stack);
    expect(page.html).toBe(liveHome);
    await stack.stop();
  });
});
