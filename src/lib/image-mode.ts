/**
 * Where responsive images come from (PUBLIC_IMAGE_TRANSFORMS, docs/images.md), and the URL forms
 * of the `build` mode. Free of `import.meta.env`, so the build step (scripts/lib/image-renditions.ts,
 * plain Node) shares it with the pages (src/lib/rules/images.ts builds every image URL).
 *
 * - `storage` (default; `on` is accepted too): Storage's image renderer, `/storage/v1/render/image/…`.
 *   Hosted Supabase has it on the Pro plan and above.
 * - `build`: the build renders WebP renditions with sharp into the site itself, under
 *   `/_img/<key>-<width>.webp`, where `key` names the source URL and its version (ETag /
 *   Last-Modified). Any plan.
 * - `off`: the stored images as they are.
 */
export type ImageMode = 'storage' | 'build' | 'off';

/** PUBLIC_IMAGE_TRANSFORMS → mode: unset, `storage` and `on` are the renderer; unknown values are refused. */
export function parseImageMode(raw: string | undefined): ImageMode {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'storage' || value === 'on') return 'storage';
  if (value === 'build' || value === 'off') return value;
  throw new Error(`PUBLIC_IMAGE_TRANSFORMS must be storage, build or off, not "${raw}"`);
}

const BUILD_STEP = Symbol.for('esg-africa-news.image-build-step');
type WithBuildStep = typeof globalThis & { [BUILD_STEP]?: boolean };

/**
 * Whether this process is an `astro build` whose build step will replace the placeholders
 * (set by scripts/lib/image-renditions.ts at `astro:build:start`; Astro renders the pages in the
 * same process). Browser code, `astro dev` and tests outside a build have none.
 */
export function buildStepRuns(): boolean {
  return (globalThis as WithBuildStep)[BUILD_STEP] === true;
}

export function announceBuildStep(runs: boolean): void {
  (globalThis as WithBuildStep)[BUILD_STEP] = runs;
}

/** The output folder of build renditions (the static host serves it as immutable). */
export const RENDITIONS_DIR = '_img';

/** `/_img/<key>-<width>.webp`: a rendition the build wrote; its name never holds other bytes. */
export function renditionPath(key: string, width: number): string {
  return `/${RENDITIONS_DIR}/${key}-${width}.webp`;
}

/**
 * What a page is rendered with in `build` mode: the source URL and width, to be replaced after
 * rendering by `renditionPath` (or the source URL itself when it cannot be rendered). Only
 * characters that HTML attributes, JSON and URLs keep as they are.
 */
export function pendingRendition(sourceUrl: string, width: number): string {
  return `/${RENDITIONS_DIR}/~${toBase64Url(sourceUrl)}~${width}.webp`;
}

/** Every pending rendition in a text: `[match, sourceUrl, width]`. */
export const PENDING_RENDITION = /\/_img\/~([A-Za-z0-9_-]+)~(\d{1,4})\.webp/g;

export function parsePending(match: ArrayLike<string | undefined>): { sourceUrl: string; width: number } {
  return { sourceUrl: fromBase64Url(match[1]!), width: Number(match[2]) };
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
