import { defineConfig } from '@playwright/test';
import { CHROMIUM_PROJECT } from './tests/support/chromium-project.ts';
import { REHEARSAL } from './tests/rehearsal/env.ts';

/**
 * The deploy rehearsal (issue 24): docs/deploy.md followed against a local stack that behaves
 * like a Supabase project created today (tests/rehearsal/deployment.ts), then a smoke pass.
 */
export default defineConfig({
  testDir: 'tests/rehearsal',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results-rehearsal',
  use: {
    baseURL: REHEARSAL.siteUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
  },
  projects: [CHROMIUM_PROJECT],
  webServer: {
    command: `"${process.execPath}" tests/rehearsal/deployment.ts`,
    url: `${REHEARSAL.siteUrl}/`,
    // PostgreSQL, the migrations through the Supabase CLI, and the first full build.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
