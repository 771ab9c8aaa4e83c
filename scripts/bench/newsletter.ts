/**
 * `npm run bench:newsletter`: the newsletter at list scale (issue 30), on the local API in its
 * own process (PGlite on disk; ENGINE=postgres for a throw-away PostgreSQL 15 cluster):
 *   - 50,000 active subscribers (SUBSCRIBERS=… to change), then one issue queued to all of them:
 *     the time send_newsletter_issue takes (the issue asks ≤ 5 s);
 *   - the sender (scripts/newsletter-sender.ts, its own process) delivering all of it to the
 *     local SMTP catcher (smtp-server + mailparser, every message parsed) at NEWSLETTER_RATE
 *     (default 1000/s, i.e. as fast as it goes): messages per second from the first to the last
 *     (the issue asks ≥ 200/s), and the sender's resident memory, sampled every second (flat:
 *     the queue is worked in batches, nothing is kept per message);
 *   - the CPU each part spent per message while delivering (the sender, the API, PostgreSQL's
 *     processes with ENGINE=postgres, the catcher in this process) and the load average before
 *     and after: what the rate would be on a machine of one's own.
 * A benchmark, never a test: it asserts nothing. Figures also go to .data/bench/newsletter.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  addSubscribers,
  issueDeliveries,
  issueStatus,
  makeIssue,
  sendIssue,
  startSenderProcess,
  stopSenderProcess,
} from './lib/newsletter/setup.ts';
import { deploy, type Engine } from './lib/reliability/deployment.ts';
import { startMailCatcher } from '../lib/mail-catcher.ts';
import { DATA_DIR } from '../lib/paths.ts';
import { cpuSeconds, residentMb } from './lib/proc.ts';

/** CPU ms a process has used so far. */
const cpuMs = (pid: number) => (cpuSeconds(pid) ?? 0) * 1000;

const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 50_000);
const ENGINE = (process.env.ENGINE ?? 'pglite') as Engine;
const RATE = Number(process.env.NEWSLETTER_RATE ?? 1000);

/**
 * CPU ms of the PostgreSQL cluster on `port` (ENGINE=postgres): its postmaster, its live children
 * and the children it has reaped (the cutime and cstime fields).
 */
function postgresCpuMs(port: string): number {
  const pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const read = (pid: string, file: string) => {
    try {
      return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
    } catch {
      return '';
    }
  };
  const postmaster = pids.find(
    (pid) => read(pid, 'comm').trim() === 'postgres' && read(pid, 'cmdline').includes(`-p\0${port}\0`),
  );
  if (!postmaster) return 0;
  let total = 0;
  for (const pid of pids) {
    const stat = read(pid, 'stat');
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (pid === postmaster) total += (Number(fields[13]) + Number(fields[14])) * 10;
    if (pid === postmaster || fields[1] === postmaster) total += (Number(fields[11]) + Number(fields[12])) * 10;
  }
  return total;
}

/** CPU ms of each part: the sender, the API (and PostgreSQL's backends), the catcher (this process). */
function cpuNow(
  senderPid: number,
  apiPid: number,
  databaseUrl: string | null,
): Record<'sender' | 'api' | 'database' | 'catcher', number> {
  const own = process.cpuUsage();
  const database = databaseUrl ? postgresCpuMs(new URL(databaseUrl).port) : 0;
  return { sender: cpuMs(senderPid), api: cpuMs(apiPid), database, catcher: (own.user + own.system) / 1000 };
}

