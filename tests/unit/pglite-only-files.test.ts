/**
 * The PostgreSQL pass leaves out the files in tests/support/pglite-only-files.ts. That is only
 * right while none of them uses the pass's server: a listed file that reads it (`inject(`) would
 * lose its PostgreSQL run without a word, and one that stops starting its own in-memory server
 * belongs back in both passes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_SERVER_FILES, PGLITE_ONLY_FILES } from '../support/pglite-only-files.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('integration files run in the PGlite pass only', () => {
  it.each(PGLITE_ONLY_FILES)('%s never uses the pass’s server', (file) => {
    const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
    expect(source).not.toMatch(/\binject\(/);
    if ((OWN_SERVER_FILES as readonly string[]).includes(file))
      expect(source).toMatch(/inMemory: true,\s*\n\s*databaseUrl: undefined/);
  });
});
