/**
 * Where the deploy rehearsal runs (tests/rehearsal/deployment.ts): its own ports, beside a running
 * `npm start`, the e2e stack and a second e2e stack on the side-by-side ports (4341–4359), and its
 * own folders under .data/rehearsal. All below Linux's ephemeral range (32768–60999), where an
 * outgoing connection may already hold a port: 54364 was once taken when the catcher started.
 */
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export const REHEARSAL = {
  host: '127.0.0.1',
  apiPort: 24361,
  sitePort: 4361,
  workerPort: 4362,
  apiUrl: 'http://127.0.0.1:24361',
  siteUrl: 'http://127.0.0.1:4361',
  /** The local SMTP catcher's HTTP API (its SMTP port is picked at start). */
  mailUrl: 'http://127.0.0.1:24364',
  mailPort: 24364,
  dir: path.join(root, '.data', 'rehearsal'),
  /** The first admin: an account made in Supabase (Authentication → Add user), then setup:production. */
  admin: { email: 'editor@newsroom.example', password: 'rehearsal-admin-password' },
} as const;
