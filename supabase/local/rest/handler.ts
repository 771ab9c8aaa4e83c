/**
 * /rest/v1: PostgREST's HTTP behaviour over the SQL builders. Each request is one transaction
 * under the caller's role (db/request.ts); Postgres decides what is allowed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext, Handler } from '../http/context.ts';
import { headerValue, send } from '../http/util.ts';
import { AuthFailure, resolveRequestAuth, runAsRequest, type RequestAuth, type RequestInfo } from '../db/request.ts';
import { RestError, toRestError } from './errors.ts';
import { parseQuery, parseRangeHeader, type ParsedQuery } from './parse.ts';
import { buildLevel, buildRead, newContext, relationSource, type BuildContext } from './build-read.ts';
import {
  buildDelete,
  buildInsert,
  buildUpdate,
  functionCall,
  groupByKeys,
  pickFunction,
  type WriteStatement,
} from './build-write.ts';
import { loadSchemaCache, relKey, type DbFunction, type Relation, type SchemaCache } from './schema-cache.ts';
import { ident } from './sql.ts';
import { appliedPreferences, parsePrefer, type Prefer } from './prefer.ts';
import { OBJECT_MEDIA, firstElement, readJsonBody, sendError } from './respond.ts';
import { sendOpenApi } from './openapi.ts';

export async function createRestHandler(app: AppContext): Promise<{ handle: Handler; reload(): Promise<void> }> {
  const { config, engine } = app;
  let cache: SchemaCache = await loadSchemaCache(engine, config.exposedSchemas);
  let lastReload = Date.now();
  const reload = async () => {
    cache = await loadSchemaCache(engine, config.exposedSchemas);
    lastReload = Date.now();
  };
  /** A name missing from the cache may be new DDL: reload at most once a second before failing. */
  const lookup = async <T>(get: () => T | undefined): Promise<T | undefined> => {
    const found = get();
    if (found !== undefined || Date.now() - lastReload < 1000) return found;
    await reload();
    return get();
  };

  const handle: Handler = async (_ctx, req, res, subpath, url) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const isRead = method === 'GET' || method === 'HEAD';
    let auth: RequestAuth = { role: 'anon', claims: { role: 'anon' } };
    try {
      const profile = headerValue(req, isRead ? 'accept-profile' : 'content-profile') ?? config.exposedSchemas[0]!;
      if (!config.exposedSchemas.includes(profile)) {
        throw new RestError(
          406,
          'PGRST106',
          `The schema must be one of the following: ${config.exposedSchemas.join(', ')}`,
        );
      }
      try {
        auth = resolveRequestAuth(req, config);
      } catch (e) {
        if (!(e instanceof AuthFailure)) throw e;
        if (e.badRole) throw new RestError(401, '42501', e.message);
        throw e.expired ? new RestError(401, 'PGRST303', 'JWT expired') : new RestError(401, 'PGRST301', e.message);
      }
      const accept = headerValue(req, 'accept') ?? '*/*';
      const single = accept.includes(OBJECT_MEDIA);
      if (!single && !/(application\/json|\*\/\*|application\/\*)/.test(accept)) {
        throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`);
      }
      const prefer = parsePrefer(headerValue(req, 'prefer'));
      const path = decodeURIComponent(subpath).replace(/^\/+/, '').replace(/\/+$/, '');
      const request: RequestCtx = { req, res, url, method, auth, prefer, single, schema: profile };
      if (path === '') return sendOpenApi(res, cache, profile);
      if (path.startsWith('rpc/')) {
        const name = path.slice(4);
        const fns = await lookup(() => cache.functions.get(relKey(profile, name)));
        return await serveRpc(request, name, fns);
      }
      const relation = await lookup(() => cache.relations.get(relKey(profile, path)));
      if (!relation) {
        throw new RestError(404, 'PGRST205', `Could not find the table '${profile}.${path}' in the schema cache`);
      }
      return await serveRelation(request, relation);
    } catch (e) {
      sendError(res, toRestError(e, auth.role === 'anon'));
    }
  };

  interface RequestCtx {
    req: IncomingMessage;
    res: ServerResponse;
    url: URL;
    method: string;
    auth: RequestAuth;
    prefer: Prefer;
    single: boolean;
    schema: string;
  }

  function requestInfo(r: RequestCtx, readOnly: boolean, fn?: DbFunction): RequestInfo {
    return {
      method: r.method,
      path: r.url.pathname,
      req: r.req,
      readOnly,
      timeouts: config.statementTimeouts,
      ...(fn?.statementTimeoutMs !== undefined ? { statementTimeoutMs: fn.statementTimeoutMs } : {}),
    };
  }

  function paging(r: RequestCtx, parsed: ParsedQuery): { limit: number; offset: number } {
    const root = parsed.levels.get('')!;
    const range = parseRangeHeader(headerValue(r.req, 'range'));
    const offset = root.offset ?? range?.offset ?? 0;
    const requested = root.limit ?? range?.limit;
    return { offset, limit: Math.min(requested ?? config.maxRows, config.maxRows) };
  }

  /** Runs a read statement and answers with PostgREST's status and Content-Range. */
  async function respondRead(
    r: RequestCtx,
    ctx: BuildContext,
    stmt: { sql: string; values: unknown[] },
    offset: number,
    objectResult: boolean,
    fn?: DbFunction,
  ) {
    const row = await runAsRequest(
      engine,
      r.auth,
      requestInfo(r, r.method === 'GET' || r.method === 'HEAD', fn),
      async (tx) => {
        const result = await tx.query<{ total: string | null; n: string; body: string }>(stmt.sql, stmt.values);
        const first = result.rows[0]!;
        if (r.single && Number(first.n) !== 1) {
          throw new RestError(
            406,
            'PGRST116',
            'Cannot coerce the result to a single JSON object',
            `The result contains ${first.n} rows`,
          );
        }
        return first;
      },
    );
    void ctx;
    const n = Number(row.n);
    const total = row.total === null ? undefined : Number(row.total);
    if (total !== undefined && offset > total) {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
      );
    }
    const range = `${n > 0 ? `${offset}-${offset + n - 1}` : '*'}/${total ?? '*'}`;
    const status = total !== undefined && n < total ? 206 : 200;
    const single = r.single || objectResult;
    const body = single ? (n === 0 ? 'null' : firstElement(row.body)) : row.body;
    const headers: Record<string, string> = {
      'Content-Type': `${r.single ? OBJECT_MEDIA : 'application/json'}; charset=utf-8`,
      'Content-Range': range,
    };
    const applied = appliedPreferences(r.prefer, false);
    if (applied) headers['Preference-Applied'] = applied;
    send(r.res, status, r.method === 'HEAD' ? null : body, headers);
  }

  async function serveRelation(r: RequestCtx, relation: Relation): Promise<void> {
    const parsed = parseQuery(r.url.searchParams);
    const ctx = newContext(cache, parsed.levels);
    if (r.method === 'GET' || r.method === 'HEAD') {
      const { limit, offset } = paging(r, parsed);
      const stmt = buildRead(ctx, relationSource(cache, relation.schema, relation.name), parsed.select, {
        count: !!r.prefer.count,
        limit,
        offset,
      });
      return respondRead(r, ctx, stmt, offset, false);
    }
    const wantBody = r.prefer.return === 'representation';
    if (r.method === 'POST' || r.method === 'PUT') {
      const payload = await readJsonBody(r.req, config.maxBodyBytes);
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
      const payload = r.method === 'PATCH' ? await readJsonBody(r.req, config.maxBodyBytes) : undefined;
      if (r.method === 'PATCH' && (typeof payload !== 'object' || payload === null || Array.isArray(payload))) {
        throw new RestError(400, 'PGRST102', 'Empty or invalid json');
      }
      return serveWrite(
        r,
        ctx,
        relation,
        parsed,
        [
          (c: BuildContext) => {
            const where = rootWhere(c, relation);
            if (!where)
              throw new RestError(
                400,
                '21000',
                `${r.method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`,
              );
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
    r: RequestCtx,
    ctx: BuildContext,
    relation: Relation,
    parsed: ParsedQuery,
    builders: ((c: BuildContext) => WriteStatement)[],
    minimalStatus: number,
  ): Promise<void> {
    void parsed;
    void relation;
    const result = await runAsRequest(engine, r.auth, requestInfo(r, false), async (tx) => {
      let n = 0;
      let inserted: number | undefined;
      const bodies: string[] = [];
      for (const build of builders) {
        const stmt = build(newContext(cache, ctx.levels));
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

  async function serveRpc(r: RequestCtx, name: string, fns: DbFunction[] | undefined): Promise<void> {
    const isRead = r.method === 'GET' || r.method === 'HEAD';
    if (!isRead && r.method !== 'POST')
      throw new RestError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for RPC');
    const argNames = new Set((fns ?? []).flatMap((f) => f.args.map((a) => a.name)));
    const parsed = parseQuery(r.url.searchParams, isRead ? argNames : new Set());
    let args: unknown;
    if (isRead) args = Object.fromEntries(parsed.rest);
    else args = (await readJsonBody(r.req, config.maxBodyBytes)) ?? {};
    const isObject = typeof args === 'object' && args !== null && !Array.isArray(args);
    const fn = pickFunction(fns, r.schema, name, isObject ? Object.keys(args as object) : [], !isRead);
    if (!fn.singleJsonArg && !isObject) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    const ctx = newContext(cache, parsed.levels);
    const call = functionCall(ctx, fn, args);
    if (fn.returnsRows) {
      const relation = fn.returnRelation
        ? cache.relations.get(relKey(fn.returnRelation.schema, fn.returnRelation.name))
        : undefined;
      const source = {
        from: `${call.from} cross join lateral ${call.call} as ${ident(fn.name)}`,
        alias: fn.name,
        relation,
      };
      const { limit, offset } = paging(r, parsed);
      const stmt = buildRead(ctx, source, parsed.select, { count: !!r.prefer.count, limit, offset });
      return respondRead(r, ctx, stmt, offset, !fn.returnsSet, fn);
    }
    const info = requestInfo(r, isRead, fn);
    if (fn.returnsVoid) {
      await runAsRequest(engine, r.auth, info, (tx) =>
        tx.query(`select ${call.call} from ${call.from}`, ctx.params.values),
      );
      return send(r.res, 204, null);
    }
    const sql = fn.returnsSet
      ? `select coalesce(json_agg(pgrst_scalar.v), '[]')::text as body from (select ${call.call} as v from ${call.from}) as pgrst_scalar`
      : `select coalesce(to_json(${call.call}), 'null')::text as body from ${call.from}`;
    const body = await runAsRequest(
      engine,
      r.auth,
      info,
      async (tx) => (await tx.query<{ body: string }>(sql, ctx.params.values)).rows[0]!.body,
    );
    const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
    if (fn.returnsSet) {
      // A set of scalars is a one-column result set: PostgREST gives its range and count too.
      const n = (JSON.parse(body) as unknown[]).length;
      headers['Content-Range'] = `${n > 0 ? `0-${n - 1}` : '*'}/${r.prefer.count ? n : '*'}`;
    }
    send(r.res, 200, r.method === 'HEAD' ? null : body, headers);
  }

  return { handle, reload };
}