const api = await deploy(ENGINE);
const catcher = await startMailCatcher({ httpPort: null, keepNone: true, maxMessageBytes: 1024 * 1024 });
let first = 0;
let last = 0;
catcher.waitForMessage({ timeoutMs: 3_600_000 }).then(
  () => (first = performance.now()),
  () => {},
);
try {
  console.log(`Adding ${SUBSCRIBERS.toLocaleString('en')} subscribers (${ENGINE})…`);
  await addSubscribers(api.url, api.secretKey, SUBSCRIBERS, 'bench');
  const issueId = await makeIssue(api.url, api.secretKey, 'Benchmark issue');

  const t0 = performance.now();
  const queued = await sendIssue(api.url, api.secretKey, issueId);
  const queueMs = performance.now() - t0;
  console.log(`Queued ${queued.toLocaleString('en')} messages in ${(queueMs / 1000).toFixed(2)} s`);

  const sender = await startSenderProcess({
    apiUrl: api.url,
    secretKey: api.secretKey,
    smtpPort: catcher.smtpPort,
    rate: RATE,
    batch: 500,
    concurrency: 20,
    // A small old space: garbage is collected as it comes, so the RSS shows what is really kept.
    // Its young generation is capped at 16 MB semi-spaces: next to the 64 MB young generation V8
    // otherwise sizes for this machine, a 128 MB old space made V8 collect with a full
    // mark-compact almost every time (157 against 11 in 2,000 messages), which tripled the
    // sender's CPU per message (3.1 against 1.0 ms), a cost no deployment of it pays.
    nodeOptions: '--max-old-space-size=128 --max-semi-space-size=16',
  });
  const cpuBefore = cpuNow(sender.pid!, api.server.child.pid!, api.databaseUrl);
  const loadBefore = os.loadavg();
  const memory: { received: number; rssMb: number }[] = [];
  const sample = setInterval(() => {
    memory.push({ received: catcher.received, rssMb: residentMb(sender.pid!) });
    const m = memory.at(-1)!;
    process.stdout.write(`\r  ${m.received.toLocaleString('en')} delivered, sender RSS ${m.rssMb.toFixed(0)} MB   `);
  }, 1000);
  while (catcher.received < queued) {
    await catcher.waitForMessage({ timeoutMs: 60_000 }).catch(() => {});
    last = performance.now();
  }
  clearInterval(sample);
  last = performance.now();
  const cpuAfter = cpuNow(sender.pid!, api.server.child.pid!, api.databaseUrl);
  const loadAfter = os.loadavg();
  const perMessage = (k: keyof typeof cpuAfter) =>
    Number(((cpuAfter[k] - cpuBefore[k]) / Math.max(catcher.received, 1)).toFixed(2));
  // The last reports land; then the issue is 'sent'.
  let status = await issueStatus(api.url, api.secretKey, issueId);
  for (let i = 0; i < 50 && status !== 'sent'; i++) {
    await new Promise((r) => setTimeout(r, 200));
    status = await issueStatus(api.url, api.secretKey, issueId);
  }
  await stopSenderProcess(sender);
  const rows = await issueDeliveries(api.url, api.secretKey, issueId);
  const seconds = (last - first) / 1000;
  const rate = catcher.received / seconds;
  const rss = memory.map((m) => m.rssMb);
  const tenth = memory[Math.floor(memory.length / 10)]?.rssMb ?? 0;
  const result = {
    engine: ENGINE,
    subscribers: SUBSCRIBERS,
    queueSeconds: Number((queueMs / 1000).toFixed(2)),
    delivered: catcher.received,
    deliverSeconds: Number(seconds.toFixed(1)),
    messagesPerSecond: Number(rate.toFixed(0)),
    senderRssMb: {
      at10pct: Number(tenth.toFixed(0)),
      end: Number((rss.at(-1) ?? 0).toFixed(0)),
      max: Number(Math.max(...rss).toFixed(0)),
    },
    cpuMsPerMessage: {
      sender: perMessage('sender'),
      api: perMessage('api'),
      ...(ENGINE === 'postgres' && { database: perMessage('database') }),
      catcher: perMessage('catcher'),
    },
    loadAverage: {
      before: loadBefore.map((l) => Number(l.toFixed(2))),
      after: loadAfter.map((l) => Number(l.toFixed(2))),
    },
    sent: rows.filter((r) => r.status === 'sent').length,
    failed: rows.filter((r) => r.status === 'failed').length,
    issueStatus: status,
  };
  console.log(`\n
  Newsletter benchmark (${ENGINE}, ${SUBSCRIBERS.toLocaleString('en')} active subscribers)
    queue the issue       ${result.queueSeconds.toFixed(2)} s            (issue: ≤ 5 s)
    deliver to catcher    ${result.delivered.toLocaleString('en')} in ${result.deliverSeconds} s = ${result.messagesPerSecond} messages/s   (issue: ≥ 200/s)
    sender memory (RSS)   ${result.senderRssMb.at10pct} MB at 10 %, ${result.senderRssMb.end} MB at the end, ${result.senderRssMb.max} MB max
    CPU per message       ${Object.entries(result.cpuMsPerMessage)
      .map(([k, v]) => `${k} ${v} ms`)
      .join(', ')}
    load average          ${result.loadAverage.before.join(' ')} before, ${result.loadAverage.after.join(' ')} after (1, 5, 15 min)
    queue rows            ${result.sent.toLocaleString('en')} sent, ${result.failed} failed; issue ${status}
`);
  fs.mkdirSync(path.join(DATA_DIR, 'bench'), { recursive: true });
  fs.writeFileSync(path.join(DATA_DIR, 'bench', 'newsletter.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await catcher.close();
  await api.stop();
}
