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
import { hash } from 'node:crypto';
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
 * keys use it instead of hashing 10,000 articles again at every publish (src/lib/build/cache-key.ts).
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

function rowDigest(row: unknown): string {
  return hash('sha256', JSON.stringify(row), 'hex').slice(0, 16);
}

/** The kept rows by id, and how many of them came from the appended changes. */
export interface KeptRows<T> {
  entries: Map<number, KeptRow<T>>;
  appended: number;
}

/**
 * A publish appends the rows it read to `<file>.changes` (a few KB) instead of rewriting the
 * whole file (~40 MB at 10,000 articles, every publish); once the appended rows pass this share
 * of all rows, the next save writes the whole file again and starts a new changes file.
 */
export const COMPACT_SHARE = 0.1;

const changesFile = (file: string) => `${file}.changes`;

/**
 * The rows as this process last loaded or saved them, while both files are as it left them: a
 * process that builds many times (the warm renderer, scripts/lib/astro-build-warm.ts) reads the
 * files once, not ~40 MB at every publish (10,000 articles; ~150 ms of CPU). Another process's
 * write changes a file's signature, and the files are read again.
 */
let memo: { file: string; source: string; signature: string; rows: KeptRows<VersionedRow> } | undefined;

function signatureOf(file: string): string {
  return [file, changesFile(file)]
    .map((f) => {
      const s = fs.statSync(f, { throwIfNoEntry: false });
      return s ? `${s.ino}:${s.size}:${s.mtimeMs}` : '-';
    })
    .join(' ');
}

function remember<T extends VersionedRow>(file: string, source: string, rows: KeptRows<T>): KeptRows<T> {
  memo = { file, source, signature: signatureOf(file), rows: rows as KeptRows<VersionedRow> };
  return rows;
}

/**
 * The kept rows (the whole file, then the appended changes in order), or none when there is no
 * usable file. A changes record cut short by a crash is ignored: its rows are read again.
 */
export function loadRowCache<T extends VersionedRow>(file: string, source: string): KeptRows<T> {
  if (memo?.file === file && memo.source === source && memo.signature === signatureOf(file)) {
    return memo.rows as KeptRows<T>;
  }
  const entries = new Map<number, KeptRow<T>>();
  try {
    const kept = v8.deserialize(fs.readFileSync(file)) as RowCacheFile<T>;
    if (kept.format !== 2 || kept.source !== source || !Array.isArray(kept.entries)) return { entries, appended: 0 };
    for (const entry of kept.entries) entries.set(entry.row.id, entry);
  } catch {
    return { entries, appended: 0 };
  }
  let appended = 0;
  try {
    const changes = fs.readFileSync(changesFile(file));
    for (let at = 0; at + 4 <= changes.length;) {
      const length = changes.readUInt32LE(at);
      if (at + 4 + length > changes.length) break;
      for (const entry of v8.deserialize(changes.subarray(at + 4, at + 4 + length)) as KeptRow<T>[]) {
        entries.set(entry.row.id, entry);
        appended++;
      }
      at += 4 + length;
    }
  } catch {
    // No changes since the whole file was written.
  }
  return remember(file, source, { entries, appended });
}

/**
 * Keeps the rows a build read: appended to the changes file while they are few, otherwise all
 * `entries` written whole (to a temporary file renamed over the old one) and the changes file
 * removed. Either write goes through the thread pool while the build's other reads finish. A
 * crash between the rename and the removal leaves older changes over newer rows: their
 * `updated_at` no longer matches, so they are read again.
 */
export async function saveRowCache<T extends VersionedRow>(
  file: string,
  source: string,
  entries: readonly KeptRow<T>[],
  fresh: readonly KeptRow<T>[],
  kept: KeptRows<T>,
): Promise<void> {
  if (fresh.length === 0) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (kept.entries.size > 0 && kept.appended + fresh.length <= COMPACT_SHARE * entries.length) {
    const record = v8.serialize(fresh);
    const length = Buffer.alloc(4);
    length.writeUInt32LE(record.length);
    await fs.promises.appendFile(changesFile(file), Buffer.concat([length, record]));
    // The kept map itself (~100,000 entries, not copied at every publish): nothing else holds it.
    for (const entry of fresh) kept.entries.set(entry.row.id, entry);
    remember(file, source, { entries: kept.entries, appended: kept.appended + fresh.length });
    return;
  }
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(temporary, v8.serialize({ format: 2, source, entries } satisfies RowCacheFile<T>));
  await fs.promises.rename(temporary, file);
  await fs.promises.rm(changesFile(file), { force: true });
  remember(file, source, { entries: new Map(entries.map((entry) => [entry.row.id, entry])), appended: 0 });
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
): Promise<{ entries: KeptRow<T>[]; fresh: KeptRow<T>[]; read: number; reused: number }> {
  // Each kept row looked up once (100,000 at every publish at 100,000 articles), not twice.
  const current = new Array<KeptRow<T> | undefined>(versions.length);
  const stale: number[] = [];
  for (let i = 0; i < versions.length; i++) {
    const v = versions[i]!;
    const entry = kept.get(v.id);
    if (entry?.row.updated_at === v.updated_at) current[i] = entry;
    else stale.push(v.id);
  }
  const fresh = new Map((stale.length ? await read(stale) : []).map((row) => [row.id, row]));
  const entries: KeptRow<T>[] = [];
  const newlyRead: KeptRow<T>[] = [];
  for (let i = 0; i < versions.length; i++) {
    const row = stale.length ? fresh.get(versions[i]!.id) : undefined;
    const entry = row ? { row, digest: rowDigest(row) } : current[i];
    if (row) newlyRead.push(entry!);
    if (entry) entries.push(entry);
  }
  return { entries, fresh: newlyRead, read: newlyRead.length, reused: entries.length - newlyRead.length };
}
