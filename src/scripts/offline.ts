/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Registers the offline worker (/sw.js, scripts/lib/pwa.ts) on public pages and shows the update
 * prompt when a new version of it is waiting. Costs the page nothing up front: the module is a few
 * hundred bytes, and Workbox's window library is imported only once the page has loaded and the
 * browser is idle. Never on the dashboard or the preview (the worker does not store them either).
 */
import { OFFLINE } from '../lib/messages/offline.ts';

/** Pages that never register the worker. */
const NO_WORKER = /^\/(dashboard|preview)(\/|$)/;

export function registersWorker(pathname: string): boolean {
  return !NO_WORKER.test(pathname);
}

/**
 * Workbox's message (workbox-routing's cache listener) that runs `url` through the worker's
 * routes as a page request, so the page opened before the worker existed is stored like any
 * later one (the worker's page route matches `accept: text/html`; staff and auth pages stay
 * network only there).
 */
export function cacheCurrentPageMessage(href: string) {
  return {
    type: 'CACHE_URLS',
    payload: { urlsToCache: [[href.split('#')[0], { headers: { accept: 'text/html' } }]] },
  };
}

const PROMPT_CLASS = 'sw-update';

/**
 * The update prompt: a polite live region with the message, Refresh and Dismiss. Refresh calls
 * `onRefresh` (the waiting worker takes over; the page reloads when it does). Returns the element.
 */
export function showUpdatePrompt(onRefresh: () => void): HTMLElement {
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

async function register(controlledAtLoad: boolean): Promise<void> {
  const { registerSW } = await import('virtual:pwa-register');
  const updateWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => showUpdatePrompt(() => void updateWorker(true)),
    onRegisterError: (error: unknown) => console.warn('Offline support is not available:', error),
  });
  if (!controlledAtLoad) {
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage(cacheCurrentPageMessage(window.location.href));
  }
}

export function startOfflineSupport(): void {
  if (!('serviceWorker' in navigator) || !registersWorker(window.location.pathname)) return;
  const controlledAtLoad = Boolean(navigator.serviceWorker.controller);
  const start = () => whenIdle(() => void register(controlledAtLoad).catch(() => {}));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
