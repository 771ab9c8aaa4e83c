/**
 * `npm run serve [-- --dir dist --port 4321 --host 127.0.0.1 --releases]`: serves a built site like the
 * production static host would (rewrites for /dashboard/* and /preview/*, the `_redirects` rules,
 * 404 page, caching, compression). Given a releases folder (`--dir .data/releases`, what
 * `npm start` serves), it serves the current release and follows every swap
 * (scripts/lib/release/); `--releases` says so
 * before the first release exists. Import `startStaticServer` from here (or scripts/lib/static-server.ts) in code.
 */
import { parseArgs } from 'node:util';
import { startStaticServer } from './lib/static-server.ts';

export { startStaticServer, type StaticServer, type StaticServerOptions } from './lib/static-server.ts';

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: 'dist' },
      port: { type: 'string', default: process.env.PORT ?? '4321' },
      host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
      quiet: { type: 'boolean', default: false },
      // A releases folder before its first release: 503 until the publish worker swaps one in.
      releases: { type: 'boolean' },
    },
  });
  const server = await startStaticServer({
    dir: values.dir,
    port: Number(values.port),
    host: values.host,
    releases: values.releases,
    log: values.quiet ? undefined : (line) => console.log(line),
  });
  console.log(`Serving ${values.dir} at ${server.url} (Ctrl-C to stop)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void server.close().then(() => process.exit(0)));
  }
}
