/**
 * `npm test`: every suite, in two lanes that run side by side. Each suite's output is printed
 * whole when it ends (so two suites never interleave), with its time, and a table of all the
 * times closes the run. The first failing suite stops the run: every running suite is ended and
 * nothing new starts.
 *
 * Why lanes: no suite keeps both cores busy. The end-to-end suite (the longest) mostly waits on
 * its browser, its one in-memory database and the publish worker's builds (about 0.6 of a core on
 * average); the integration suites wait on their database in the same way. So the end-to-end suite
 * starts at once in its own lane, and the other lane runs the rest in steps, the suites of a step
 * side by side. Every suite starts its servers on its own ports (port 0, or the end-to-end and
 * rehearsal stacks' fixed ones) and builds into its own folders, so any two can run together.
 * A single suite: `npm run test:<name>`.
 */
import { spawn, type ChildProcess } from 'node:child_process';

interface Suite {
  name: string;
  script: string;
}

const suite = (name: string): Suite => ({
  name,
  script: name === 'lint' || name === 'types:check' ? name : `test:${name}`,
});

/** Each lane is a list of steps; a step's suites run side by side, the steps one after another. */
const LANES: Suite[][][] = [
  [[suite('e2e')]],
  [
    [suite('lint'), suite('types:check'), suite('unit')],
    [suite('integration'), suite('integration:pg')],
    [suite('security'), suite('reliability')],
    [suite('stack')],
    [suite('rehearsal')],
  ],
];

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
const results: Result[] = [];
let failed = false;

async function runLane(steps: Suite[][]): Promise<void> {
  for (const step of steps) {
    if (failed) return;
    const stepResults = await Promise.all(
      step.map((s) =>
        run(s).then((r) => {
          if (!r.ok && !failed) {
            failed = true;
            endAll();
          }
          return r;
        }),
      ),
    );
    results.push(...stepResults);
  }
}

await Promise.all(LANES.map(runLane));

const total = Math.round((Date.now() - started) / 1000);
console.log('\nSuite times (the lanes ran side by side, and the suites of a step):');
LANES.forEach((lane, i) => {
  console.log(`  lane ${i + 1}`);
  for (const step of lane) {
    for (const s of step) {
      const r = results.find((x) => x.name === s.name);
      console.log(
        `    ${s.name.padEnd(16)} ${r ? `${r.seconds.toFixed(1).padStart(6)} s  ${r.ok ? 'passed' : 'FAILED'}` : '     — not run'}`,
      );
    }
  }
});
console.log(`  ${'total'.padEnd(18)} ${String(total).padStart(6)} s`);
process.exit(failed ? 1 : 0);
