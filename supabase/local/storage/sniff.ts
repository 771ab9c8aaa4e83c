/**
 * Content sniffing for buckets that restrict mime types: the declared Content-Type is the
 * client's word, so `<svg onload=…>` or an HTML page renamed `.jpg` and declared image/jpeg would
 * pass the bucket's allowed_mime_types. For the types whose files start with a fixed signature
 * (the raster images and PDF the site's buckets allow), the first bytes must match the declared
 * type; anything else is refused as InvalidMimeType. Hosted Storage does not sniff; there the
 * same upload would be stored but served as image/jpeg, which browsers do not run as a document.
 */
import { open } from 'node:fs/promises';
import { errors } from './errors.ts';
import { mustBeAllowedMimeType } from './keys.ts';

type Check = (b: Buffer) => boolean;

const starts = (b: Buffer, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, text: string, at = 0) => b.subarray(at, at + text.length).toString('latin1') === text;

const SIGNATURES: Record<string, Check> = {
  'image/jpeg': (b) => starts(b, [0xff, 0xd8, 0xff]),
  'image/png': (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/gif': (b) => ascii(b, 'GIF87a') || ascii(b, 'GIF89a'),
  'image/webp': (b) => ascii(b, 'RIFF') && ascii(b, 'WEBP', 8),
  // ISO-BMFF: a `ftyp` box whose brand is AVIF (avif still image, avis sequence).
  'image/avif': (b) => ascii(b, 'ftyp', 4) && (ascii(b, 'avif', 8) || ascii(b, 'avis', 8)),
  'application/pdf': (b) => ascii(b, '%PDF-'),
};

/** The mime type without parameters, lower-cased ("image/JPEG; x=y" → "image/jpeg"). */
const essence = (mime: string) => mime.split(';')[0]!.trim().toLowerCase();

/** The signature type of a file's first bytes, if it is one of the types above. */
function sniff(head: Buffer): string | undefined {
  return Object.keys(SIGNATURES).find((type) => SIGNATURES[type]!(head));
}

/**
 * A file declared as one of the signature types must start like one of them, of the same family
 * (a raster image for image/*, a PDF for application/pdf), and that sniffed type must be allowed
 * by the bucket. A PNG declared image/jpeg is accepted (harmless, and what Storage allows); an
 * SVG, HTML page or script declared image/jpeg is not.
 */
export async function mustMatchSignature(
  filePath: string,
  size: number,
  mime: string,
  allowed: string[] | null,
): Promise<void> {
  if (!allowed || allowed.length === 0 || size === 0) return;
  const declared = essence(mime);
  if (!SIGNATURES[declared]) return;
  const head = Buffer.alloc(16);
  const handle = await open(filePath, 'r');
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const actual = sniff(head);
  if (!actual || actual.split('/')[0] !== declared.split('/')[0]) throw errors.invalidMimeType(mime);
  try {
    mustBeAllowedMimeType(actual, allowed);
  } catch {
    throw errors.invalidMimeType(mime);
  }
}
