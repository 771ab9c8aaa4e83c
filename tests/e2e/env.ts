/**
 * Where the end-to-end stack runs: its own ports (so `npm start` can keep running beside it), an
 * in-memory database and its own build output. Shared by playwright.config.ts, server.ts and specs.
 */
import path from 'node:path';

// Below Linux's ephemeral range (32768–60999), where an outgoing connection may already hold a port.
const apiPort = Number(process.env.E2E_API_PORT || 24329);
const sitePort = Number(process.env.E2E_SITE_PORT || 4329);
const suffix = process.env.E2E_API_PORT || process.env.E2E_SITE_PORT ? `-${sitePort}` : '';

export const E2E = {
  host: '127.0.0.1',
  apiPort,
  sitePort,
  apiUrl: `http://127.0.0.1:${apiPort}`,
  siteUrl: `http://127.0.0.1:${sitePort}`,
  // Runs on other ports (E2E_API_PORT / E2E_SITE_PORT) build into their own folders, so two
  // suites can run side by side without overwriting each other's site.
  outDir: path.resolve(import.meta.dirname, '..', '..', '.data', `e2e-dist${suffix}`),
  cacheDir: path.resolve(import.meta.dirname, '..', '..', '.data', `e2e-astro-cache${suffix}`),
  /** What the static host serves: snapshots of outDir (scripts/lib/release/). */
  releasesDir: path.resolve(import.meta.dirname, '..', '..', '.data', `e2e-releases${suffix}`),
} as const;
