import type { ServerResponse } from 'node:http';
import { send } from '../http/util.ts';
import type { SchemaCache } from './schema-cache.ts';

/** GET /rest/v1/: a minimal OpenAPI description listing the exposed relations and functions. */
export function sendOpenApi(res: ServerResponse, cache: SchemaCache, schema: string): void {
  const paths: Record<string, object> = { '/': {} };
  const definitions: Record<string, object> = {};
  for (const rel of cache.relations.values()) {
    if (rel.schema !== schema) continue;
    paths[`/${rel.name}`] = {};
    definitions[rel.name] = {
      type: 'object',
      properties: Object.fromEntries([...rel.columns.values()].map((c) => [c.name, { format: c.type }])),
    };
  }
  for (const [key] of cache.functions)
    if (key.startsWith(`${schema}.`)) paths[`/rpc/${key.slice(schema.length + 1)}`] = {};
  send(
    res,
    200,
    JSON.stringify({ swagger: '2.0', info: { title: 'supabase-local', version: '14' }, paths, definitions }),
    {
      'Content-Type': 'application/openapi+json; charset=utf-8',
    },
  );
}
