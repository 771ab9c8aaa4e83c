/**
 * The stack under test, started by Playwright's webServer (playwright.config.ts): the local
 * Supabase-compatible server on in-memory PGlite, the site built against it into .data/e2e-dist
 * and served, through a release snapshot (.data/e2e-releases), by the same static host as
 * `npm start`. Ready when the site answers (the host says 503 until the first release is live).
 */
import fs from 'node:fs';
import { loadConfig } from '../../supabase/local/config.ts';
import { createStack } from '../../scripts/lib/stack.ts';
import { E2E } from './env.ts';
import { addE2eFixtures } from './fixtures.ts';

const config = loadConfig({
  port: E2E.apiPort,
  host: E2E.host,
  inMemory: true,
  databaseUrl: undefined,
  emailMinInterval: 0,
  bcryptCost: 4,
  siteUrl: E2E.siteUrl,
});
// The database is new (in memory) every run, so a build cache kept from an earlier run describes
// rows that no longer exist: its kept article rows and page keys would serve that run's pages.
fs.rmSync(E2E.cacheDir, { recursive: true, force: true });
const stack = createStack({
  config,
  siteHost: E2E.host,
  sitePort: E2E.sitePort,
  outDir: E2E.outDir,
  cacheDir: E2E.cacheDir,
  releasesDir: E2E.releasesDir,
  // A release of an earlier run shows another database: wait for this run's build.
  servePrevious: false,
  seed: true,
  afterSeed: addE2eFixtures,
  quietBuild: true,
  // Publishing as in `npm start`: a change through the API is rebuilt and served within seconds.
  publish: { port: 0, debounceMs: 300 },
  // The SMTP catcher (into /mailbox) and the newsletter sender, polling often.
  mail: { smtpPort: 0, senderPort: 0, pollMs: 200 },
  log: (line) => console.log(line),
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  stack.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
// Playwright starts this through `sh -c`: when Playwright is killed, the shell stays and only its
// own parent changes. Watch both, so a killed run never leaves the stack holding its ports.
const parentOf = (pid: number): number | undefined => {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } catch {
    return undefined; // not Linux, or the process is gone
  }
};
const parentPid = process.ppid;
const grandparentPid = parentOf(parentPid);
setInterval(() => {
  if (process.ppid !== parentPid || parentOf(parentPid) !== grandparentPid) stop();
}, 1000).unref();

try {
  await stack.start();
  console.log(`e2e stack ready: site ${E2E.siteUrl}, API ${E2E.apiUrl}`);
} catch (e) {
  if (!stopping) {
    console.error(e);
    await stack.stop().catch(() => {});
    process.exit(1);
  }
}
