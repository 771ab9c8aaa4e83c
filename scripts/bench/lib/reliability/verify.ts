/**
 * The check after a fault and load run (scenario.ts): the run's rows re-read as the service role
 * and compared with the ledger of what every client saw acknowledged: lost, duplicated or
 * refused-but-written writes, toggles that differ from the client's last state, like counters
 * that differ from the likes.
 */
import { service, type Cast } from './cast.ts';
import type { Deployment } from './deployment.ts';
import type { Ledger } from './scenario.ts';

async function readAll<T>(api: Deployment, pathAndQuery: string): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = (await service(api, 'GET', `${pathAndQuery}&order=id&limit=1000&offset=${offset}`)) as T[];
    rows.push(...page);
    if (page.length < 1000) return rows;
  }
}

export interface Verdict {
  acked: number;
  found: number;
  /** Acknowledged writes without their row. */
  lost: string[];
  /** Markers with more than one row. */
  duplicated: string[];
  /** Refused writes that left a row anyway. */
  refusedButWritten: string[];
  /** Writes whose answer never came (killed server), and how many of them were done. */
  unknown: number;
  unknownWritten: number;
  /** Toggle pairs whose row does not match the client's last acknowledged state. */
  toggleMismatches: string[];
  /** Comments whose like_count differs from their likes. */
  counterMismatches: string[];
}

/** Re-reads the run's rows as the service role and compares them with the ledger. */
export async function verify(api: Deployment, cast: Cast, ledger: Ledger): Promise<Verdict> {
  const comments = await readAll<{ id: number; content: string }>(
    api,
    `/rest/v1/comments?select=id,content&content=like.rel:${cast.run}:*`,
  );
  const views = await readAll<{ id: number; marker: string }>(
    api,
    `/rest/v1/analytics?select=id,marker:metadata->>marker&metadata->>marker=like.rel:${cast.run}:*`,
  );
  const rowsByMarker = new Map<string, number[]>();
  for (const [marker, id] of [
    ...comments.map((c) => [c.content, c.id] as const),
    ...views.map((v) => [v.marker, v.id] as const),
  ]) {
    rowsByMarker.set(marker, [...(rowsByMarker.get(marker) ?? []), id]);
  }
  const verdict: Verdict = {
    acked: 0,
    found: 0,
    lost: [],
    duplicated: [],
    refusedButWritten: [],
    unknown: 0,
    unknownWritten: 0,
    toggleMismatches: [],
    counterMismatches: [],
  };
  for (const [marker, rows] of rowsByMarker) {
    if (rows.length > 1) verdict.duplicated.push(marker);
    if (!ledger.inserts.has(marker)) verdict.duplicated.push(`${marker} (never sent)`);
  }
  for (const [marker, entry] of ledger.inserts) {
    const rows = rowsByMarker.get(marker) ?? [];
    if (entry.fate === 'acked') {
      verdict.acked += 1;
      if (rows.length > 0) verdict.found += 1;
      if (rows.length === 0) verdict.lost.push(marker);
      else if (entry.id !== undefined && rows[0] !== entry.id)
        verdict.lost.push(`${marker} (id ${entry.id} ≠ ${rows[0]})`);
    } else if (entry.fate === 'refused') {
      if (rows.length > 0) verdict.refusedButWritten.push(marker);
    } else {
      verdict.unknown += 1;
      if (rows.length > 0) verdict.unknownWritten += 1;
    }
  }

  const ids = new Set(cast.readers.map((r) => r.id));
  const reactions = await readAll<{ user_id: string; comment_id: number; type: string }>(
    api,
    `/rest/v1/reactions?select=id,user_id,comment_id,type&comment_id=in.(${cast.comments.join(',')})`,
  );
  const bookmarks = await readAll<{ user_id: string; article_id: number }>(
    api,
    `/rest/v1/bookmarks?select=id,user_id,article_id&article_id=in.(${cast.articles.map((a) => a.id).join(',')})`,
  );
  const compare = (kind: string, state: Map<string, boolean | 'unknown'>, present: Set<string>) => {
    for (const [key, value] of state) {
      if (value !== 'unknown' && value !== present.has(key)) {
        verdict.toggleMismatches.push(`${kind} ${key}: client ${value}, database ${present.has(key)}`);
      }
    }
    for (const key of present) {
      if (!state.has(key)) verdict.toggleMismatches.push(`${kind} ${key}: in the database, never added`);
    }
  };
  compare(
    'reaction',
    ledger.reactions,
    new Set(reactions.filter((r) => ids.has(r.user_id)).map((r) => `${r.user_id}:${r.comment_id}`)),
  );
  const pinned = cast.articles[0]!.id;
  compare(
    'bookmark',
    ledger.bookmarks,
    new Set(
      bookmarks.filter((b) => ids.has(b.user_id) && b.article_id !== pinned).map((b) => `${b.user_id}:${b.article_id}`),
    ),
  );
  for (const r of cast.readers) {
    if (!bookmarks.some((b) => b.user_id === r.id && b.article_id === pinned)) {
      verdict.toggleMismatches.push(`bookmark ${r.id}:${pinned} (pinned) is gone`);
    }
  }
  const counts = (await service(
    api,
    'GET',
    `/rest/v1/comments?select=id,like_count&id=in.(${cast.comments.join(',')})`,
  )) as { id: number; like_count: number }[];
  for (const c of counts) {
    const likes = reactions.filter((r) => r.comment_id === c.id && r.type === 'like').length;
    if (likes !== c.like_count)
      verdict.counterMismatches.push(`comment ${c.id}: like_count ${c.like_count}, ${likes} likes`);
  }
  return verdict;
}

/** The per-status tally, e.g. `201: 812, 200: 1533, 429: 40`. */
export function describeStatuses(statuses: Record<number, number>): string {
  return Object.entries(statuses)
    .map(([status, n]) => `${status === '0' ? 'no answer' : status}: ${n}`)
    .join(', ');
}

export const fiveXx = (statuses: Record<number, number>): number =>
  Object.entries(statuses).reduce((sum, [status, n]) => sum + (Number(status) >= 500 ? n : 0), 0);
