/**
 * `npm run supabase:local [-- --port 54321] [--data-dir DIR] [--memory]`: runs the local
 * Supabase-compatible server until Ctrl-C. SUPABASE_LOCAL_PROFILE=hosted makes it behave like a
 * hosted project created today (config.ts).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { startLocalServer } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    memory: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const config = loadConfig({
  ...(values.port ? { port: Number(values.port) } : {}),
  ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
  inMemory: values.memory ?? false,
});
const log = (line: string) => {
  if (!values.quiet) console.log(line);
};
const server = await startLocalServer(config, log);
const signing = config.jwtSigning === 'es256' ? `ES256, kid ${config.signingKey.kid}` : 'HS256 (JWT secret)';
console.log(`
Local Supabase-compatible API  ${server.url}   (${config.profile === 'hosted' ? 'as a hosted project created today' : 'local development profile'})
  REST      ${server.url}/rest/v1
  Auth      ${server.url}/auth/v1
  Storage   ${server.url}/storage/v1
  Mail      ${config.smtp ? `SMTP ${config.smtp.host}:${config.smtp.port}, from ${config.smtp.adminEmail}` : `${server.url}/mailbox`}
  Engine    ${server.engine.kind}${config.databaseUrl ? '' : config.inMemory ? ' (in memory)' : ` (${config.dataDir})`}
  Publishable key   ${config.publishableKey}
  Secret key        ${config.secretKey}   (server-side only: it bypasses row-level security)
  JWT signing       ${signing}   (JWKS: ${server.url}/auth/v1/.well-known/jwks.json)
  Legacy JWT keys   ${config.legacyKeys ? 'accepted (anon / service_role)' : 'disabled'}
  Image renderer    ${config.imageRenderer ? 'on (/storage/v1/render/image, Pro plan)' : 'off (Free plan)'}
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
