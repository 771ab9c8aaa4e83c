import { devices, type Project } from '@playwright/test';
import { CHROMIUM_FLAGS, TEST_BROWSER_PATH } from '../../scripts/lib/chromium.ts';

/**
 * The one browser project of the Playwright suites (e2e and the deploy rehearsal): Chromium's
 * headless shell (scripts/lib/chromium.ts) as a desktop reader in South Africa sees the site.
 */
export const CHROMIUM_PROJECT: Project = {
  name: 'chromium',
  use: {
    ...devices['Desktop Chrome'],
    locale: 'en-ZA',
    timezoneId: 'Africa/Johannesburg',
    launchOptions: { executablePath: TEST_BROWSER_PATH, args: [...CHROMIUM_FLAGS] },
  },
};
