/**
 * One rendition drawn with sharp where hosted Storage asks imgproxy (render.ts): the output box
 * of imgproxy's resizing types, raster sources never enlarged, vector sources drawn at the size
 * asked for, EXIF orientation applied, the requested format or the source's own. A source sharp
 * cannot read, or one over 50 megapixels, is Storage's 400 ImageProcessingError, never a 500.
 */
import sharp, { type Metadata } from 'sharp';
import { errors, StorageError } from './errors.ts';
import { LIMITS, type RequestedFormat, type Transform } from './render-options.ts';

export const OUTPUT = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
} as const;
type OutputFormat = keyof typeof OUTPUT;
export const isOutputFormat = (v: string): v is OutputFormat => Object.hasOwn(OUTPUT, v);

const UNSUPPORTED_SOURCE = 'The source image is invalid or unsupported for rendering';

export interface Rendition {
  format: OutputFormat;
  data: Buffer;
}

interface Target {
  width: number;
  height: number;
  fit: 'cover' | 'fill';
  /** Scale from the source's own size (above 1 only for vector sources). */
  scale: number;
}

/**
 * The output box, following imgproxy: cover = fill the box and crop the overflow (`fill`),
 * contain = fit inside (`fit`), fill = stretch (`force`); raster sources are never enlarged, so a
 * box larger than the image gives the image's own size (cropped to the box's shape for cover).
 */
function target(w: number, h: number, t: Transform, vector: boolean): Target | undefined {
  const limit = (s: number) => (vector ? s : Math.min(s, 1));
  const px = (n: number) => Math.max(1, Math.round(n));
  if (t.width && t.height) {
    const resize = t.resize ?? 'cover';
    if (resize === 'fill') {
      const sx = limit(t.width / w);
      const sy = limit(t.height / h);
      return { width: px(w * sx), height: px(h * sy), fit: 'fill', scale: Math.max(sx, sy) };
    }
    if (resize === 'contain') {
      const s = limit(Math.min(t.width / w, t.height / h));
      return { width: px(w * s), height: px(h * s), fit: 'fill', scale: s };
    }
    const s = limit(Math.max(t.width / w, t.height / h));
    return { width: Math.min(t.width, px(w * s)), height: Math.min(t.height, px(h * s)), fit: 'cover', scale: s };
  }
  if (t.width || t.height) {
    const s = limit(t.width ? t.width / w : t.height! / h);
    return { width: px(w * s), height: px(h * s), fit: 'fill', scale: s };
  }
  return undefined;
}

/** The format to write: the requested one, else the source's (rasterised SVG and HEIC as PNG/JPEG). */
function outputFormat(meta: Metadata, mode: RequestedFormat): OutputFormat {
  if (mode !== 'origin') return mode;
  if (meta.format === 'heif' && meta.compression === 'av1') return 'avif';
  if (isOutputFormat(meta.format)) return meta.format;
  return meta.hasAlpha || meta.format === 'svg' ? 'png' : 'jpeg';
}

export async function transformImage(input: Buffer, t: Transform, mode: RequestedFormat): Promise<Rendition> {
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw errors.imageProcessing(UNSUPPORTED_SOURCE);
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const pageHeight = meta.pageHeight ?? meta.height;
  const w = rotated ? pageHeight : meta.width;
  const h = rotated ? meta.width : pageHeight;
  if (!w || !h) throw errors.imageProcessing(UNSUPPORTED_SOURCE);
  if (w * h > LIMITS.maxSourcePixels) {
    throw errors.imageProcessing('The source image resolution is too large to process');
  }
  const vector = meta.format === 'svg';
  const box = target(w, h, t, vector);
  const format = outputFormat(meta, mode);
  const quality = t.quality ?? LIMITS.defaultQuality;
  try {
    let image = sharp(input, {
      autoOrient: true,
      failOn: 'error',
      limitInputPixels: LIMITS.maxSourcePixels,
      // Vector sources are drawn at the size asked for instead of being scaled up afterwards.
      ...(vector && box && box.scale > 1
        ? { density: 72 * Math.min(box.scale, Math.sqrt((0.99 * LIMITS.maxSourcePixels) / (w * h))) }
        : {}),
    });
    if (box) image = image.resize(box.width, box.height, { fit: box.fit, position: 'centre' });
    if (format === 'jpeg') image = image.jpeg({ quality });
    else if (format === 'webp') image = image.webp({ quality });
    else if (format === 'avif') image = image.avif({ quality });
    else if (format === 'tiff') image = image.tiff({ quality });
    else if (format === 'gif') image = image.gif();
    else image = image.png();
    return { format, data: await image.toBuffer() };
  } catch (e) {
    if (e instanceof StorageError) throw e;
    throw errors.imageProcessing(UNSUPPORTED_SOURCE);
  }
}
