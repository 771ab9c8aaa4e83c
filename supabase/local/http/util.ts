/**
 * Small HTTP helpers shared by the REST, auth, storage and mailbox handlers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Headers browsers may send and read across origins (the app runs on another port). */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, prefer, range, range-unit, accept-profile, content-profile, x-upsert, x-supabase-api-version, cache-control, x-metadata, accept',
  'Access-Control-Expose-Headers':
    'Content-Range, Content-Location, Location, Preference-Applied, Range-Unit, X-Supabase-Api-Version, x-sb-error-code, ETag, Content-Length, Content-Type, Last-Modified',
  'Access-Control-Max-Age': '86400',
};

/**
 * Reads the whole body, refusing more than `limit` bytes with a 413 instead of buffering it.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) {
    req.resume();
    throw new HttpError(413, 'Payload too large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      req.resume();
      throw new HttpError(413, 'Payload too large');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer | null,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, { ...CORS_HEADERS, ...headers });
  res.end(body ?? undefined);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  send(res, status, JSON.stringify(value), { 'Content-Type': 'application/json; charset=utf-8', ...headers });
}

/** The bearer token of a request, if any. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  return m ? m[1]!.trim() : undefined;
}

export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** Lower-cased request headers as one JSON object, the shape PostgREST puts in request.headers. */
export function headersJson(req: IncomingMessage): string {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'authorization' || k === 'cookie') continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return JSON.stringify(out);
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
