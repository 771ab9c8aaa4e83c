/**
 * Where the deploy rehearsal runs (tests/rehearsal/deployment.ts): its own ports, beside a running
 * `npm start` and the e2e stack, and its own folders under .data/rehearsal.
 */
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export const REHEARSAL = {
  host: '127.0.0.1',
  apiPort: 54349,
  sitePort: 4349,
  workerPort: 4352,
  apiUrl: 'http://127.0.0.1:54349',
  siteUrl: 'http://127.0.0.1:4349',
  /** The local SMTP catcher's HTTP API (its SMTP port is picked at start). */
  mailUrl: 'http://127.0.0.1:54344',
  mailPort: 54344,
  dir: path.join(root, '.data', 'rehearsal'),
  /** The first admin: an account made in Supabase (Authentication → Add user), then setup:production. */
  admin: { email: 'editor@newsroom.example', password: 'rehearsal-admin-password' },
} as const;
