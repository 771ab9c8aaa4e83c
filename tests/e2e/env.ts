/**
 * Where the end-to-end stack runs: its own ports (so `npm start` can keep running beside it), an
 * in-memory database and its own build output. Shared by playwright.config.ts, server.ts and specs.
 */
import path from 'node:path';

const apiPort = Number(process.env.E2E_API_PORT || 54329);
const sitePort = Number(process.env.E2E_SITE_PORT || 4329);

export const E2E = {
  host: '127.0.0.1',
  apiPort,
  sitePort,
  apiUrl: `http://127.0.0.1:${apiPort}`,
  siteUrl: `http://127.0.0.1:${sitePort}`,
  outDir: path.resolve(import.meta.dirname, '..', '..', '.data', 'e2e-dist'),
  cacheDir: path.resolve(import.meta.dirname, '..', '..', '.data', 'e2e-astro-cache'),
} as const;
