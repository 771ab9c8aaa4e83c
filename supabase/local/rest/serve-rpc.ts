/** /rest/v1/rpc/<function>: a database function called with GET, HEAD or POST. */
import { send } from '../http/util.ts';
import { runAsRequest } from '../db/request.ts';
import { RestError } from './errors.ts';
import { parseQuery } from './parse.ts';
import { buildRead, newContext } from './build-read.ts';
import { functionCall, pickFunction } from './build-write.ts';
import { relKey, type DbFunction } from './schema-cache.ts';
import { ident } from './sql.ts';
import { readJsonBody } from './respond.ts';
import { paging, requestInfo, respondRead, type RequestCtx, type RestScope } from './serve.ts';

export async function serveRpc(
  s: RestScope,
  r: RequestCtx,
  name: string,
  fns: DbFunction[] | undefined,
): Promise<void> {
  const isRead = r.method === 'GET' || r.method === 'HEAD';
  if (!isRead && r.method !== 'POST')
    throw new RestError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for RPC');
  const argNames = new Set((fns ?? []).flatMap((f) => f.args.map((a) => a.name)));
  const parsed = parseQuery(r.url.searchParams, isRead ? argNames : new Set());
  let args: unknown;
  if (isRead) args = Object.fromEntries(parsed.rest);
  else args = (await readJsonBody(r.req, s.config.maxBodyBytes)) ?? {};
  const isObject = typeof args === 'object' && args !== null && !Array.isArray(args);
  const fn = pickFunction(fns, r.schema, name, isObject ? Object.keys(args as object) : [], !isRead);
  if (!fn.singleJsonArg && !isObject) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  const ctx = newContext(s.cache(), parsed.levels);
  const call = functionCall(ctx, fn, args);
  if (fn.returnsRows) {
    const relation = fn.returnRelation
      ? s.cache().relations.get(relKey(fn.returnRelation.schema, fn.returnRelation.name))
      : undefined;
    const source = {
      from: `${call.from} cross join lateral ${call.call} as ${ident(fn.name)}`,
      alias: fn.name,
      relation,
    };
    const { limit, offset } = paging(s, r, parsed);
    const stmt = buildRead(ctx, source, parsed.select, { count: !!r.prefer.count, limit, offset });
    return respondRead(s, r, ctx, stmt, offset, !fn.returnsSet, fn);
  }
  const info = requestInfo(s, r, isRead, fn);
  if (fn.returnsVoid) {
    await runAsRequest(s.engine, r.auth, info, (tx) =>
      tx.query(`select ${call.call} from ${call.from}`, ctx.params.values),
    );
    return send(r.res, 204, null);
  }
  const sql = fn.returnsSet
    ? `select coalesce(json_agg(pgrst_scalar.v), '[]')::text as body from (select ${call.call} as v from ${call.from}) as pgrst_scalar`
    : `select coalesce(to_json(${call.call}), 'null')::text as body from ${call.from}`;
  const body = await runAsRequest(
    s.engine,
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
