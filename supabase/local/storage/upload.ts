/**
 * Receives an upload body into a temp file, as Storage's `fileUploadFromRequest` reads it:
 * multipart/form-data (what storage-js sends for Blob/File: `cacheControl`, optional `metadata`,
 * then the file part) or a raw body described by its headers. Limits and the bucket's mime
 * types are enforced while streaming; nothing is held in memory beyond one chunk.
 */
import type { IncomingMessage } from 'node:http';
import { headerValue } from '../http/util.ts';
import { errors, StorageError } from './errors.ts';
import type { FileStore, TempFile, TempWriter } from './files.ts';
import { isEmptyFolderPlaceholder, mustBeAllowedMimeType } from './keys.ts';
import { discardSink, fieldSink, multipartBoundary, readMultipart, type PartSink } from './multipart.ts';

export interface ReceivedUpload {
  temp: TempFile;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
}

export interface UploadRules {
  objectName: string;
  /** Smallest of the bucket's file_size_limit and the server's maxUploadBytes. */
  maxBytes: number;
  allowedMimeTypes: string[] | null;
  /**
   * Runs once the mime type is known and before any file byte is stored: the RLS probe, so a
   * refused upload is answered without reading the body.
   */
  beforeBody: (info: { mimetype: string; contentLength: number | undefined }) => Promise<void>;
}

const MAX_USER_METADATA_BYTES = 1024 * 1024;

/** The request body without destroying the socket when we stop early (the reply must get out). */
export function bodyChunks(req: IncomingMessage): AsyncIterable<Buffer> {
  return req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>;
}

function parseJsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined; // Storage ignores unreadable metadata
  }
}

/** Streams chunks into a temp file; stream failures (client gone) become a 400. */
async function fill(writer: TempWriter, source: AsyncIterable<Buffer>): Promise<TempFile> {
  try {
    for await (const chunk of source) await writer.write(chunk);
    return await writer.finish();
  } catch (e) {
    await writer.abort();
    if (e instanceof StorageError) throw e;
    throw errors.noContent('Request stream closed before upload could complete');
  }
}

export async function receiveUpload(
  req: IncomingMessage,
  store: FileStore,
  rules: UploadRules,
): Promise<ReceivedUpload> {
  const placeholder = isEmptyFolderPlaceholder(rules.objectName);
  // Studio's folder placeholders are always empty and exempt from the mime list.
  const maxBytes = placeholder ? 0 : rules.maxBytes;
  const checkMime = (mime: string) => {
    if (!placeholder) mustBeAllowedMimeType(mime, rules.allowedMimeTypes);
  };
  const contentType = headerValue(req, 'content-type');
  const boundary = multipartBoundary(contentType);
  const declared = Number(headerValue(req, 'content-length'));
  const contentLength = Number.isFinite(declared) && declared >= 0 ? declared : undefined;

  if (!boundary) {
    if (contentType && /^multipart\/form-data/i.test(contentType)) throw errors.noContent();
    const mimetype = contentType || 'application/octet-stream';
    checkMime(mimetype);
    const rawMetadata = headerValue(req, 'x-metadata');
    const userMetadata = rawMetadata ? parseJsonObject(Buffer.from(rawMetadata, 'base64').toString('utf8')) : undefined;
    if (contentLength !== undefined && contentLength > maxBytes) throw errors.entityTooLarge();
    await rules.beforeBody({ mimetype, contentLength });
    const temp = await fill(await store.createTemp(maxBytes), bodyChunks(req));
    return { temp, mimetype, cacheControl: headerValue(req, 'cache-control') ?? 'no-cache', userMetadata };
  }

  const fields: Record<string, string> = {};
  let writer: TempWriter | undefined;
  let temp: TempFile | undefined;
  let mimetype = '';
  try {
    await readMultipart(bodyChunks(req), boundary, async (part): Promise<PartSink> => {
      // Like @fastify/multipart's request.file(): fields before the first file, then that file.
      if (writer) return discardSink;
      if (part.filename === undefined) {
        return fieldSink(MAX_USER_METADATA_BYTES, (value) => {
          fields[part.name] = value;
        });
      }
      mimetype = fields.contentType || part.contentType || 'text/plain';
      checkMime(mimetype);
      await rules.beforeBody({ mimetype, contentLength });
      const w = await store.createTemp(maxBytes);
      writer = w;
      return {
        write: (chunk) => w.write(chunk),
        end: async () => {
          temp = await w.finish();
        },
      };
    });
  } catch (e) {
    await writer?.abort();
    if (e instanceof StorageError) throw e;
    throw errors.noContent('Request stream closed before upload could complete');
  }
  if (!temp) {
    await writer?.abort();
    throw errors.noContent();
  }
  return {
    temp,
    mimetype,
    cacheControl: fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache',
    userMetadata: parseJsonObject(fields.metadata ?? fields.userMetadata),
  };
}
