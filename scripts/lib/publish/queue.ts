/**
 * The publish worker's view of the database's outbox, through the API with a secret key (or the
 * legacy service-role key; the same calls work against hosted Supabase): what is unbuilt, marking it built, and the
 * publish clock.
 */
export interface PendingWork {
  /** Newest unbuilt outbox id; null when nothing is pending. */
  upTo: number | null;
  changes: number;
  tables: string[];
  oldest: string | null;
}

export interface DbQueue {
  pending(): Promise<PendingWork>;
  markBuilt(upTo: number): Promise<number>;
  /** Records why the build with entries up to `upTo` failed (the dashboard shows 'Failed: …'). */
  markFailed(upTo: number, error: string): Promise<number>;
  runClock(): Promise<number>;
}

export function createDbQueue(apiUrl: string | (() => string), secretKey: string): DbQueue {
  async function rpc<T>(fn: string, args: object = {}): Promise<T> {
    const base = typeof apiUrl === 'function' ? apiUrl() : apiUrl;
    const res = await fetch(`${base.replace(/\/+$/, '')}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: {
        apikey: secretKey,
        authorization: `Bearer ${secretKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${fn}: HTTP ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  }
  return {
    async pending() {
      const [row] =
        await rpc<{ up_to: number | null; changes: number; tables: string[] | null; oldest: string | null }[]>(
          'publish_pending',
        );
      return {
        upTo: row?.up_to ?? null,
        changes: row?.changes ?? 0,
        tables: row?.tables ?? [],
        oldest: row?.oldest ?? null,
      };
    },
    markBuilt: (upTo) => rpc<number>('publish_mark_built', { up_to: upTo }),
    markFailed: (upTo, error) => rpc<number>('publish_mark_failed', { up_to: upTo, error }),
    runClock: () => rpc<number>('publish_due'),
  };
}
