/**
 * `npm run setup:production -- --admin you@newsroom.example`: installs the category taxonomy and
 * makes an existing account the first admin on a hosted project (docs/deploy.md, step 1).
 *
 * Environment:
 *   SUPABASE_URL          the project's API URL
 *   SUPABASE_SECRET_KEY   a secret key (sb_secret_…; the legacy SUPABASE_SERVICE_ROLE_KEY works too)
 *   SETUP_ADMIN_EMAIL     instead of --admin
 */
import { parseArgs } from 'node:util';
import { SetupError, setupProduction } from './setup/production.ts';

const { values } = parseArgs({ options: { admin: { type: 'string' } } });
const apiUrl = process.env.SUPABASE_URL;
const secretKey = process.env.SUPABASE_SECRET_KEY || process.env.SUPABASE_SERVICE_ROLE_KEY;
const adminEmail = values.admin ?? process.env.SETUP_ADMIN_EMAIL;

if (!apiUrl || !secretKey || !adminEmail) {
  console.error(
    'Usage: SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SECRET_KEY=sb_secret_… npm run setup:production -- --admin <e-mail of an existing account>',
  );
  process.exit(2);
}

try {
  await setupProduction({ apiUrl, secretKey, adminEmail, log: (line) => console.log(line) });
  console.log('Production setup done.');
} catch (e) {
  if (!(e instanceof SetupError)) throw e;
  console.error(e.message);
  process.exit(1);
}
