/**
 * `npm run bench:build [-- --sizes 1000,10000]` (or `-- --articles 100000`, one size): publishing =
 * rebuilding, measured (issues 12 and 26).
 * For each size, on a private stack (in-memory PGlite, its own ports, the publish worker on):
 *   1. full build: wall time from the start to the swap that makes it live (the worker then marks
 *      the outbox built, timed apart), pages, pages/s, peak RSS of the build process;
 *   2. incremental build after one article's title changed (the median of 5), as the publish
 *      worker runs it (a warm render in the process that holds the full build's compiled pages,
 *      scripts/lib/astro-build-warm.ts; CPU time of that process during the build): build step, with prune
 *      and snapshot, pages rendered (Astro's count) and files new in the release (the rest are
 *      hard links: unchanged, or written again with the same bytes); each such edit is followed
 *      by one built by a new `astro build` process, as before the standby (the "cold" median);
 *   3. publish-to-live latency (database update → new title served), p50/p95 over 10 publishes,
 *      webhook, debounce, build and swap included;
 *   4. a burst of 20 publishes within 5 s: builds run and time until all 20 are live.
 * `--full-only` measures the full build alone (`--repeat N`: N times over on the same data, each in
 * a new build process with an empty output and cache folder) and prints its line, no table.
 * `--quick` (issue 26's live figure at 100,000 in ~15 minutes instead of ~40): leaves out the
 * edits built in a new process and the burst; their columns print as "-".
 * With `--publishes N`, N more edits are then rendered warm in the same build process, and its
 * resident memory after each is printed (issue 26: flat over 1,000 publishes).
 * `ASTRO_BUILD_CPU_PROF=<folder>` profiles the build process's full build and each warm render
 * (scripts/lib/astro-build-standby.ts). Do not change `src/` or `scripts/lib/` while it runs:
 * that changes the build fingerprint, and every later edit is then a full build.
 * Synthetic content comes from the seed generator (realistic bodies, 32 categories, 20 authors).
 * Prints a table and writes .data/bench/build.json. A benchmark, never a test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { loadConfig } from '../../supabase/local/config.ts';
import { createAstroBuilder, runAstroBuild } from '../lib/astro-build.ts';
import { DATA_DIR, PUBLIC_DIR, makeScratchDir } from '../lib/paths.ts';
import { percentile, residentMb, threadCpuSeconds, watchProcess } from './lib/proc.ts';
import { buildRelease } from '../lib/release/build.ts';
import { activateRelease } from '../lib/release/releases.ts';
import { createStack, type Stack } from '../lib/stack.ts';
import { generate } from '../seed/generate.ts';
import { ensureAuthors, figuresTable, phases, publishLatency, type Figures } from './lib/build-bench.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    articles: { type: 'string' },
    publishes: { type: 'string', default: '0' },
    'full-only': { type: 'boolean', default: false },
    repeat: { type: 'string', default: '1' },
    quick: { type: 'boolean', default: false },
  },
});
const SIZES = (values.articles ?? values.sizes!).split(',').map(Number);
/** `--publishes N`: N more edits rendered warm in one build process, its memory sampled. */
const PUBLISHES = Number(values.publishes);
/** `--full-only [--repeat N]`: only the full build, N times over on the same data (profiling it). */
const FULL_ONLY = values['full-only']!;
const REPEAT = Number(values.repeat);
/** `--quick`: no edits in a new process, no burst. */
const QUICK = values.quick!;
const OUT = path.join(DATA_DIR, 'bench');
const AUTHORS = 20;

/** Edit builds measured at each size; the median is reported. */
const EDITS = 5;

