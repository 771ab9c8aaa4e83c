/**
 * The browsers of the end-to-end tests and the benchmarks: Debian's Chromium packages
 * (Playwright's own download does not work on these machines), with the flags a container
 * without a GPU or sandbox support needs.
 */
import fs from 'node:fs';

/** Full Chromium in its headless mode: what Lighthouse and the page benchmarks measure. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The test browser: Chromium's headless shell (`apt-get install chromium-headless-shell`), the
 * same Blink without the desktop browser around it, when installed; else full Chromium.
 * `CHROMIUM_PATH` overrides both. The whole e2e suite used 457 CPU-seconds with the shell
 * against 827 with full Chromium, all 335 tests passing (26 November 2026, docs/performance.md).
 */
export const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The headless shell hints glyphs to whole pixels by default, which makes text wider than in
  // Chromium: three 105–110 character headlines then took one line more at 390 px
  // (tests/e2e/layout.spec.ts). Without hinting its text measures as Chromium's does.
  '--font-render-hinting=none',
];
