/**
 * The PostgreSQL pass leaves out the files in tests/support/pglite-only-files.ts. That is only
 * right while none of them uses the pass's server: a listed file that reads it (`inject(`) would
 * lose its PostgreSQL run without a word, and one that stops starting its own in-memory server
 * belongs back in both passes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGLITE_ONLY_FILES } from '../support/pglite-only-files.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ABOUT_PGLITE = ['tests/integration/embedded-maintenance.test.ts', 'tests/integration/pglite-template.test.ts'];

describe('integration files run in the PGlite pass only', () => {
  it.each(PGLITE_ONLY_FILES)('%s never uses the pass’s server', (file) => {
    const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
    expect(source).not.toMatch(/\binject\(/);
    if (!ABOUT_PGLITE.includes(file)) expect(source).toMatch(/inMemory: true,\s*\n\s*databaseUrl: undefined/);
  });
});
