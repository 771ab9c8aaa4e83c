/**
 * Request bodies and error answers in PostgREST's shapes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, headerValue, readBody, send } from '../http/util.ts';
import { RestError } from './errors.ts';

export const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';

export function sendError(res: ServerResponse, e: RestError): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
  if (e.status === 401)
    headers['WWW-Authenticate'] = `Bearer error="invalid_token", error_description="${e.message.replace(/"/g, '')}"`;
  send(res, e.status, JSON.stringify(e.body()), headers);
}

/** Unwraps a one-element JSON array as rendered by json_agg: `[{…}]` → `{…}`. */
export const firstElement = (body: string): string => body.slice(1, -1);

export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const type = (headerValue(req, 'content-type') ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && type !== '') {
    throw new RestError(415, 'PGRST107', `None of these media types are available: ${type}`);
  }
  let raw: Buffer;
  try {
    raw = await readBody(req, limit);
  } catch (e) {
    if (e instanceof HttpError)
      throw new RestError(413, 'PGRST413', 'Payload Too Large', `The request body exceeds ${limit} bytes`);
    throw e;
  }
  try {
    return JSON.parse(raw.toString('utf8') || 'null');
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
}
