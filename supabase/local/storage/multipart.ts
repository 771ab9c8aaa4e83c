/**
 * A streaming multipart/form-data reader (RFC 7578). Uploads can be large, so unlike
 * `Request.formData()` nothing is buffered beyond the part boundaries: each part's bytes are
 * handed to a sink as they arrive, and a sink may throw (e.g. size limit) to stop reading.
 */
import { errors } from './errors.ts';

export interface PartInfo {
  /** Form field name ('' for the file part storage-js sends). */
  name: string;
  /** Present only for file parts. */
  filename: string | undefined;
  contentType: string | undefined;
}

export interface PartSink {
  write(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
}

const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary parameter of a multipart Content-Type, or undefined. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType.trim())) return undefined;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  return boundary && boundary.length <= 200 ? boundary : undefined;
}

function malformed(message = 'Malformed multipart body'): Error {
  return errors.noContent(message);
}

function parseHeaders(raw: string): PartInfo {
  let disposition = '';
  let contentType: string | undefined;
  for (const line of raw.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') contentType = value;
  }
  if (!/^form-data\b/i.test(disposition)) throw malformed('Multipart part without form-data disposition');
  const params: Record<string, string> = {};
  const re = /;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let m = re.exec(disposition); m; m = re.exec(disposition)) {
    params[m[1]!.toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!.trim();
  }
  return { name: params.name ?? '', filename: params.filename, contentType: contentType || undefined };
}

/**
 * Reads the whole form from `source`, calling `onPart` for each part and feeding its sink.
 * Throws a Storage error for malformed input; whatever a sink throws propagates unchanged.
 */
export async function readMultipart(
  source: AsyncIterable<Buffer>,
  boundary: string,
  onPart: (part: PartInfo) => Promise<PartSink>,
): Promise<void> {
  // Every delimiter, the first included, is CRLF "--" boundary once we prepend a CRLF.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buf: Buffer = CRLF;
  let state: 'preamble' | 'boundary' | 'headers' | 'body' | 'done' = 'preamble';
  let sink: PartSink | undefined;

  for await (const chunk of source) {
    if (state === 'done') continue; // the epilogue is ignored, but the body is still drained
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      if (state === 'preamble') {
        const at = buf.indexOf(delimiter);
        if (at < 0) {
          buf = buf.subarray(Math.max(0, buf.length - delimiter.length + 1));
          break;
        }
        buf = buf.subarray(at + delimiter.length);
        state = 'boundary';
      } else if (state === 'boundary') {
        if (buf.length < 2) break;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          state = 'done';
          break;
        }
        const eol = buf.indexOf(CRLF);
        if (eol < 0) {
          if (buf.length > 1024) throw malformed();
          break;
        }
        if (buf.subarray(0, eol).toString('latin1').trim() !== '') throw malformed();
        buf = buf.subarray(eol + 2);
        state = 'headers';
      } else if (state === 'headers') {
        let raw: string;
        if (buf.length >= 2 && buf[0] === 0x0d && buf[1] === 0x0a) {
          raw = '';
          buf = buf.subarray(2);
        } else {
          const end = buf.indexOf(HEADER_END);
          if (end < 0) {
            if (buf.length > MAX_HEADER_BYTES) throw malformed('Multipart headers too large');
            break;
          }
          raw = buf.subarray(0, end).toString('utf8');
          buf = buf.subarray(end + 4);
        }
        sink = await onPart(parseHeaders(raw));
        state = 'body';
      } else if (state === 'body') {
        const at = buf.indexOf(delimiter);
        if (at < 0) {
          // Keep a tail that could be the start of a delimiter split across chunks.
          const safe = buf.length - (delimiter.length - 1);
          if (safe > 0) {
            await sink!.write(buf.subarray(0, safe));
            buf = buf.subarray(safe);
          }
          break;
        }
        if (at > 0) await sink!.write(buf.subarray(0, at));
        await sink!.end();
        sink = undefined;
        buf = buf.subarray(at + delimiter.length);
        state = 'boundary';
      } else {
        break;
      }
    }
  }
  if (state !== 'done') throw malformed('Unexpected end of multipart body');
}

/** A sink that keeps a small field value in memory, refusing more than `limit` bytes. */
export function fieldSink(limit: number, onValue: (value: string) => void): PartSink {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    async write(chunk) {
      size += chunk.length;
      if (size > limit) throw errors.entityTooLarge('user_metadata');
      chunks.push(Buffer.from(chunk));
    },
    async end() {
      onValue(Buffer.concat(chunks).toString('utf8'));
    },
  };
}

/** A sink that throws the bytes away (parts after the file, as Storage ignores them). */
export const discardSink: PartSink = {
  async write() {},
  async end() {},
};
