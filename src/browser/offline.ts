/**
 * Registers the offline worker (/sw.js, scripts/lib/pwa.ts) on public pages and shows the update
 * prompt when a new version of it is waiting. Costs the page almost nothing: about 1 KB gzipped,
 * run once the page has loaded and the browser is idle. The registration is the browser's own API
 * rather than vite-plugin-pwa's `virtual:pwa-register`, which pulls in Workbox's window library
 * (~3 KB gzipped more, measured with `npm run bench:pages`) for the same three events. Never on
 * the dashboard or the preview (the worker does not store them either).
 */
import { OFFLINE } from '../lib/messages/offline.ts';
import { DATA_SAVER_CLASS } from '../lib/rules/data-saver.ts';

/** Pages that never register the worker. */
const NO_WORKER = /^\/(dashboard|preview)(\/|$)/;

export function registersWorker(pathname: string): boolean {
  return !NO_WORKER.test(pathname);
}

/**
 * Workbox's message (workbox-routing's cache listener) that runs the page opened before the worker
 * existed, and the images it showed, through the worker's routes, so they are stored like any
 * later ones. The page goes as a page request (`accept: text/html`: the worker's page route, its
 * network-only list included, applies); images as no-cors requests with an image Accept header
 * (the worker's image route), like an <img> of another origin. Storage answers images with
 * `Vary: Accept`, so the header is the one Chromium sends for <img>: the worker's fetch is then
 * answered from the HTTP cache the page just filled instead of downloading the image again.
 */
export const IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

export function cacheCurrentPageMessage(href: string, images: readonly string[] = []) {
  return {
    type: 'CACHE_URLS',
    payload: {
      urlsToCache: [
        [href.split('#')[0], { headers: { accept: 'text/html' } }],
        ...[...new Set(images)].map((src) => [src, { mode: 'no-cors', headers: { accept: IMAGE_ACCEPT } }]),
      ],
    },
  };
}

/** The images the page has shown (loaded, http(s) only). */
function shownImages(): string[] {
  return Array.from(document.images)
    .filter((img) => img.complete && img.naturalWidth > 0 && /^https?:/.test(img.currentSrc))
    .map((img) => img.currentSrc);
}

/** The worker's URL and scope (@vite-pwa/astro's `filename`, the site root). */
const WORKER_URL = '/sw.js';

/** Workbox's message that makes a waiting worker take over (generateSW listens for it). */
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

/**
 * Does a worker reaching `state` mean an update is waiting for the reader? Only when the page is
 * already controlled by an older worker: the first install has nothing to refresh.
 */
export function isWaitingUpdate(state: ServiceWorkerState, controlled: boolean): boolean {
  return state === 'installed' && controlled;
}

const PROMPT_CLASS = 'sw-update';

/**
 * The update prompt: a polite live region with the message, Refresh and Dismiss. Refresh calls
 * `onRefresh` (the waiting worker takes over; the page reloads when it does). Returns the element.
 */
function showUpdatePrompt(onRefresh: () => void): HTMLElement {
  document.querySelector(`.${PROMPT_CLASS}`)?.remove();
  const box = document.createElement('div');
  box.className = PROMPT_CLASS;
  box.setAttribute('role', 'status');
  box.setAttribute('aria-live', 'polite');
  document.body.append(box);

  const text = document.createElement('p');
  text.textContent = OFFLINE.updateAvailable;
  const refresh = document.createElement('button');
  refresh.type = 'button';
  refresh.className = 'button';
  refresh.textContent = OFFLINE.refresh;
  refresh.addEventListener('click', () => {
    refresh.disabled = true;
    onRefresh();
  });
  const close = document.createElement('button');
  close.type = 'button';
  close.className = `${PROMPT_CLASS}__close`;
  close.setAttribute('aria-label', OFFLINE.dismissUpdate);
  close.textContent = '×';
  close.addEventListener('click', () => box.remove());
  // Filled after the (empty) live region is in the document, so screen readers announce it.
  setTimeout(() => box.append(text, refresh, close), 50);
  return box;
}

function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 4000 });
  else setTimeout(task, 1000);
}

/** Shows the prompt for `worker`; Refresh makes it take over, and the page reloads when it has. */
function promptFor(worker: ServiceWorker): void {
  showUpdatePrompt(() => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    worker.postMessage(SKIP_WAITING);
  });
}

async function register(controlledAtLoad: boolean): Promise<void> {
  const sw = navigator.serviceWorker;
  const registration = await sw.register(WORKER_URL, { scope: '/' });
  // A version installed on an earlier visit and still waiting (the prompt was dismissed or missed).
  if (registration.waiting && isWaitingUpdate(registration.waiting.state, sw.controller !== null)) {
    promptFor(registration.waiting);
  }
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (isWaitingUpdate(worker.state, sw.controller !== null)) promptFor(worker);
    });
  });
  if (!controlledAtLoad) {
    const ready = await sw.ready;
    ready.active?.postMessage(cacheCurrentPageMessage(window.location.href, shownImages()));
  }
}

export function startOfflineSupport(): void {
  // `astro dev` does not serve the worker (it is generated by the build).
  if (import.meta.env.DEV) return;
  if (!('serviceWorker' in navigator) || !registersWorker(window.location.pathname)) return;
  // Data saver: the worker's precache would download pages and files the reader did not ask for.
  if (document.documentElement.classList.contains(DATA_SAVER_CLASS)) return;
  const controlledAtLoad = Boolean(navigator.serviceWorker.controller);
  const start = () =>
    whenIdle(
      () => void register(controlledAtLoad).catch((error: unknown) => console.warn('Offline support is off:', error)),
    );
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
