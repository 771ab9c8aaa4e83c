/**
 * JSON request bodies and what to do with an unread body after an early answer.
 */
import type { IncomingMessage } from 'node:http';
import { errors, StorageError } from './errors.ts';
import { bodyChunks } from './upload.ts';

/** Reads a JSON object body; an empty body is `{}` (Storage's empty-json-body plugin). */
export async function readJson(req: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) throw errors.entityTooLarge('request body');
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of bodyChunks(req)) {
      size += chunk.length;
      if (size > limit) throw errors.entityTooLarge('request body');
      chunks.push(chunk);
    }
  } catch (e) {
    if (e instanceof StorageError) throw e;
    throw errors.badRequest('Request body could not be read');
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw errors.badRequest("Body is not valid JSON but content-type is set to 'application/json'");
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw errors.badRequest('body must be object');
  return value as Record<string, unknown>;
}

/**
 * After answering before the body was read (refused upload), let the client finish sending so
 * it sees the answer, but not forever: a stalled or endless body loses its connection.
 */
export function drainBody(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  req.resume();
  const timer = setTimeout(() => {
    if (!req.complete) req.socket.destroy();
  }, 30_000);
  timer.unref();
  req.once('end', () => clearTimeout(timer));
}
