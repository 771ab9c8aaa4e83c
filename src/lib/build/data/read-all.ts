/**
 * Paged reads for the build: PostgREST answers at most 1000 rows per request, so a table is read
 * page by page. No environment access here, so the Astro config (plain Node) can use it too.
 */

/** PostgREST's "table not found in the schema cache" error (schema not migrated yet). */
const TABLE_NOT_FOUND = 'PGRST205';

const PAGE = 1000;

export type Page<T> = PromiseLike<{ data: T[] | null; error: { code?: string; message: string } | null }>;

/** A build-time read failed for another reason than a missing table: fail the build loudly. */
export function buildReadError(what: string, apiUrl: string, error: { code?: string; message: string }): Error {
  return new Error(
    `Reading ${what} from ${apiUrl} failed (${error.code || 'no code'}): ${error.message.replace(/\.$/, '')}. ` +
      'Is the API running? `npm start` starts the local one; set PUBLIC_SUPABASE_URL for another.',
  );
}

/** Pages requested at once after the first: the API serves them while the build parses. */
const CONCURRENT_PAGES = 4;

/**
 * Reads every row of a query page by page (the first alone, then CONCURRENT_PAGES at a time, so
 * a small table costs one request); a table that does not exist yet reads as empty.
 */
export async function readAll<T>(
  what: string,
  apiUrl: string,
  page: (from: number, to: number) => Page<T>,
): Promise<T[]> {
  const rows: T[] = [];
  let from = 0;
  for (let wave = 1; ; wave = CONCURRENT_PAGES) {
    const answers = await Promise.all(
      Array.from({ length: wave }, (_, i) => page(from + i * PAGE, from + (i + 1) * PAGE - 1)),
    );
    for (const { data, error } of answers) {
      if (error) {
        if (error.code === TABLE_NOT_FOUND) return rows;
        throw buildReadError(what, apiUrl, error);
      }
      rows.push(...(data ?? []));
      if (!data || data.length < PAGE) return rows;
    }
    from += wave * PAGE;
  }
}
