/**
 * The parts of `npm run bench:build` (scripts/bench/build.ts) around its builds: its figures and
 * their table, the authors the synthetic articles are spread over, Astro's phase lines from a
 * build's output, and the publish phase (10 publishes one after another, then a burst of 20 in
 * 5 s) through the publish worker, timed until the new title is served.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Stack } from '../../lib/stack.ts';

/** What `bench:build` measured at one size (written to .data/bench/build.json). */
export interface Figures {
  articles: number;
  full: { wallS: number; pages: number; pagesPerS: number; peakRssMb: number };
  incremental: {
    wallS: number;
    buildS: number;
    /** The same edit's build step in a new `astro build` process. */
    coldBuildS: number;
    pagesRendered: number;
    filesRewritten: number;
    files: number;
  };
  latency: { p50S: number; p95S: number; samples: number[] };
  /** Left out with `--quick`. */
  burst: { publishes: number; builds: number; allLiveS: number } | null;
}

/** The figures as a Markdown table, and how publish → live grows from the first size to the last. */
export function figuresTable(results: readonly Figures[]): string {
  const f = (n: number, d = 1) => n.toFixed(d);
  const lines = [
    '| Articles | Full build | Pages | Pages/s | Peak RSS | Edit: build step | Edit: pages rendered | Edit: files rewritten | Publish→live p50 / p95 | Burst of 20: builds, all live |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.articles.toLocaleString('en')} | ${f(r.full.wallS)} s | ${r.full.pages.toLocaleString('en')} | ${f(r.full.pagesPerS, 0)} | ${r.full.peakRssMb} MB | ${f(r.incremental.buildS)} s (${f(r.incremental.wallS)} s with prune and snapshot; new process ${Number.isNaN(r.incremental.coldBuildS) ? '-' : `${f(r.incremental.coldBuildS)} s`}) | ${r.incremental.pagesRendered} | ${r.incremental.filesRewritten} of ${r.incremental.files} | ${f(r.latency.p50S)} / ${f(r.latency.p95S)} s | ${r.burst ? `${r.burst.builds}, ${f(r.burst.allLiveS)} s` : '-'} |`,
    ),
  ];
  if (results.length > 1) {
    const [small, large] = [results[0]!, results[results.length - 1]!];
    lines.push(
      `\npublish→live p50 at ${large.articles.toLocaleString('en')} is ${f(large.latency.p50S / small.latency.p50S, 2)}× the ${small.articles.toLocaleString('en')}-article figure`,
    );
  }
  return lines.join('\n');
}

/** Astro's phase lines (timings) from a build's output, without the per-page lines. */
export function phases(output: string): string {
  return output
    .split('\n')
    .filter((l) => /\b(built in|Completed in|articles:|sitemap[-:]|unchanged|warm render)/.test(l))
    .map((l) => `    ${l.trim()}`)
    .join('\n');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** At least `count` authors and admins, so the synthetic articles have their bylines spread. */
export async function ensureAuthors(db: SupabaseClient, count: number): Promise<void> {
  const { data } = await db.from('profiles').select('id').in('role', ['author', 'admin']);
  for (let i = (data ?? []).length; i < count; i++) {
    const { data: user, error } = await db.auth.admin.createUser({
      email: `bench-author-${i}@demo.test`,
      password: 'bench-password',
      email_confirm: true,
      user_metadata: { display_name: `Bench Author ${i}` },
    });
    if (error) throw new Error(error.message);
    await db.from('profiles').update({ role: 'author' }).eq('id', user.user!.id);
  }
}

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(50);
  }
}

interface PublishRun {
  size: number;
  db: SupabaseClient;
  siteUrl: string;
  worker: NonNullable<Stack['worker']>;
  /** Articles to retitle: 1–10 for the publishes, 11–30 for the burst. */
  pick: { id: number; slug: string; title: string }[];
  /** The stack's folder (the worker's log is in `publish/build.log`). */
  dir: string;
  burst: boolean;
}

export interface PublishFigures {
  /** Seconds from each update to its title served. */
  samples: number[];
  burst: { publishes: number; builds: number; allLiveS: number } | null;
}

/** Publish → live through the worker: 10 one after another, then (with `burst`) 20 within 5 s. */
export async function publishLatency(run: PublishRun): Promise<PublishFigures> {
  const { size, db, siteUrl, worker, pick, dir } = run;
  worker.resume();
  await worker.idle();
  const publish = async (a: { id: number; slug: string; title: string }, title: string) => {
    const { error } = await db.from('articles_meta').update({ title }).eq('id', a.id);
    if (error) throw new Error(error.message);
  };
  // The page holds the title HTML-escaped (a synthetic title may have '&'), so look for the
  // edit's own suffix, which is plain text.
  const live = async (a: { slug: string }, title: string) =>
    (await (await fetch(`${siteUrl}/article/${a.slug}`)).text()).includes(title.slice(title.lastIndexOf(' — ')));

  console.log(`[${size}] 10 publishes, one after another…`);
  const samples: number[] = [];
  for (let i = 1; i <= 10; i++) {
    const a = pick[i]!;
    const title = `${a.title} — update ${i}`;
    const sent = Date.now();
    const t0 = performance.now();
    await publish(a, title);
    // Long enough for a full build of the size, should the worker need one.
    await until(() => live(a, title), Math.max(60_000, size * 6));
    const seen = Date.now();
    samples.push((performance.now() - t0) / 1000);
    await worker.idle();
    console.log(`[${size}]   publish ${i}: live after ${samples.at(-1)!.toFixed(2)} s${where(sent, seen)}`);
    await sleep(300);
  }

  /** Where the time went, from the worker's record of its last build (wall clock, ms). */
  function where(sent: number, seen: number): string {
    const r = worker.status().lastSuccess;
    if (!r?.liveMs || r.buildMs === undefined) return '';
    const started = Date.parse(r.startedAt);
    const swapped = started + r.liveMs;
    return (
      ` (update → build start ${started - sent} ms; build ${r.buildMs}, release ${r.releaseMs},` +
      ` outbox read and swap ${r.liveMs - r.buildMs - r.releaseMs!} ms; swapped → seen ${seen - swapped} ms)`
    );
  }

  // How the worker built them (warm renders, or why not), from its log.
  const workerLog = fs.readFileSync(path.join(dir, 'publish', 'build.log'), 'utf8').split('\n');
  const built = workerLog
    .filter((l) => /page\(s\) built in|not possible|nothing kept|\[publish\] live/.test(l))
    .slice(-20);
  console.log(`[${size}] the worker's builds of them:\n${built.map((l) => `    ${l.trim()}`).join('\n')}`);

  const burst = run.burst ? await publishBurst() : null;
  async function publishBurst() {
    console.log(`[${size}] a burst of 20 publishes within 5 s…`);
    const buildsBefore = worker.status().builds;
    const burst = pick.slice(11, 31).map((a, i) => ({ a, title: `${a.title} — burst ${i}` }));
    const t0 = performance.now();
    for (const { a, title } of burst) {
      await publish(a, title);
      await sleep(250);
    }
    for (const { a, title } of burst) await until(() => live(a, title), 120_000);
    const allLiveS = (performance.now() - t0) / 1000;
    await worker.idle();
    return { publishes: burst.length, builds: worker.status().builds - buildsBefore, allLiveS };
  }
  return { samples, burst };
}
