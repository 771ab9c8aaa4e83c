/** /rest/v1/<table>: reads, inserts and upserts, updates and deletes of a table or view. */
import { send } from '../http/util.ts';
import { runAsRequest } from '../db/request.ts';
import { RestError } from './errors.ts';
import { parseQuery, type ParsedQuery } from './parse.ts';
import { buildLevel, buildRead, newContext, relationSource, type BuildContext } from './build-read.ts';
import { buildDelete, buildInsert, buildUpdate, groupByKeys, type WriteStatement } from './build-write.ts';
import type { Relation } from './schema-cache.ts';
import { appliedPreferences } from './prefer.ts';
import { OBJECT_MEDIA, firstElement, readJsonBody } from './respond.ts';
import { paging, requestInfo, respondRead, type RequestCtx, type RestScope } from './serve.ts';

export async function serveRelation(s: RestScope, r: RequestCtx, relation: Relation): Promise<void> {
  const parsed = parseQuery(r.url.searchParams);
  const ctx = newContext(s.cache(), parsed.levels);
  if (r.method === 'GET' || r.method === 'HEAD') {
    const { limit, offset } = paging(s, r, parsed);
    const stmt = buildRead(ctx, relationSource(s.cache(), relation.schema, relation.name), parsed.select, {
      count: !!r.prefer.count,
      limit,
      offset,
    });
    return respondRead(s, r, ctx, stmt, offset, false);
  }
  const wantBody = r.prefer.return === 'representation';
  if (r.method === 'POST' || r.method === 'PUT') {
    const payload = await readJsonBody(r.req, s.config.maxBodyBytes);
    const rows = Array.isArray(payload) ? payload : [payload];
    if (!rows.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x))) {
      throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    }
    const objects = rows as Record<string, unknown>[];
    const keysOf = (o: Record<string, unknown>) => Object.keys(o).sort().join(',');
    if (!parsed.columns && objects.some((o) => keysOf(o) !== keysOf(objects[0] ?? {}))) {
      throw new RestError(400, 'PGRST102', 'All object keys must match');
    }
    const columns = parsed.columns ?? Object.keys(objects[0] ?? {});
    const resolution = r.method === 'PUT' ? 'merge-duplicates' : r.prefer.resolution;
    // `missing=default`: insert each key set separately so absent keys take column defaults.
    const groups =
      r.prefer.missing === 'default' && parsed.columns
        ? groupByKeys(objects, parsed.columns)
        : [{ columns, rows: objects }];
    return serveWrite(
      s,
      r,
      ctx,
      relation,
      parsed,
      groups.map(
        (g) => (c: BuildContext) =>
          buildInsert(c, relation, g.rows, {
            columns: g.columns,
            ...(parsed.onConflict ? { onConflict: parsed.onConflict } : {}),
            ...(resolution ? { resolution } : {}),
            select: parsed.select,
            returnRepresentation: wantBody,
          }),
      ),
      201,
    );
  }
  if (r.method === 'PATCH' || r.method === 'DELETE') {
    const payload = r.method === 'PATCH' ? await readJsonBody(r.req, s.config.maxBodyBytes) : undefined;
    if (r.method === 'PATCH' && (typeof payload !== 'object' || payload === null || Array.isArray(payload))) {
      throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    }
    return serveWrite(
      s,
      r,
      ctx,
      relation,
      parsed,
      [
        (c: BuildContext) => {
          const where = rootWhere(c, relation);
          if (!where)
            throw new RestError(400, '21000', `${r.method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`);
          if (r.method === 'DELETE') return buildDelete(c, relation, where, parsed.select, wantBody);
          const patch = payload as Record<string, unknown>;
          if (Object.keys(patch).length === 0)
            return { sql: 'select 1 where false', values: c.params.values, returnsBody: false };
          return buildUpdate(c, relation, patch, where, parsed.select, wantBody);
        },
      ],
      r.method === 'PATCH' ? 204 : 204,
    );
  }
  throw new RestError(405, 'PGRST101', `Unsupported HTTP method: ${r.method}`);
}

/** The WHERE of the root filters; they are then dropped so RETURNING rows are not re-filtered. */
function rootWhere(ctx: BuildContext, relation: Relation): string {
  const level = buildLevel(ctx, { from: '', alias: relation.name, relation }, [], '');
  ctx.levels.set('', { filters: [], order: [] });
  return level.where;
}

async function serveWrite(
  s: RestScope,

  r: RequestCtx,
  ctx: BuildContext,
  relation: Relation,
  parsed: ParsedQuery,
  builders: ((c: BuildContext) => WriteStatement)[],
  minimalStatus: number,
): Promise<void> {
  void parsed;
  void relation;
  const result = await runAsRequest(s.engine, r.auth, requestInfo(s, r, false), async (tx) => {
    let n = 0;
    let inserted: number | undefined;
    const bodies: string[] = [];
    for (const build of builders) {
      const stmt = build(newContext(s.cache(), ctx.levels));
      const out = await tx.query<{ n: string; body: string; inserted?: string }>(stmt.sql, stmt.values);
      if (stmt.returnsBody) {
        n += Number(out.rows[0]!.n);
        bodies.push(out.rows[0]!.body.slice(1, -1));
        if (stmt.countsInserted) inserted = (inserted ?? 0) + Number(out.rows[0]!.inserted);
      } else n += out.rowCount;
    }
    if (r.single && n !== 1) {
      throw new RestError(
        406,
        'PGRST116',
        'Cannot coerce the result to a single JSON object',
        `The result contains ${n} rows`,
      );
    }
    return { n, inserted, body: `[${bodies.filter(Boolean).join(',')}]` };
  });
  // PostgREST 12: a POST upsert with merge-duplicates that inserted nothing answers 200.
  const created = !(r.method === 'POST' && result.inserted === 0);
  const counted = r.prefer.count ? String(result.n) : '*';
  const headers: Record<string, string> = {
    'Content-Range': r.method === 'PATCH' && result.n > 0 ? `0-${result.n - 1}/${counted}` : `*/${counted}`,
  };
  const applied = appliedPreferences(r.prefer, true);
  if (applied) headers['Preference-Applied'] = applied;
  if (r.prefer.return !== 'representation')
    return send(r.res, minimalStatus === 201 ? (created ? 201 : 200) : 204, null, headers);
  headers['Content-Type'] = `${r.single ? OBJECT_MEDIA : 'application/json'}; charset=utf-8`;
  send(
    r.res,
    (r.method === 'POST' || r.method === 'PUT') && created ? 201 : 200,
    r.single ? firstElement(result.body) : result.body,
    headers,
  );
}
