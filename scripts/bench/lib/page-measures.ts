/**
 * What `npm run bench:pages` measures in Playwright Chromium beside Lighthouse (issue 27): the
 * JavaScript a page receives before any interaction, for a visitor and a signed-in reader, and a
 * first visit's bytes by kind, plain and in data saver; with the budgets each is held to.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';

export const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * Issue 27's budgets: JavaScript before any interaction (gzip) for a visitor per page, and for a
 * signed-in reader on every page; Lighthouse mobile performance and CLS.
 */
export const VISITOR_JS_BUDGET_KB: Record<string, number> = { home: 35, article: 35, category: 35, search: 50 };
export const READER_JS_BUDGET_KB = 90;
export const PERFORMANCE_BUDGET = 98;
export const CLS_BUDGET = 0.02;

export interface JsRow {
  page: string;
  who: 'visitor' | 'reader';
  scripts: number;
  /** Sum of each script's body gzipped (level 9), in KB. */
  jsGzipKb: number;
  /** Bytes on the wire for those scripts as the host sent them (Brotli or gzip), in KB. */
  jsTransferKb: number;
  /** Requests the offline worker made itself (precache, runtime), and their bytes on the wire. */
  workerRequests: number;
  workerTransferKb: number;
  /** The largest scripts, for reading the figure. */
  top: string;
  /** Every script with its gzipped KB, largest first (in pages.json only). */
  files?: string[];
}

/** The reader's stored session, as supabase-js keeps it (src/lib/browser/reader/session.ts authStorageKey). */
export async function readerSession(apiUrl: string, publishableKey: string): Promise<{ key: string; value: string }> {
  const sb = createClient(apiUrl, publishableKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await sb.auth.signInWithPassword({ email: 'reader@demo.test', password: 'demo-password' });
  if (error || !data.session) throw new Error(`reader sign-in failed: ${error?.message ?? 'no session'}`);
  return { key: `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`, value: JSON.stringify(data.session) };
}

/** Loads `url` in a fresh context and counts the JavaScript it received before any interaction. */
export async function measureJs(
  browser: Browser,
  page: string,
  url: string,
  who: JsRow['who'],
  session?: { key: string; value: string },
): Promise<JsRow> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  if (session) {
    await context.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), session);
  }
  const scripts: { url: string; gzip: number; transfer: number }[] = [];
  let workerRequests = 0;
  let workerTransfer = 0;
  const pending: Promise<void>[] = [];
  context.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const sizes = await request.sizes().catch(() => undefined);
        const transfer = (sizes?.responseBodySize ?? 0) + (sizes?.responseHeadersSize ?? 0);
        if (request.serviceWorker()) {
          workerRequests += 1;
          workerTransfer += transfer;
          return;
        }
        if (request.resourceType() !== 'script') return;
        const response = await request.response();
        const body = await response?.body().catch(() => undefined);
        if (!body) return;
        scripts.push({ url: request.url(), gzip: zlib.gzipSync(body, { level: 9 }).length, transfer });
      })(),
    );
  });
  const tab = await context.newPage();
  await tab.goto(url, { waitUntil: 'load' });
  await tab.waitForLoadState('networkidle');
  // client:idle islands and the worker's registration wait for an idle browser; then quiet again.
  await tab.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 2000), { timeout: 5000 })),
  );
  await tab.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  const sorted = [...scripts].sort((a, b) => b.gzip - a.gzip);
  return {
    page,
    who,
    scripts: scripts.length,
    jsGzipKb: kb(scripts.reduce((n, s) => n + s.gzip, 0)),
    jsTransferKb: kb(scripts.reduce((n, s) => n + s.transfer, 0)),
    workerRequests,
    workerTransferKb: kb(workerTransfer),
    top: sorted
      .slice(0, 3)
      .map((s) => `${path.basename(new URL(s.url).pathname).replace(/\.[\w-]{8}\.js$/, '')} ${kb(s.gzip)}`)
      .join(', '),
    files: sorted.map((s) => `${path.basename(new URL(s.url).pathname)} ${kb(s.gzip)}`),
  };
}

/** Issue 27's budgets: an article's first visit without images, plain and in data saver. */
export const WEIGHT_BUDGET_KB = 120;
export const SAVE_DATA_BUDGET_KB = 60;
/** Issue 27's data saver: images at ≤ 480 px wide and ≤ 30 KB each. */
export const SAVE_DATA_IMAGE_MAX_PX = 480;
export const SAVE_DATA_IMAGE_MAX_KB = 30;
const WEIGHT_KINDS = {
  document: 'html',
  stylesheet: 'css',
  font: 'fonts',
  script: 'js',
  image: 'images',
} as const;

export interface WeightRow {
  page: string;
  saveData: boolean;
  html: number;
  css: number;
  fonts: number;
  js: number;
  images: number;
  other: number;
  /** Everything but images (HTML, CSS, fonts, JS and the rest), in KB. */
  noImages: number;
  fontRequests: number;
  /** The widest image rendition requested (its `width=` or `-<width>.webp`), px. */
  widestImage: number;
  /** The largest single image on the wire, in KB. */
  largestImage: number;
}

/** Loads `url` once at 390×844 in a fresh context and sums what it received by kind (KB on the wire). */
export async function measureWeight(
  browser: Browser,
  page: string,
  url: string,
  saveData: boolean,
): Promise<WeightRow> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    ...(saveData && { extraHTTPHeaders: { 'Save-Data': 'on' } }),
  });
  if (saveData) {
    await context.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }),
    );
  }
  const bytes = { html: 0, css: 0, fonts: 0, js: 0, images: 0, other: 0 };
  let fontRequests = 0;
  let widestImage = 0;
  let largestImage = 0;
  const pending: Promise<void>[] = [];
  context.on('requestfinished', (request) => {
    if (request.serviceWorker()) return;
    pending.push(
      (async () => {
        const sizes = await request.sizes().catch(() => undefined);
        const type = request.resourceType();
        const kind = WEIGHT_KINDS[type as keyof typeof WEIGHT_KINDS] ?? 'other';
        const size = (sizes?.responseBodySize ?? 0) + (sizes?.responseHeadersSize ?? 0);
        bytes[kind] += size;
        if (type === 'font') fontRequests += 1;
        if (type === 'image') {
          const u = new URL(request.url());
          const width = Number(u.searchParams.get('width') ?? /-(\d+)\.webp$/.exec(u.pathname)?.[1] ?? 0);
          widestImage = Math.max(widestImage, width);
          largestImage = Math.max(largestImage, size);
        }
      })(),
    );
  });
  const tab = await context.newPage();
  await tab.goto(url, { waitUntil: 'load' });
  await tab.waitForLoadState('networkidle');
  await tab.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 2000), { timeout: 5000 })),
  );
  await tab.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  const row = Object.fromEntries(Object.entries(bytes).map(([k, v]) => [k, kb(v)])) as typeof bytes;
  return {
    page,
    saveData,
    ...row,
    noImages: kb(bytes.html + bytes.css + bytes.fonts + bytes.js + bytes.other),
    fontRequests,
    widestImage,
    largestImage: kb(largestImage),
  };
}
