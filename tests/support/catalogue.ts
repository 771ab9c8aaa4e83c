/**
 * The code's message catalogue: every file of src/lib/messages/, found by reading the folder, so a
 * new catalogue file is covered by the tests that walk the catalogue without editing them
 * (tests/unit/message-table.test.ts, tests/integration/database-refusals.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const DIR = path.resolve(import.meta.dirname, '../../src/lib/messages');

/** The catalogue's files, relative to src/lib/messages/ ('reader.ts', 'dashboard-moderation.ts'). */
export const CATALOGUE_FILES: string[] = fs
  .readdirSync(DIR, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .sort();

/**
 * Every export of every catalogue file, by its name. A name exported by two files would hide one
 * of them here (and is two homes for one text): it throws.
 */
export async function loadCatalogue(): Promise<Record<string, unknown>> {
  const catalogue: Record<string, unknown> = {};
  const home: Record<string, string> = {};
  for (const file of CATALOGUE_FILES) {
    const mod = (await import(pathToFileURL(path.join(DIR, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (name in home) throw new Error(`${name} is exported by both ${home[name]} and ${file}`);
      home[name] = file;
      catalogue[name] = value;
    }
  }
  return catalogue;
}
