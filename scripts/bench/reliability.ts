/**
 * `npm run bench:reliability [-- --clients 200] [--seconds 60] [--engine pglite|postgres|both]
 * [--restart-clients 20] [--kill-after 1000]`: issue 13's fault and load run, the full variant
 * of tests/reliability/ (scripts/bench/lib/reliability/). Per engine, on a fresh private
 * server in its own process: N readers on loopback reading, commenting, reacting, bookmarking
 * and recording views for the given time, then the database checked against every answer the
 * clients saw; then concurrent writes, a SIGKILL of the server once `--kill-after` writes were
 * acknowledged, a restart on the same data and the same check. Prints requests/s, p50, p99,
 * 5xx, acknowledged vs found writes and the restart's outcome as markdown; also writes
 * .data/bench/reliability.json. A benchmark: it asserts nothing, but says FAIL where the
 * database disagrees with the clients.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DATA_DIR } from '../lib/paths.ts';
import { makeCast } from './lib/reliability/cast.ts';
import { deploy, type Engine } from './lib/reliability/deployment.ts';
import { killDuringWrites } from './lib/reliability/restart.ts';
import { newLedger, runScenario } from './lib/reliability/scenario.ts';
import { describeStatuses, fiveXx, verify, type Verdict } from './lib/reliability/verify.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    engine: { type: 'string', default: 'both' },
    'restart-clients': { type: 'string', default: '20' },
    'kill-after': { type: 'string', default: '1000' },
  },
});
const clients = Number(values.clients);
const durationMs = Number(values.seconds) * 1000;
const restartClients = Number(values['restart-clients']);
const killAfterAcks = Number(values['kill-after']);
const engines: Engine[] = values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine as Engine];
const log = (line: string) => console.error(`[bench:reliability] ${line}`);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** Everything the database disagrees with, or '' when it agrees. */
function problems(v: Verdict, anomalies: string[]): string {
  const list = [
    [v.lost.length, 'lost'],
    [v.duplicated.length, 'duplicated'],
    [v.refusedButWritten.length, 'refused but written'],
    [v.toggleMismatches.length, 'toggle mismatches'],
    [v.counterMismatches.length, 'counter mismatches'],
    [anomalies.length, 'wrong answers'],
  ] as const;
  return list
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n} ${what}`)
    .join(', ');
}

interface LoadRow {
  engine: Engine;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  answers: number;
  statuses: Record<number, number>;
  fiveXx: number;
  acked: number;
  found: number;
  identityChecks: number;
  problems: string;
  examples: string[];
  loadBefore: string;
  loadAfter: string;
}
interface RestartRow {
  engine: Engine;
  ackedBeforeKill: number;
  acked: number;
  found: number;
  unanswered: number;
  unansweredWritten: number;
  fresh: string;
  problems: string;
  examples: string[];
}

const loads: LoadRow[] = [];
const restarts: RestartRow[] = [];
for (const engine of engines) {
  const api = await deploy(engine);
  try {
    log(`${engine}: ${clients} readers`);
    const cast = await makeCast(api, clients);
    const ledger = newLedger();
    const loadBefore = loadAverage();
    log(`${engine}: ${clients} clients for ${durationMs / 1000} s (load average ${loadBefore})`);
    const result = await runScenario(api, cast, ledger, { clients, durationMs, mix: 'mixed' });
    const loadAfter = loadAverage();
    const verdict = await verify(api, cast, ledger);
    loads.push({
      engine,
      rps: result.rps,
      p50Ms: result.p50Ms,
      p99Ms: result.p99Ms,
      answers: Object.values(ledger.statuses).reduce((a, b) => a + b, 0),
      statuses: ledger.statuses,
      fiveXx: fiveXx(ledger.statuses),
      acked: verdict.acked,
      found: verdict.found,
      identityChecks: ledger.identityChecks,
      problems: [problems(verdict, ledger.anomalies), ledger.statuses[0] ? `${ledger.statuses[0]} unanswered` : '']
        .filter(Boolean)
        .join(', '),
      examples: [...ledger.anomalies, ...verdict.lost, ...verdict.duplicated, ...verdict.toggleMismatches].slice(0, 5),
      loadBefore,
      loadAfter,
    });
    log(`${engine}: ${Math.round(result.rps)} 2xx/s; ${describeStatuses(ledger.statuses)}`);
  } finally {
    await api.stop();
  }
  // A fresh server for the restart, so the load's rows do not slow its check.
  const target = await deploy(engine);
  try {
    log(`${engine}: ${restartClients} clients writing, SIGKILL after ${killAfterAcks} acknowledged writes`);
    const r = await killDuringWrites(target, { clients: restartClients, killAfterAcks });
    restarts.push({
      engine,
      ackedBeforeKill: r.ackedBeforeKill,
      acked: r.verdict.acked,
      found: r.verdict.found,
      unanswered: r.verdict.unknown,
      unansweredWritten: r.verdict.unknownWritten,
      fresh: `read ${r.freshRead}, write ${r.freshWrite} (${r.freshWriteRows} row)`,
      problems: [problems(r.verdict, r.anomalies), fiveXx(r.statuses) ? `${fiveXx(r.statuses)} × 5xx` : '']
        .filter(Boolean)
        .join(', '),
      examples: [...r.anomalies, ...r.verdict.lost, ...r.verdict.duplicated, ...r.verdict.toggleMismatches].slice(0, 5),
    });
  } finally {
    await target.stop();
  }
}

const ms = (v: number) => (Number.isNaN(v) ? '–' : v < 10 ? `${v.toFixed(1)} ms` : `${Math.round(v)} ms`);
console.log(
  [
    `${clients} concurrent readers for ${durationMs / 1000} s per engine on loopback, ${os.cpus().length} cores ` +
      '(load average 1 / 5 / 15 min before and after each run: other work on the machine skews the figures)',
    '',
    '| Engine | 2xx/s | p50 | p99 | Answers | 5xx | Inserts acknowledged / found once | Identity checks | Database vs clients | Load average before → after |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...loads.map(
      (r) =>
        `| ${r.engine} | ${Math.round(r.rps)} | ${ms(r.p50Ms)} | ${ms(r.p99Ms)} | ${r.answers} (${describeStatuses(r.statuses)}) | ${r.fiveXx} | ` +
        `${r.acked} / ${r.found} | ${r.identityChecks} | ${r.problems || 'agree'} | ${r.loadBefore} → ${r.loadAfter} |`,
    ),
    '',
    `SIGKILL during writes (${restartClients} clients), restart on the same data:`,
    '',
    '| Engine | Writes acknowledged before the kill | Inserts acknowledged / found | Unanswered (written) | After the restart | Database vs clients |',
    '| --- | --- | --- | --- | --- | --- |',
    ...restarts.map(
      (r) =>
        `| ${r.engine} | ${r.ackedBeforeKill} | ${r.acked} / ${r.found} | ${r.unanswered} (${r.unansweredWritten}) | ${r.fresh} | ${r.problems || 'agree'} |`,
    ),
    ...[...loads, ...restarts]
      .filter((r) => r.examples.length)
      .map((r) => `\nFAIL ${r.engine}:\n  ${r.examples.join('\n  ')}`),
  ].join('\n'),
);
fs.mkdirSync(path.join(DATA_DIR, 'bench'), { recursive: true });
fs.writeFileSync(
  path.join(DATA_DIR, 'bench', 'reliability.json'),
  JSON.stringify({ measuredAt: new Date().toISOString(), clients, durationMs, loads, restarts }, null, 2),
);
if ([...loads, ...restarts].some((r) => r.problems)) process.exitCode = 1;
