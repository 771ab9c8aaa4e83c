/**
 * `npm test`: every suite. Before the end-to-end suite, the others run in two lanes side by side,
 * each lane one suite after another; the lanes were packed from each suite's time so they end
 * together, pairing suites whose costs differ in kind so the two cores both work: lint is CPU in
 * one Node process, the integration suite mostly waits on its one in-memory database (PGlite runs
 * a request at a time), the PostgreSQL run waits on the server, the stack suite builds. Fixed
 * stages (tried until 26 November) waited at each stage's end for its slowest suite: 352 s of
 * suites that take ~260 s packed. The end-to-end suite runs alone: run beside the others (tried:
 * two lanes, e2e in one), every suite slowed three- to fivefold on two cores and the integration
 * suite's 1M-row fixture outran its two-minute hook. Each suite's output is printed whole when it
 * ends (so two suites never interleave), with its time, and a table of all the times closes the
 * run. The first failing suite stops the run: the other lane's suite is ended and nothing later
 * starts. A single suite: `npm run test:<name>`.
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

/** Two lanes, then the end-to-end suite alone. */
const LANES: Suite[][] = [
  [suite('lint'), suite('stack'), suite('rehearsal'), suite('security')],
  [suite('types:check'), suite('unit'), suite('integration'), suite('integration:pg'), suite('reliability')],
];
const LAST = suite('e2e');

interface Result {
  name: string;
  seconds: number;
  ok: boolean;
}

const running = new Set<ChildProcess>();

function run(s: Suite): Promise<Result> {
  const started = Date.now();
  console.log(`==> ${s.name}: started`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', s.script], {
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

function endAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  }
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
  for (const s of lane) {
    if (failed) return;
    const r = await run(s);
    results.push(r);
    if (!r.ok && !failed) {
      failed = true;
      endAll();
    }
  }
}

await Promise.all(LANES.map(runLane));
if (!failed) await runLane([LAST]);

const total = Math.round((Date.now() - started) / 1000);
console.log('\nSuite times (the two lanes ran side by side, then e2e):');
for (const [i, lane] of [...LANES, [LAST]].entries()) {
  for (const s of lane) {
    const r = results.find((x) => x.name === s.name);
    const where = i < LANES.length ? `lane ${i + 1}` : 'alone';
    console.log(
      `  ${s.name.padEnd(16)} ${where.padEnd(7)} ${r ? `${r.seconds.toFixed(1).padStart(6)} s  ${r.ok ? 'passed' : 'FAILED'}` : '     — not run'}`,
    );
  }
}
console.log(`  ${'total'.padEnd(16)} ${String(total).padStart(6)} s`);
process.exit(failed ? 1 : 0);
