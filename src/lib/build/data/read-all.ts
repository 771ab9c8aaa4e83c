/**
 * Paged reads for the build: PostgREST answers at most 1000 rows per request, so a table is read
 * page by page. No environment access here, so the Astro config (plain Node) can use it too.
 */

/** PostgREST's "table not found in the schema cache" error (schema not migrated yet). */
const TABLE_NOT_FOUND = 'PGRST205';

export const PAGE = 1000;

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

/** A span is read whole when it holds at least this many wanted ids, and they fill half of it. */
export const SPAN_MIN = 100;

/**
 * Splits `ids` into id spans to read whole (`lo` to `hi`, fewer than PAGE ids wide, so at most
 * PAGE rows a request and a short URL) and the rest, to read by id. A span is taken where the ids
 * lie densely: a process's first build reads every article, and at 100,000 articles reading
 * 1,000 rows a request took half as long as 300 (5.6 s against 11.2 s alone, on this machine
 * kind); a publish's few changed rows go by id.
 */
export function idSpans(ids: readonly number[]): { spans: [lo: number, hi: number][]; rest: number[] } {
  const sorted = [...ids].sort((a, b) => a - b);
  const spans: [number, number][] = [];
  const rest: number[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i + 1;
    while (j < sorted.length && sorted[j]! - sorted[i]! < PAGE) j++;
    const [lo, hi] = [sorted[i]!, sorted[j - 1]!];
    if (j - i >= SPAN_MIN && 2 * (j - i) >= hi - lo + 1) spans.push([lo, hi]);
    else rest.push(...sorted.slice(i, j));
    i = j;
  }
  return { spans, rest };
}
