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
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

/** What a row needs for the cache: its key and its version. */
export interface VersionedRow {
  id: number;
  updated_at: string;
}

interface RowCacheFile<T> {
  format: 1;
  /** The API and the column list the rows were read with: another of either starts afresh. */
  source: string;
  rows: readonly T[];
}

/** The kept rows by id, or an empty map when there is no usable file. */
export function loadRowCache<T extends VersionedRow>(file: string, source: string): Map<number, T> {
  try {
    const kept = v8.deserialize(fs.readFileSync(file)) as RowCacheFile<T>;
    if (kept.format !== 1 || kept.source !== source || !Array.isArray(kept.rows)) return new Map();
    return new Map(kept.rows.map((row) => [row.id, row]));
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
  rows: readonly T[],
): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(temporary, v8.serialize({ format: 1, source, rows } satisfies RowCacheFile<T>));
  await fs.promises.rename(temporary, file);
}

/**
 * The rows in `versions` order: each kept row whose version matches, the others from `read`
 * (called once with every id to read, or not at all). A row `read` does not return (it stopped
 * being public since the list was made) is left out.
 */
export async function mergeRows<T extends VersionedRow>(
  versions: readonly VersionedRow[],
  kept: ReadonlyMap<number, T>,
  read: (ids: number[]) => Promise<T[]>,
): Promise<{ rows: T[]; read: number; reused: number }> {
  const stale = versions.filter((v) => kept.get(v.id)?.updated_at !== v.updated_at).map((v) => v.id);
  const fresh = new Map((stale.length ? await read(stale) : []).map((row) => [row.id, row]));
  const rows: T[] = [];
  for (const v of versions) {
    const row = fresh.get(v.id) ?? (kept.get(v.id)?.updated_at === v.updated_at ? kept.get(v.id) : undefined);
    if (row) rows.push(row);
  }
  return { rows, read: fresh.size, reused: rows.length - fresh.size };
}