async function measure(size: number): Promise<Figures | undefined> {
  const dir = makeScratchDir(`bench-build-${size}-`);
  const site = {
    workDir: path.join(dir, 'dist'),
    cacheDir: path.join(dir, 'astro-cache'),
    releasesDir: path.join(dir, 'releases'),
    publicDir: PUBLIC_DIR,
  };
  const stack: Stack = createStack({
    config: loadConfig({
      port: 0,
      host: '127.0.0.1',
      inMemory: true,
      dataDir: path.join(dir, 'supabase'),
      bcryptCost: 4,
      // A benchmark measures time: on a shared machine, filling 100,000 articles and the build's
      // one-request reads of them must not fail on the API's overload limits (10 s for a
      // connection, 3 s for an anon statement), which the product keeps.
      dbPoolAcquisitionTimeoutMs: 300_000,
      statementTimeouts: { anon: 300_000, authenticated: 300_000, service_role: 300_000 },
    }),
    siteHost: '127.0.0.1',
    sitePort: 0,
    outDir: site.workDir,
    cacheDir: site.cacheDir,
    releasesDir: site.releasesDir,
    seed: true,
    quietBuild: true,
    publish: { port: 0 },
    log: () => {},
  });
  try {
    await stack.start();
    const server = stack.server!;
    const worker = stack.worker!;
    const siteUrl = stack.site!.url;
    const db = createClient(server.url, server.config.secretKey, { auth: { persistSession: false } });
    worker.hold();
    await ensureAuthors(db, AUTHORS);
    console.log(`[${size}] generating ${size} synthetic articles…`);
    await generate(db, size, () => {});

    let builder = createAstroBuilder();
    const build = async (cold = false) => {
      let stopWatch: () => { peakMb: number; cpuS: number } = () => ({ peakMb: 0, cpuS: 0 });
      let output = '';
      let pid: number | undefined;
      let threads0 = new Map<string, number>();
      const t0 = performance.now();
      const result = await buildRelease(site, async () => {
        const run = (cold ? runAstroBuild : builder.run)({
          apiUrl: server.url,
          publishableKey: server.config.publishableKey,
          siteUrl,
          outDir: site.workDir,
          cacheDir: site.cacheDir,
          keepOutDir: true,
          quiet: true,
        });
        stopWatch = watchProcess(run.child.pid);
        pid = run.child.pid;
        threads0 = threadCpuSeconds(pid);
        try {
          // A warm render names the client bundle it kept, for the release step.
          return await run.done;
        } finally {
          output = run.output();
        }
      });
      const { peakMb: peak, cpuS } = stopWatch();
      // CPU seconds of the build by thread name (a warm render's process stays alive after it).
      const threads = [...threadCpuSeconds(pid)]
        .map(([name, s]) => [name, s - (threads0.get(name) ?? 0)] as const)
        .filter(([, s]) => s >= 0.05)
        .sort((a, b) => b[1] - a[1]);
      const rssMb = Math.round(residentMb(pid));
      await activateRelease(site.releasesDir, result.release);
      // Live from here: the wall time stops. Marking the outbox built is the worker's bookkeeping
      // after the swap (after seeding, 100,000 rows of it), timed on its own.
      const t1 = performance.now();
      const { data } = await db.rpc('publish_pending').single<{ up_to: number | null }>();
      if (data?.up_to) await db.rpc('publish_mark_built', { up_to: data.up_to });
      const outboxS = (performance.now() - t1) / 1000;
      return { ...result, wallS: (t1 - t0) / 1000, outboxS, peakRssMb: peak, rssMb, cpuS, threads, output };
    };

    const fullBuild = async (n = 1) => {
      console.log(`[${size}] full build…`);
      // Each repeat starts from new, empty output and cache folders, as a first deploy or a host's
      // build hook does; not by deleting the last build's. Without a journal, ext4 does not hand
      // out an inode freed in the last 60 s (recently_deleted() in its allocator), so a build
      // started right after freeing 22,000 scans past them for each file and folder it makes
      // (perf: 1.3 → 3.8 → 6.6 s of CPU in the file-write threads over three builds). The product
      // never does that: a full build after a code change rewrites workDir's files in place.
      if (n > 1)
        Object.assign(site, { workDir: path.join(dir, `dist-${n}`), cacheDir: path.join(dir, `astro-cache-${n}`) });
      // The first: whatever the stack's start built from the seed (a few hundred files) goes.
      fs.rmSync(site.workDir, { recursive: true, force: true });
      fs.rmSync(site.cacheDir, { recursive: true, force: true });
      const load = os.loadavg()[0]!;
      const result = await build();
      const pages = fs
        .readdirSync(result.release.dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('.html')).length;
      // Printed now as well as in the table: a run at 100,000 takes long enough to be stopped.
      console.log(
        `[${size}] full build: ${result.wallS.toFixed(1)} s, ${pages} pages, ` +
          `${(pages / (result.stats.buildMs / 1000)).toFixed(0)} pages/s, peak RSS ${result.peakRssMb} MB, ` +
          `build process CPU ${result.cpuS.toFixed(1)} s, load average ${load.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`,
      );
      const { buildMs, pruneMs, snapshotMs, copied, files } = result.stats;
      console.log(
        `[${size}]   to live: build ${(buildMs / 1000).toFixed(1)} s, prune ${(pruneMs / 1000).toFixed(1)} s, ` +
          `snapshot ${(snapshotMs / 1000).toFixed(1)} s (${copied} of ${files} files new or changed); ` +
          `then the outbox marked built in ${result.outboxS.toFixed(1)} s`,
      );
      console.log(
        `[${size}]   CPU by thread: ${result.threads.map(([name, s]) => `${name} ${s.toFixed(1)} s`).join(', ')}\n${phases(result.output)}`,
      );
      return { ...result, pages };
    };
    let full = await fullBuild();
    if (FULL_ONLY) {
      for (let i = 2; i <= REPEAT; i++) {
        builder.close();
        builder = createAstroBuilder();
        full = await fullBuild(i);
      }
      builder.close();
      return undefined;
    }
    const pages = full.pages;

    const { data: articles } = await db
      .from('articles_meta')
      .select('id, slug, title')
      .like('slug', 'synthetic-%')
      .order('published_at', { ascending: false })
      .range(100, 140);
    const pick = articles as { id: number; slug: string; title: string }[];

    // One title changed and built, EDITS times over (the median is reported: a single build's
    // time moves by a few hundred ms with what the disk is still writing back).
    console.log(
      `[${size}] incremental build after one title change, ${EDITS} times${QUICK ? '' : ` (and ${EDITS} cold)`}…`,
    );
    const edits: Awaited<ReturnType<typeof build>>[] = [];
    const colds: Awaited<ReturnType<typeof build>>[] = [];
    const edit = async (n: number) => {
      await db
        .from('articles_meta')
        .update({ title: `${pick[0]!.title} — revised ${n}` })
        .eq('id', pick[0]!.id);
    };
    for (let i = 1; i <= EDITS; i++) {
      await builder.warm();
      await edit(2 * i);
      edits.push(await build());
      if (QUICK) continue;
      await edit(2 * i + 1);
      colds.push(await build(true));
    }
    if (PUBLISHES > 0) {
      // Memory over many publishes in one build process (issue 26): resident size after each.
      console.log(`[${size}] ${PUBLISHES} edits rendered warm in one process…`);
      const rss: number[] = [];
      const steps: number[] = [];
      for (let i = 1; i <= PUBLISHES; i++) {
        await edit(1000 + i);
        const b = await build();
        rss.push(b.rssMb);
        steps.push(b.stats.buildMs / 1000);
      }
      // The largest resident size in each tenth of the run: flat means no tenth above the others.
      const tenths = Array.from({ length: 10 }, (_, t) =>
        Math.max(...rss.slice(Math.floor((t * rss.length) / 10), Math.floor(((t + 1) * rss.length) / 10))),
      );
      console.log(
        `[${size}] build process RSS after publish 1: ${rss[0]} MB, after the last: ${rss.at(-1)} MB; ` +
          `largest in each tenth of the run: ${tenths.join(' / ')} MB; ` +
          `build step p50 ${percentile(steps, 0.5).toFixed(2)} s, p95 ${percentile(steps, 0.95).toFixed(2)} s`,
      );
    }
    builder.close();
    const median = (xs: typeof edits) =>
      [...xs].sort((a, b) => a.stats.buildMs - b.stats.buildMs)[Math.floor(xs.length / 2)];
    const inc = median(edits)!;
    const steps = (xs: typeof edits) => xs.map((e) => (e.stats.buildMs / 1000).toFixed(2)).join(', ');
    console.log(`[${size}] edit build steps: ${steps(edits)} s; in a new process: ${steps(colds)} s`);
    const cpu = (xs: typeof edits) =>
      xs.length
        ? percentile(
            xs.map((e) => e.cpuS),
            0.5,
          ).toFixed(2)
        : '-';
    console.log(`[${size}] CPU of the build process, median: ${cpu(edits)} s; in a new process: ${cpu(colds)} s`);
    console.log(`[${size}] the median one, as Astro logged it:\n${phases(inc.output)}`);

    const { samples, burst } = await publishLatency({ size, db, siteUrl, worker, pick, dir, burst: !QUICK });

    return {
      articles: size,
      full: {
        wallS: full.wallS,
        pages,
        pagesPerS: pages / (full.stats.buildMs / 1000),
        peakRssMb: full.peakRssMb,
      },
      incremental: {
        wallS: inc.wallS,
        buildS: inc.stats.buildMs / 1000,
        coldBuildS: colds.length ? median(colds)!.stats.buildMs / 1000 : NaN,
        pagesRendered: Number(/(\d+) page\(s\) built in/.exec(inc.output)?.[1] ?? NaN),
        filesRewritten: inc.stats.copied,
        files: inc.stats.files,
      },
      latency: { p50S: percentile(samples, 0.5), p95S: percentile(samples, 0.95), samples },
      burst,
    };
  } finally {
    await stack.stop();
    scratch.push(dir);
  }
}

/**
 * Scratch folders, deleted once every size is measured: without a journal (this machine's ext4),
 * an inode freed in the last minute is skipped by the allocator, so deleting one size's ~30,000
 * files just before the next size's full build slows that build's every file and folder.
 */
const scratch: string[] = [];
const removeScratch = () => scratch.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
const results: Figures[] = [];
try {
  for (const size of SIZES) {
    const figures = await measure(size);
    if (figures) results.push(figures);
  }
} finally {
  removeScratch();
}
if (FULL_ONLY) process.exit(0);

console.log(`\n${figuresTable(results)}`);
console.log(
  `\nload average: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (other work on the machine skews these figures)`,
);
fs.mkdirSync(OUT, { recursive: true });
fs.writeFileSync(path.join(OUT, 'build.json'), JSON.stringify(results, null, 2));
process.exit(0);
