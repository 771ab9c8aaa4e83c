import { defineConfig } from '@playwright/test';
import { E2E } from './tests/e2e/env.ts';
import { CHROMIUM_PROJECT } from './tests/support/chromium-project.ts';

const CI = Boolean(process.env.CI);

/**
 * The files that only read the public site and compare it with the database: they run first, on
 * the site as seeded, while nothing publishes (none of them writes a table whose change rebuilds
 * pages: articles, their categories, categories, events, profiles). Every other file runs after
 * them and may publish. Run together, a listing compared with the data read a moment before could
 * meet another file's publish in between.
 */
const SITE_FILES = [
  'article',
  'built-html',
  'data-saver',
  'feeds',
  'html-text',
  'html-validate',
  'images',
  'layout',
  'listings',
  'reader-analytics',
  'reader-first-touch',
  'reader-forms',
  'reader-user-menu',
  'report-viewer',
  'site',
  'static-host',
  'static-pages',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Three files at a time on two cores: 724 s against 803 s with four, one run each, back to back
  // (27 November, the slow machine), and fewer waiting checks starved; two took 440.5 s against
  // four's 405.8 s on 26 November's machine. The run is CPU-bound either way (docs/performance.md).
  workers: 3,
  // None, in CI too: a flaky test is fixed at its root (issue 25).
  retries: 0,
  forbidOnly: CI,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // Per-port, like the build (tests/e2e/env.ts), so side-by-side runs keep their own artefacts.
  outputDir: process.env.E2E_SITE_PORT ? `test-results-${process.env.E2E_SITE_PORT}` : 'test-results',
  use: {
    baseURL: E2E.siteUrl,
    // Recording a trace for every test cost ~20 % of the suite's CPU (paired runs of two files,
    // 26 November); a failing test is rerun with `--trace on` to get one (README).
    trace: 'off',
    screenshot: 'only-on-failure',
    // The offline worker answers requests page.route never sees; tests/e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
  },
  projects: [
    // Read-only tests, so any worker may take any of them: the project then ends with all three
    // workers busy instead of ~36 s of one or two files running alone (static-pages, listings).
    { ...CHROMIUM_PROJECT, name: 'site', testMatch: SITE_FILES, fullyParallel: true },
    { ...CHROMIUM_PROJECT, name: 'desk', testIgnore: SITE_FILES, dependencies: ['site'] },
  ],
  // The local API (in-memory PGlite) + a build of the site against it + the static host, on their
  // own ports so a running `npm start` is not disturbed. See tests/e2e/server.ts.
  webServer: {
    command: `"${process.execPath}" tests/e2e/server.ts`,
    url: `${E2E.siteUrl}/`,
    timeout: 180_000,
    // `npm test` starts this stack itself before the suite (scripts/test.ts) and says so; anything
    // else already on these ports is not this run's stack.
    reuseExistingServer: process.env.E2E_STACK_STARTED === '1',
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
