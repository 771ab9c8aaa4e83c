/**
 * `npm run newsletter-sender`: the newsletter sender as its own service (scripts/lib/newsletter/),
 * for a deployment (docs/deploy.md). `npm start` runs the same sender inside its process, sending
 * to the local SMTP catcher.
 *
 * Environment:
 *   SUPABASE_URL, SUPABASE_SECRET_KEY (or the legacy SUPABASE_SERVICE_ROLE_KEY)   the project
 *   SMTP_HOST, SMTP_PORT (587), SMTP_USER, SMTP_PASS, SMTP_ADMIN_EMAIL (the From address),
 *     SMTP_SENDER_NAME   the SMTP relay, under the names the auth server uses (GoTrue's)
 *   SITE_URL   the site's canonical origin (links to articles)
 *   PUBLIC_SUPABASE_URL   where the images live (default SUPABASE_URL);
 *     PUBLIC_IMAGE_TRANSFORMS   `storage` (default) uses Storage's renditions, else the originals
 *   NEWSLETTER_PUBLIC_URL   the public origin of this service (the unsubscribe links point here)
 *   NEWSLETTER_UNSUBSCRIBE_SECRET   the HMAC key of the unsubscribe links (at least 32 characters)
 *   NEWSLETTER_PORT (4323), NEWSLETTER_HOST (127.0.0.1)   where it listens
 *   NEWSLETTER_RATE (20 messages/s), NEWSLETTER_CONCURRENCY (5 SMTP connections),
 *   NEWSLETTER_BATCH (100), NEWSLETTER_MAX_ATTEMPTS (5), NEWSLETTER_RETRY_BASE_MS (60000),
 *   NEWSLETTER_POLL_MS (5000)
 *
 * Run one sender per project: at start it fails the rows a stopped sender left half-sent.
 */
import { parseImageMode } from '../src/lib/image-mode.ts';
import { smtpFromEnv } from '../supabase/local/auth/mail-config.ts';
import { createSenderHttp } from './lib/newsletter/http.ts';
import { SENDER_DEFAULTS, createNewsletterSender } from './lib/newsletter/sender.ts';

function required(...names: [string, ...string[]]): string {
  const value = names.map((name) => process.env[name]).find(Boolean);
  if (!value) {
    console.error(`${names[0]} is required (see the header of scripts/newsletter-sender.ts).`);
    process.exit(2);
  }
  return value;
}
const num = (name: string, fallback: number) => Number(process.env[name] || fallback);

const apiUrl = required('SUPABASE_URL');
const secretKey = required('SUPABASE_SECRET_KEY', 'SUPABASE_SERVICE_ROLE_KEY');
const smtp = smtpFromEnv(process.env);
if (!smtp) {
  console.error('SMTP_HOST is required (see the header of scripts/newsletter-sender.ts).');
  process.exit(2);
}
const unsubscribeSecret = required('NEWSLETTER_UNSUBSCRIBE_SECRET');
if (unsubscribeSecret.length < 32) {
  console.error('NEWSLETTER_UNSUBSCRIBE_SECRET must be at least 32 characters.');
  process.exit(2);
}
const siteUrl = required('SITE_URL');
const port = num('NEWSLETTER_PORT', 4323);
const host = process.env.NEWSLETTER_HOST || '127.0.0.1';
const publicUrl = process.env.NEWSLETTER_PUBLIC_URL || `http://${host}:${port}`;

const sender = createNewsletterSender({
  apiUrl,
  secretKey,
  smtp: { host: smtp.host, port: smtp.port, user: smtp.user, pass: smtp.pass },
  from: { name: smtp.senderName, address: smtp.adminEmail },
  email: {
    siteUrl,
    apiUrl: process.env.PUBLIC_SUPABASE_URL || apiUrl,
    renditions: parseImageMode(process.env.PUBLIC_IMAGE_TRANSFORMS) === 'storage',
  },
  publicUrl,
  unsubscribeSecret,
  ratePerSecond: num('NEWSLETTER_RATE', SENDER_DEFAULTS.ratePerSecond),
  concurrency: num('NEWSLETTER_CONCURRENCY', SENDER_DEFAULTS.concurrency),
  batchSize: num('NEWSLETTER_BATCH', SENDER_DEFAULTS.batchSize),
  maxAttempts: num('NEWSLETTER_MAX_ATTEMPTS', SENDER_DEFAULTS.maxAttempts),
  retryBaseMs: num('NEWSLETTER_RETRY_BASE_MS', SENDER_DEFAULTS.retryBaseMs),
  pollMs: num('NEWSLETTER_POLL_MS', SENDER_DEFAULTS.pollMs),
  log: (line) => console.log(line),
});
const server = createSenderHttp({ sender, unsubscribeSecret, siteUrl, log: (line) => console.log(line) });
const bound = await server.listen(port, host);
await sender.start();
console.log(
  `Newsletter sender on http://${host}:${bound} (GET/POST /unsubscribe, GET /status); links via ${publicUrl}`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void Promise.all([sender.stop(), server.close()]).then(() => process.exit(0));
  });
}
