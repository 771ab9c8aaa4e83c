/**
 * What serving a table (serve-relation.ts) and serving a function (serve-rpc.ts) share: the
 * request as the handler read it, the server's scope, the transaction's request info, paging and
 * the answer to a read.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../http/context.ts';
import { headerValue, send } from '../http/util.ts';
import { runAsRequest, type RequestAuth, type RequestInfo } from '../db/request.ts';
import { RestError } from './errors.ts';
import { parseRangeHeader, type ParsedQuery } from './parse.ts';
import type { BuildContext } from './build-read.ts';
import type { DbFunction, SchemaCache } from './schema-cache.ts';
import { appliedPreferences, type Prefer } from './prefer.ts';
import { OBJECT_MEDIA, firstElement } from './respond.ts';

/** The server's configuration and engine, and the schema cache as it is now (reloads replace it). */
export interface RestScope extends Pick<AppContext, 'config' | 'engine'> {
  cache(): SchemaCache;
}

export interface RequestCtx {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  auth: RequestAuth;
  prefer: Prefer;
  single: boolean;
  schema: string;
}

export function requestInfo(s: RestScope, r: RequestCtx, readOnly: boolean, fn?: DbFunction): RequestInfo {
  return {
    method: r.method,
    path: r.url.pathname,
    req: r.req,
    readOnly,
    timeouts: s.config.statementTimeouts,
    ...(fn?.statementTimeoutMs !== undefined ? { statementTimeoutMs: fn.statementTimeoutMs } : {}),
  };
}

export function paging(s: RestScope, r: RequestCtx, parsed: ParsedQuery): { limit: number; offset: number } {
  const root = parsed.levels.get('')!;
  const range = parseRangeHeader(headerValue(r.req, 'range'));
  const offset = root.offset ?? range?.offset ?? 0;
  const requested = root.limit ?? range?.limit;
  return { offset, limit: Math.min(requested ?? s.config.maxRows, s.config.maxRows) };
}

/** Runs a read statement and answers with PostgREST's status and Content-Range. */
export async function respondRead(
  s: RestScope,

  r: RequestCtx,
  ctx: BuildContext,
  stmt: { sql: string; values: unknown[] },
  offset: number,
  objectResult: boolean,
  fn?: DbFunction,
) {
  const row = await runAsRequest(
    s.engine,
    r.auth,
    requestInfo(s, r, r.method === 'GET' || r.method === 'HEAD', fn),
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
