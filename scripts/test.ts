/**
 * `npm test`: every suite, in three lanes that start together, each lane one suite after another.
 * The end-to-end suite is a lane of its own at the normal priority; the other two lanes run at a
 * lower one (nice 10, also on their sessions' scheduling groups) and take the CPU it leaves. The
 * end-to-end suite mostly waits (on the browser, the API, the publish worker): on its own it kept
 * the two cores ~35 % busy (26 November), while the other suites are mostly CPU. Run one after the
 * other the two halves took ~300 s and ~440 s; side by side at one priority (tried before 26
 * November) every suite slowed three- to fivefold and the integration suite's 1M-row fixture outran
 * its two-minute hook. With the priorities the end-to-end suite keeps its pace and its 10-second
 * waits, and the CPU-bound suites, whose limits are minutes, fill the gaps. The two lower lanes
 * were packed from each suite's time so they end together. Each suite's output is printed whole
 * when it ends (so two suites never interleave), with its time, and a table of all the times closes
 * the run. The first failing suite stops the run: the other lanes' suites are ended and nothing
 * later starts. A single suite: `npm run test:<name>`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

interface Suite {
  name: string;
  script: string;
}

interface Lane {
  name: string;
  /** The lane's niceness: 0 is the normal priority, higher yields the CPU to lower. */
  nice: number;
  suites: Suite[];
}

const suite = (name: string): Suite => ({
  name,
  script: name === 'lint' || name === 'types:check' ? name : `test:${name}`,
});

const LANES: Lane[] = [
  { name: 'e2e', nice: 0, suites: [suite('e2e')] },
  { name: 'lane 1', nice: 10, suites: [suite('lint'), suite('stack'), suite('rehearsal'), suite('security')] },
  {
    name: 'lane 2',
    nice: 10,
    suites: [suite('types:check'), suite('unit'), suite('integration'), suite('integration:pg'), suite('reliability')],
  },
];

interface Result {
  name: string;
  seconds: number;
  ok: boolean;
}

const running = new Set<ChildProcess>();

function setAutogroupNice(pid: number, nice: number): void {
  try {
    fs.writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // No autogroup here (another kernel or OS): nice alone orders the lanes.
  }
}

function run(s: Suite, nice: number): Promise<Result> {
  const started = Date.now();
  console.log(`==> ${s.name}: started`);
  return new Promise((resolve) => {
    const npm = ['npm', 'run', '--silent', s.script];
    const [command, ...args] = nice ? ['nice', '-n', String(nice), ...npm] : npm;
    const child = spawn(command!, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a failure elsewhere can end the suite and everything it started.
      detached: true,
    });
    // A process group of its own is a session of its own, and with Linux's autogroup scheduling
    // (on by default) sessions share the CPU equally whatever their processes' nice values: the
    // lane's priority has to be set on its session's group too (measured 26 November: with nice
    // alone, e2e took 580 s beside the lanes instead of keeping its pace).
    if (nice) setAutogroupNice(child.pid!, nice);
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

async function runLane(lane: Lane): Promise<void> {
  for (const s of lane.suites) {
    if (failed) return;
    const r = await run(s, lane.nice);
    results.push(r);
    if (!r.ok && !failed) {
      failed = true;
      endAll();
    }
  }
}

await Promise.all(LANES.map(runLane));

const total = Math.round((Date.now() - started) / 1000);
console.log('\nSuite times (the three lanes ran side by side):');
for (const lane of LANES) {
  for (const s of lane.suites) {
    const r = results.find((x) => x.name === s.name);
    console.log(
      `  ${s.name.padEnd(16)} ${lane.name.padEnd(7)} ${r ? `${r.seconds.toFixed(1).padStart(6)} s  ${r.ok ? 'passed' : 'FAILED'}` : '     — not run'}`,
    );
  }
}
console.log(`  ${'total'.padEnd(16)} ${String(total).padStart(6)} s`);
process.exit(failed ? 1 : 0);
