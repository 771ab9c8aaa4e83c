/**
 * Valid HTML (issue 16): html-validate's recommended preset, with the exceptions and their
 * reasons in .htmlvalidate.mjs, over every page of the end-to-end build as the static host serves
 * it (the live release, pinned: other files publish meanwhile; tests/e2e/served-release.ts), or
 * of the build in E2E_DIST_DIR. No browser is needed: the built files are what a host serves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FileSystemConfigLoader, HtmlValidate, formatterFactory } from 'html-validate';
import { pinRelease } from './served-release.ts';

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

test('every built page passes html-validate (recommended preset) with 0 errors', async () => {
  // ~410 pages parsed and checked on the test's one thread: 41 s on a busy CI machine (27 Nov.),
  // over the default 30 s, as the other tests that read every built page allow.
  test.setTimeout(120_000);
  const pin = process.env.E2E_DIST_DIR ? { dir: process.env.E2E_DIST_DIR, remove: () => {} } : pinRelease();
  try {
    const files = htmlFiles(pin.dir);
    expect(files.length, 'the build has pages').toBeGreaterThan(50);
    const validator = new HtmlValidate(new FileSystemConfigLoader());
    const reports = await Promise.all(files.map((file) => validator.validateFile(file)));
    const failed = reports.filter((report) => !report.valid).flatMap((report) => report.results);
    expect(failed.length === 0 ? '' : formatterFactory('text')(failed)).toBe('');
  } finally {
    pin.remove();
  }
});
