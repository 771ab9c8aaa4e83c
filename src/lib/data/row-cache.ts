/**
 * The previous build's article rows, kept in the build's cache folder so that a publish reads
 * only the rows that changed (issue 12): at 10,000 articles the full read is ~26 MB of JSON that
 * the API must produce and the build parse on every publish, against ~0.6 MB of ids and
 * versions plus the changed rows.
 *
 * A kept row is reused only while its `updated_at` is the one the database reports now. The
 * `articles_before_write` trigger sets `updated_at` to now() on every insert and update of
 * articles_meta, whoever writes (docs/data-model.md), so an equal `updated_at` means an equal row.
 * Rows that became public without a write (a scheduled article coming due) are not kept, so they
 * are read; rows no longer public are not in the list, so they are dropped. The file is written
 * whole to a temporary name and renamed, so a build killed while writing leaves the old one.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

/** What a row needs for the cache: its key and its version. */
export interface VersionedRow {
  id: number;
  updated_at: string;
}

/**
 * A row with the digest of its content (the first 16 hex digits of the SHA-256 of its JSON as
 * the API sent it), worked out once when it is read and kept with it: the article pages' cache
 * keys use it instead of hashing 10,000 articles again at every publish (src/lib/cache-key.ts).
 */
export interface KeptRow<T> {
  row: T;
  digest: string;
}

interface RowCacheFile<T> {
  format: 2;
  /** The API and the column list the rows were read with: another of either starts afresh. */
  source: string;
  entries: readonly KeptRow<T>[];
}

export function rowDigest(row: unknown): string {
  return createHash('sha256').update(JSON.stringify(row)).digest('hex').slice(0, 16);
}

/** The kept rows by id, or an empty map when there is no usable file. */
export function loadRowCache<T extends VersionedRow>(file: string, source: string): Map<number, KeptRow<T>> {
  try {
    const kept = v8.deserialize(fs.readFileSync(file)) as RowCacheFile<T>;
    if (kept.format !== 2 || kept.source !== source || !Array.isArray(kept.entries)) return new Map();
    return new Map(kept.entries.map((entry) => [entry.row.id, entry]));
  } catch {
    return new Map();
  }
}

/**
 * Replaces the kept rows (write to a temporary file, then rename over the old one). The write
 * (~40 MB at 10,000 articles) goes through the thread pool while the build's other reads finish.
 */
export async function saveRowCache<T extends VersionedRow>(
  file: string,
  source: string,
  entries: readonly KeptRow<T>[],
): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(temporary, v8.serialize({ format: 2, source, entries } satisfies RowCacheFile<T>));
  await fs.promises.rename(temporary, file);
}

/**
 * The rows in `versions` order: each kept row whose version matches, the others from `read`
 * (called once with every id to read, or not at all). A row `read` does not return (it stopped
 * being public since the list was made) is left out.
 */
export async function mergeRows<T extends VersionedRow>(
  versions: readonly VersionedRow[],
  kept: ReadonlyMap<number, KeptRow<T>>,
  read: (ids: number[]) => Promise<T[]>,
): Promise<{ entries: KeptRow<T>[]; read: number; reused: number }> {
  const current = (v: VersionedRow) => {
    const entry = kept.get(v.id);
    return entry?.row.updated_at === v.updated_at ? entry : undefined;
  };
  const stale = versions.filter((v) => !current(v)).map((v) => v.id);
  const fresh = new Map((stale.length ? await read(stale) : []).map((row) => [row.id, row]));
  const entries: KeptRow<T>[] = [];
  for (const v of versions) {
    const row = fresh.get(v.id);
    const entry = row ? { row, digest: rowDigest(row) } : current(v);
    if (entry) entries.push(entry);
  }
  return { entries, read: fresh.size, reused: entries.length - fresh.size };
}
