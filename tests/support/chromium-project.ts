import { devices, type Project } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.ts';

/**
 * The one browser project of the Playwright suites (e2e and the deploy rehearsal): Debian's
 * Chromium as a desktop reader in South Africa sees the site.
 */
export const CHROMIUM_PROJECT: Project = {
  name: 'chromium',
  use: {
    ...devices['Desktop Chrome'],
    locale: 'en-ZA',
    timezoneId: 'Africa/Johannesburg',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] },
  },
};
