/**
 * The browser of the end-to-end tests and the Lighthouse benchmark: Debian's Chromium
 * (`apt-get install chromium`; Playwright's own download does not work on these machines), with
 * the flags a container without a GPU or sandbox support needs.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
