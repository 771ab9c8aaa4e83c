/**
 * `npm test`: every suite. The suites other than the end-to-end one run in two lanes side by side,
 * each lane one suite after another, packed from each suite's CPU time (measured alone, in a
 * cgroup) so the lanes end together; each is mostly one busy process, so two lanes keep both
 * cores working. The end-to-end suite starts as soon as the first lane ends: its first ~30 s are
 * its stack's start (seed and full build, one core), which fills the core the first lane left
 * while the other lane finishes. Run beside the lanes for longer (tried until 26 November, nice
 * included), every suite slowed and the integration suite's fixtures outran their hooks: the
 * whole run is CPU-bound, so only less CPU makes it shorter (docs/performance.md). Each suite's
 * output is printed whole when it ends (so two suites never interleave), with its time, and a
 * table of all the times closes the run. The first failing suite stops the run: the suites
 * running are ended and nothing later starts. A single suite: `npm run test:<name>`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGLITE_TEMPLATE_ENV, writePgliteTemplate } from '../supabase/local/db/pglite-template.ts';
import { ROOT, makeScratchDir } from './lib/paths.ts';

interface Suite {
  name: string;
  script: string;
}

const suite = (name: string): Suite => ({
  name,
  script: name === 'lint' || name === 'types:check' ? name : `test:${name}`,
});

/**
 * Two lanes, then the end-to-end suite once either ends. Times of each suite alone (26 November,
 * evening, wall / CPU seconds): types 4 / 4, lint 43 / 49, stack 94 / 110, rehearsal 27 / 23,
 * security 20 / 13 | unit 8 / 5, integration 68 / 65, PostgreSQL run 41 / 33 (without the files
 * that never use its server), reliability 63 / 67. The light security suite ends a lane, beside
 * the end-to-end suite's start.
 */
const LANES: Suite[][] = [
  [suite('types:check'), suite('lint'), suite('stack'), suite('rehearsal'), suite('security')],
  [suite('unit'), suite('integration'), suite('integration:pg'), suite('reliability')],
];
const LAST = suite('e2e');

interface Result {
  name: string;
  seconds: number;
  ok: boolean;
}

const running = new Set<ChildProcess>();

function run(s: Suite, env: Record<string, string> = {}): Promise<Result> {
  const started = Date.now();
  console.log(`==> ${s.name}: started`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', s.script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a failure elsewhere can end the suite and everything it started.
      detached: true,
    });
    running.add(child);
    const chunks: Buffer[] = [];
    child.stdout!.on('data', (d: Buffer) => chunks.push(d));
    child.stderr!.on('data', (d: Buffer) => chunks.push(d));
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      const ok = code === 0;
      process.stdout.write(Buffer.concat(chunks));
      console.log(`==> ${s.name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s`);
      resolve({ name: s.name, seconds, ok });
    });
  });
}

/**
 * The end-to-end suite's stack (tests/e2e/server.ts: seed and a full build, ~10 s mostly of one
 * core) starts when a lane begins its last suite, so it is up when the suite starts: Playwright
 * then uses it (`E2E_STACK_STARTED`, playwright.config.ts) instead of starting its own while the
 * other core waits. Its output is printed after the suite's, as Playwright's [WebServer] lines were.
 */
interface EarlyStack {
  child: ChildProcess;
  output: Buffer[];
  up: Promise<boolean>;
  closed: Promise<void>;
}
let e2eStack: EarlyStack | undefined;

function startE2eStack(): void {
  if (e2eStack) return;
  const child = spawn(process.execPath, ['tests/e2e/server.ts'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const output: Buffer[] = [];
  let said = '';
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const up = new Promise<boolean>((resolve) => {
    child.stdout!.on('data', (d: Buffer) => {
      output.push(d);
      said = (said + d.toString()).slice(-200);
      if (said.includes('e2e stack ready')) resolve(true);
    });
    child.stderr!.on('data', (d: Buffer) => output.push(d));
    void closed.then(() => resolve(false));
  });
  e2eStack = { child, output, up, closed };
}

async function stopE2eStack(): Promise<void> {
  if (!e2eStack) return;
  const { child, output, closed } = e2eStack;
  signalGroup(child, 'SIGTERM');
  // As Playwright's own webServer did (gracefulShutdown): a stack that has not stopped in 10 s is killed.
  const kill = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
  await closed;
  clearTimeout(kill);
  const text = Buffer.concat(output).toString().trimEnd();
  if (text) console.log(text.replace(/^/gm, '[e2e stack] '));
  e2eStack = undefined;
}

/** Signals a child started with `detached` and everything it started (its process group). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

function endAll() {
  if (e2eStack) signalGroup(e2eStack.child, 'SIGTERM');
  for (const child of running) signalGroup(child, 'SIGTERM');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    endAll();
    process.exit(130);
  });
}

const started = Date.now();
// Every suite starts PGlite servers (~20 in all): one migrated data directory, made here, saves
// each its initdb and migrations (supabase/local/db/pglite-template.ts).
const templateDir = makeScratchDir('pglite-template-');
process.on('exit', () => fs.rmSync(templateDir, { recursive: true, force: true }));
const template = path.join(templateDir, 'migrated.tar');
await writePgliteTemplate(template, path.join(ROOT, 'supabase', 'migrations'));
process.env[PGLITE_TEMPLATE_ENV] = template;
console.log(`==> a migrated PGlite template in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const results: Result[] = [];
let failed = false;

async function runLane(lane: Suite[]): Promise<void> {
  for (const [i, s] of lane.entries()) {
    if (failed) return;
    if (i === lane.length - 1 && s !== LAST) startE2eStack();
    const early = s === LAST && (await e2eStack?.up);
    const r = await run(s, early ? { E2E_STACK_STARTED: '1' } : {});
    if (s === LAST) await stopE2eStack();
    results.push(r);
    if (!r.ok && !failed) {
      failed = true;
      endAll();
    }
  }
}

const lanes = LANES.map(runLane);
await Promise.race(lanes);
const last = runLane([LAST]);
await Promise.all([...lanes, last]);

const total = Math.round((Date.now() - started) / 1000);
console.log('\nSuite times (two lanes side by side; e2e from the end of the first):');
for (const [i, lane] of [...LANES, [LAST]].entries()) {
  for (const s of lane) {
    const r = results.find((x) => x.name === s.name);
    const where = i < LANES.length ? `lane ${i + 1}` : 'then';
    console.log(
      `  ${s.name.padEnd(16)} ${where.padEnd(7)} ${r ? `${r.seconds.toFixed(1).padStart(6)} s  ${r.ok ? 'passed' : 'FAILED'}` : '     — not run'}`,
    );
  }
}
console.log(`  ${'total'.padEnd(16)} ${String(total).padStart(6)} s`);
process.exit(failed ? 1 : 0);
