/**
 * Replaces a content image that fails to load (missing object, network error) by a placeholder
 * box reading 'Failed to load image' (§8), instead of the browser's broken-image icon. Content
 * images are those in <main> or a trending list (not the header logo); images with no source
 * (the trending <template>'s) and images inside React islands (React owns those nodes) are left
 * alone.
 *
 * The box keeps the image's place and size: it takes over its classes and data-* attributes (so
 * class-based component styles still apply), its aspect ratio, and, where the page's CSS styles
 * the image by element name, its computed max-height, corners and flex sizing, then its measured
 * width and height if the box still differs. The article hero's two heights (450 / 300 px) come
 * from src/styles/fallbacks.css (part of global.css), so that box follows the viewport like the
 * image would.
 */
import { MESSAGES } from '../lib/messages/reader.ts';

const CONTENT_IMAGES = 'main img, [data-trending] img';
const KEPT_ATTRIBUTE = /^(class|style|id|title|data-.+)$/;
/** Computed styles the box copies when its own CSS does not already give the same value. */
const COPIED = ['aspect-ratio', 'max-height', 'border-radius', 'flex-grow', 'flex-shrink', 'flex-basis', 'margin'];
/** Narrower boxes cannot fit the text: it is kept for assistive technology and as a tooltip. */
const SMALL_PX = 64;

function isContentImage(img: HTMLImageElement): boolean {
  return (
    img.isConnected &&
    Boolean(img.getAttribute('src') || img.getAttribute('srcset')) &&
    img.matches(CONTENT_IMAGES) &&
    !img.closest('astro-island')
  );
}

function replaceFailedImage(img: HTMLImageElement): HTMLElement | null {
  if (!isContentImage(img)) return null;
  const box = document.createElement('span');
  for (const { name, value } of img.attributes) if (KEPT_ATTRIBUTE.test(name)) box.setAttribute(name, value);
  box.classList.add('img-failed');
  box.setAttribute('role', 'img');
  box.setAttribute('aria-label', MESSAGES.imageFailed);
  box.textContent = MESSAGES.imageFailed;

  const css = getComputedStyle(img);
  const want = Object.fromEntries(COPIED.map((p) => [p, css.getPropertyValue(p)]));
  const { width, height } = img.getBoundingClientRect();
  // Inline, so a component's class rule (e.g. `.thumb { display: block }`) cannot undo the centring.
  box.style.display = css.display.startsWith('inline') ? 'inline-flex' : 'flex';
  img.replaceWith(box);

  const own = getComputedStyle(box);
  for (const p of COPIED) if (own.getPropertyValue(p) !== want[p]) box.style.setProperty(p, want[p] ?? '');
  if (width > 0 && height > 0) {
    // Pinned only where the box's CSS gives another size (e.g. the hero's fixed 450 px height); a
    // pinned height drops the ratio, which would otherwise narrow the box to fit it.
    if (Math.abs(box.getBoundingClientRect().height - height) > 0.1) {
      box.style.height = `${height}px`;
      box.style.aspectRatio = 'auto';
    }
    if (Math.abs(box.getBoundingClientRect().width - width) > 0.1) box.style.width = `${width}px`;
    if (width < SMALL_PX) {
      box.classList.add('img-failed--small');
      box.title ||= MESSAGES.imageFailed;
    }
  }
  return box;
}

function onError(event: Event): void {
  if (event.target instanceof HTMLImageElement) replaceFailedImage(event.target);
}

/** Watches for failures from now on (error events do not bubble, so capture), then sweeps past ones. */
export function installImageFallback(root: Document = document): void {
  root.addEventListener('error', onError, true);
  for (const img of root.querySelectorAll<HTMLImageElement>(CONTENT_IMAGES)) {
    // decode() rejects only for a broken image, not for one without natural size (some SVGs).
    if (img.complete && img.naturalWidth === 0 && isContentImage(img)) {
      img.decode().catch(() => {
        if (img.complete && img.naturalWidth === 0) replaceFailedImage(img);
      });
    }
  }
}
