/**
 * /rest/v1: PostgREST's HTTP behaviour over the SQL builders. Each request is one transaction
 * under the caller's role (db/request.ts); Postgres decides what is allowed. Here: the schema
 * cache, the request's profile, role and media type, and the route to a table (serve-relation.ts)
 * or a function (serve-rpc.ts).
 */
import type { AppContext, Handler } from '../http/context.ts';
import { headerValue } from '../http/util.ts';
import { AuthFailure, resolveRequestAuth, type RequestAuth } from '../db/request.ts';
import { RestError, toRestError } from './errors.ts';
import { loadSchemaCache, relKey, type SchemaCache } from './schema-cache.ts';
import { parsePrefer } from './prefer.ts';
import { OBJECT_MEDIA, sendError } from './respond.ts';
import { sendOpenApi } from './openapi.ts';
import type { RequestCtx, RestScope } from './serve.ts';
import { serveRelation } from './serve-relation.ts';
import { serveRpc } from './serve-rpc.ts';

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

  const scope: RestScope = { config, engine, cache: () => cache };

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
        return await serveRpc(scope, request, name, fns);
      }
      const relation = await lookup(() => cache.relations.get(relKey(profile, path)));
      if (!relation) {
        throw new RestError(404, 'PGRST205', `Could not find the table '${profile}.${path}' in the schema cache`);
      }
      return await serveRelation(scope, request, relation);
    } catch (e) {
      sendError(res, toRestError(e, auth.role === 'anon'));
    }
  };

  return { handle, reload };
}
