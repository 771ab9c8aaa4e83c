/**
 * The local Supabase-compatible server: one HTTP listener that routes like Supabase's API
 * gateway (/rest/v1, /auth/v1, /storage/v1) plus the local mailbox page.
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from './config.ts';
import type { Engine } from './db/engine.ts';
import { openEngine } from './db/open-engine.ts';
import { bootstrap, migrate } from './db/migrate.ts';
import { pgliteTemplateFor } from './db/pglite-template.ts';
import type { AppContext, Handler } from './http/context.ts';
import { HttpError, send, sendJson } from './http/util.ts';
import { applyGatewayToken, checkApiKey } from './http/gateway.ts';
import { watchClient } from './http/client-watch.ts';
import { PoolTimeoutError } from './db/gate.ts';
import { ClientGoneError, withRequestScope } from './db/request-scope.ts';
import { createRestHandler } from './rest/handler.ts';
import { handleAuth } from './auth/handler.ts';
import { handleMailbox } from './auth/mailbox.ts';
import { handleStorage } from './storage/handler.ts';
import { startWebhookDelivery, type WebhookDelivery } from './webhooks.ts';
import { startMaintenance, type Maintenance } from './db/maintenance.ts';

export interface LocalServer {
  readonly url: string;
  readonly config: ServerConfig;
  readonly engine: Engine;
  /** Re-reads tables, relationships and functions (after DDL outside migrations). */
  reloadSchema(): Promise<void>;
  /** Database Webhooks of the publish outbox (supabase/local/webhooks.ts). */
  readonly webhooks: WebhookDelivery;
  /** Vacuum, analyze and checkpoints on PGlite (db/maintenance.ts); PostgreSQL runs its own. */
  readonly maintenance: Maintenance | undefined;
  close(): Promise<void>;
}

/** Paths reachable without an API key, as behind Supabase's gateway. */
function isOpenPath(pathname: string, method: string): boolean {
  return (
    pathname.startsWith('/storage/v1/object/public/') ||
    pathname.startsWith('/storage/v1/object/sign/') ||
    pathname.startsWith('/storage/v1/render/image/public/') ||
    pathname.startsWith('/storage/v1/render/image/sign/') ||
    (pathname === '/auth/v1/verify' && method === 'GET') ||
    pathname === '/auth/v1/health' ||
    pathname === '/auth/v1/.well-known/jwks.json' ||
    pathname.startsWith('/mailbox') ||
    pathname === '/' ||
    pathname === '/favicon.ico'
  );
}

export async function startLocalServer(
  config: ServerConfig,
  log: (line: string) => void = () => {},
): Promise<LocalServer> {
  if (!config.inMemory && !config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const engine = await openEngine({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.inMemory || config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
    poolSize: config.dbPool,
    acquisitionTimeoutMs: config.dbPoolAcquisitionTimeoutMs,
    pgliteTemplate: config.databaseUrl ? undefined : pgliteTemplateFor(config.migrationsDir),
  });
  await bootstrap(engine);
  await migrate(engine, config.migrationsDir, log);
  // PGlite runs no autovacuum, so without this the planner never has statistics: measured at
  // 100,000 articles, the newest-first listing took 180 ms (a sort of every published row)
  // instead of 3 ms (the index). Data loaded while running is counted at the next start.
  if (engine.kind === 'pglite') await engine.exec('analyze');
  // … and no checkpointer or autovacuum while it runs: maintenance.ts does their work.
  const maintenance =
    engine.kind === 'pglite' ? startMaintenance(engine, { intervalMs: config.maintenanceIntervalMs, log }) : undefined;

  const webhooks = startWebhookDelivery({
    engine,
    url: config.publishWebhookUrl,
    secret: config.publishWebhookSecret,
    clockMs: config.publishClockMs,
    pollMs: config.publishPollMs,
    log,
  });
  const ctx: AppContext = { config, engine };
  const rest = await createRestHandler(ctx);
  const routes: [string, Handler][] = [
    ['/rest/v1', rest.handle],
    ['/auth/v1', handleAuth],
    ['/storage/v1', handleStorage],
    ['/mailbox', handleMailbox],
  ];

  const server = http.createServer((req, res) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? `${config.host}:${config.port}`}`);
    const method = req.method ?? 'GET';
    if (config.logRequests) {
      res.on('finish', () => log(`${method} ${url.pathname}${url.search} ${res.statusCode} ${Date.now() - started}ms`));
    }
    if (method === 'OPTIONS') return send(res, 204, null);
    if (url.pathname === '/') {
      return sendJson(res, 200, {
        name: 'supabase-local',
        rest: '/rest/v1',
        auth: '/auth/v1',
        storage: '/storage/v1',
        mailbox: '/mailbox',
      });
    }
    const route = routes.find(([prefix]) => url.pathname === prefix || url.pathname.startsWith(prefix + '/'));
    if (!route) return sendJson(res, 404, { message: 'no Route matched with those values' });
    // The gateway (http/gateway.ts): open paths need no key, but a valid one still sets the role.
    const verdict = checkApiKey(req, config);
    if (!verdict.ok && !isOpenPath(url.pathname, method)) {
      const { status, body, code } = verdict.refusal;
      return sendJson(res, status, body, code ? { 'sb-error-code': code } : {});
    }
    if (verdict.ok && verdict.role) applyGatewayToken(req, config, verdict.role);
    const [prefix, handler] = route;
    const subpath = url.pathname.slice(prefix.length) || '/';
    // A write through the API may have queued a publish webhook: deliver it now.
    if (prefix === '/rest/v1' && method !== 'GET' && method !== 'HEAD') res.once('finish', () => webhooks.kick());
    withRequestScope(watchClient(req, res), () => handler(ctx, req, res, subpath, url)).catch((e: unknown) => {
      if (e instanceof ClientGoneError) return res.destroy();
      if (e instanceof PoolTimeoutError) return sendJson(res, 504, { message: e.message });
      if (e instanceof HttpError) return sendJson(res, e.status, { message: e.message });
      log(`unhandled error on ${method} ${url.pathname}: ${(e as Error).stack ?? String(e)}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;
  server.requestTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  if (config.port === 0) {
    config.port = port;
    config.publicUrl = url;
  }

  return {
    url,
    config,
    engine,
    reloadSchema: () => rest.reload(),
    webhooks,
    maintenance,
    async close() {
      await webhooks.stop();
      await maintenance?.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await engine.close();
    },
  };
}
