/**
 * Request plumbing shared by the auth routes: the per-request bundle and JSON body reading with
 * GoTrue's bad_json / size errors. Fields are read with type checks because GoTrue decodes into
 * typed Go structs: a number where a string belongs is a bad_json error, not a coercion.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../http/context.ts';
import { HttpError, readBody } from '../http/util.ts';
import { AuthError } from './errors.ts';

export interface AuthRequest {
  ctx: AppContext;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
}

export type Body = Record<string, unknown>;

const badJson = (detail: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`);

export async function readJsonBody(r: AuthRequest): Promise<Body> {
  let raw: Buffer;
  try {
    raw = await readBody(r.req, r.ctx.config.maxBodyBytes);
  } catch (e) {
    if (e instanceof HttpError && e.status === 413) {
      throw new AuthError(413, 'request_entity_too_large', 'Request body too large');
    }
    throw e;
  }
  const text = raw.toString('utf8').trim();
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw badJson((e as Error).message);
  }
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badJson('expected a JSON object');
  return value as Body;
}

/** A string field; absent and null both read as undefined. */
export function str(body: Body, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw badJson(`field "${key}" must be a string`);
  return v;
}

export function bool(body: Body, key: string): boolean {
  const v = body[key];
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw badJson(`field "${key}" must be a boolean`);
  return v;
}

/** An object field (metadata); absent and null both read as undefined. */
export function obj(body: Body, key: string): Body | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw badJson(`field "${key}" must be an object`);
  return v as Body;
}
