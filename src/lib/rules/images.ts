/**
 * Responsive image URLs, in one of three modes (PUBLIC_IMAGE_TRANSFORMS, src/lib/image-mode.ts,
 * docs/images.md):
 *
 * - `storage`: Storage's image transformation endpoint
 *   (`/storage/v1/render/image/public/{bucket}/{path}?width=…`) resizes on request, answers in WebP
 *   to browsers that accept it and is cached by the CDN. The build does no image work. Hosted
 *   Supabase offers it on the Pro plan and above.
 * - `build`: pages are rendered with a placeholder per width, and the build step
 *   (scripts/lib/image-renditions.ts) renders WebP renditions with sharp into `/_img/`, named by
 *   the source and its version, and puts their paths in place. Any plan. In the browser (islands,
 *   the dashboard preview) and in `astro dev` there is no build step: those get the stored image.
 * - `off`: the stored images as they are.
 *
 * Only public objects of the configured Supabase project are transformed; any other URL (an
 * external image an editor linked) is used as it is.
 */
import { IMAGE_MODE, PUBLIC_SUPABASE_URL } from '../env.ts';
import { buildStepRuns, pendingRendition, type ImageMode } from '../image-mode.ts';
import { HERO_HEIGHT, HERO_HEIGHT_SMALL, IMAGE_QUALITY, IMAGE_WIDTHS } from '../site.ts';
import { publicObjectPath } from './storage-url.ts';

export { IMAGE_QUALITY, IMAGE_WIDTHS };
/** The `src` for browsers that ignore `srcset` (and the size a crawler fetches). */
export const DEFAULT_IMAGE_WIDTH = 800;
/** Thumbnails (trending list, compact cards: about 6.5rem shown) at up to 3x density. */
export const THUMB_WIDTH = 400;
/** Avatars are shown at 40–120 CSS px. */
export const AVATAR_WIDTH = 240;

export interface ImageOptions {
  /** The Supabase API URL whose Storage holds the images (default: the configured one). */
  apiUrl?: string;
  /** Where renditions come from (default: PUBLIC_IMAGE_TRANSFORMS, see `defaultMode`). */
  mode?: ImageMode;
  /** Older form of `mode`: false is `off`, true is `storage`. */
  enabled?: boolean;
}

/**
 * The configured mode where it can work: `build` renditions exist only in the pages of a build
 * whose build step replaces the placeholders, so browser code and `astro dev` use the stored
 * images in that mode.
 */
function defaultMode(): ImageMode {
  if (IMAGE_MODE !== 'build') return IMAGE_MODE;
  return buildStepRuns() ? 'build' : 'off';
}

function modeOf(opts: ImageOptions): ImageMode {
  if (opts.mode) return opts.mode;
  if (opts.enabled !== undefined) return opts.enabled ? 'storage' : 'off';
  return defaultMode();
}

/** The path of a public object of the project ('{bucket}/{name}'), or null for any other URL. */
function storedPath(url: string, opts: ImageOptions): string | null {
  return publicObjectPath(url, opts.apiUrl ?? PUBLIC_SUPABASE_URL);
}

/**
 * Storage's render URL of a public object of the project with these transformations (quality
 * added), or null when the renderer is not used (another mode, or not a stored object).
 */
function renderUrl(url: string, params: Record<string, string | number>, opts: ImageOptions): string | null {
  if (modeOf(opts) !== 'storage') return null;
  const path = storedPath(url, opts);
  if (!path) return null;
  const apiUrl = opts.apiUrl ?? PUBLIC_SUPABASE_URL;
  const query = Object.entries({ ...params, quality: IMAGE_QUALITY })
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return `${apiUrl.replace(/\/+$/, '')}/storage/v1/render/image/public/${path}?${query}`;
}

/**
 * A rendition of a stored image at `width` (aspect ratio kept, never enlarged): Storage's render
 * URL, or in `build` mode the placeholder the build step turns into `/_img/<key>-<width>.webp`;
 * otherwise the URL itself.
 */
export function imageRendition(url: string, width: number, opts: ImageOptions = {}): string {
  if (modeOf(opts) === 'build') return storedPath(url, opts) ? pendingRendition(url, width) : url;
  return renderUrl(url, { width }, opts) ?? url;
}

export interface ResponsiveSource {
  src: string;
  /** Absent when the image cannot be transformed. */
  srcset?: string;
}

/** `src` + `srcset` for an image shown at varying widths (heroes, cards). */
export function responsiveImage(url: string, opts: ImageOptions = {}): ResponsiveSource {
  const src = imageRendition(url, DEFAULT_IMAGE_WIDTH, opts);
  if (src === url) return { src };
  return { src, srcset: IMAGE_WIDTHS.map((w) => `${imageRendition(url, w, opts)} ${w}w`).join(', ') };
}

/** Width of a 16:9 image cropped to fill a box `height` CSS px high. */
const coverWidth = (height: number) => `${Math.ceil((height * 16) / 9)}px`;

/**
 * `sizes` for the layouts images appear in (kept in step with the CSS: a 76rem page whose main
 * column is at most 50rem beside the 20rem side column from 64rem, card grids of 1/2/3 columns).
 */
export const IMAGE_SIZES = {
  /**
   * The article hero: the main column's width, but cropped to a fixed height (450 px, 300 px on
   * small screens), so it is never narrower than that height at 16:9.
   */
  hero: [
    `(min-width: 64rem) ${coverWidth(HERO_HEIGHT)}`,
    `(min-width: 40rem) max(100vw, ${coverWidth(HERO_HEIGHT)})`,
    `max(100vw, ${coverWidth(HERO_HEIGHT_SMALL)})`,
  ].join(', '),
  /** The home page's main article: 16:9 across the main column. */
  lead: '(min-width: 64rem) 50rem, 100vw',
  /** A card in a 1/2/3-column grid. */
  card: '(min-width: 64rem) 24rem, (min-width: 40rem) 50vw, 100vw',
} as const;

/** Link-preview images: the Open Graph standard 1.91:1 box (X's large card takes it too). */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

export interface SizedImage {
  url: string;
  width: number;
  height: number;
}

/**
 * An image for og:image / twitter:image whose declared size is true: a rendition cropped to
 * exactly `box` when Storage renders images, otherwise (`build` and `off`) the stored image with
 * the size it is assumed to have (`stored`): crawlers fetch it once. Sources smaller than the box
 * come back smaller (never enlarged).
 */
export function shareImage(
  url: string,
  box: { width: number; height: number },
  stored: { width: number; height: number },
  opts: ImageOptions = {},
): SizedImage {
  const rendered = renderUrl(url, { width: box.width, height: box.height, resize: 'cover' }, opts);
  return rendered ? { url: rendered, width: box.width, height: box.height } : { url, ...stored };
}
