import { defineConfig } from '@playwright/test';
import { E2E } from './tests/e2e/env.ts';
import { CHROMIUM_PROJECT } from './tests/support/chromium-project.ts';

const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
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
  projects: [CHROMIUM_PROJECT],
  // The local API (in-memory PGlite) + a build of the site against it + the static host, on their
  // own ports so a running `npm start` is not disturbed. See tests/e2e/server.ts.
  webServer: {
    command: `"${process.execPath}" tests/e2e/server.ts`,
    url: `${E2E.siteUrl}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
