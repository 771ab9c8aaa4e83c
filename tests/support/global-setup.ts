/**
 * Starts one local server for the whole integration project: in-memory PGlite by default, a
 * temporary PostgreSQL 15 cluster when TEST_ENGINE=postgres. App migrations run as at `npm
 * start`, then the demo seed; the fidelity fixture schema (tests/fixtures/migrations) is applied
 * on top.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../supabase/local/config.ts';
import type { SigningJwk } from '../../supabase/local/auth/signing-keys.ts';
import { startLocalServer } from '../../supabase/local/server.ts';
import { migrate } from '../../supabase/local/db/migrate.ts';
import { startPgCluster } from '../../scripts/lib/pg-cluster.ts';
import { seedIfEmpty } from '../../scripts/seed/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    /** The publishable key (anon) and the secret key (service_role): what clients.ts uses. */
    publishableKey: string;
    secretKey: string;
    /** The legacy JWT keys, still accepted by default. */
    anonKey: string;
    serviceRoleKey: string;
    jwtSecret: string;
    /** The ES256 signing key (private, a JWK): tests that mint ES256 tokens as the server would. */
    signingKey: SigningJwk;
    engineKind: string;
    /** How many requests the server's engine runs at once (PGlite 1, PostgreSQL the pool). */
    dbConnections: number;
    dataDir: string;
    /** The throw-away PostgreSQL cluster's URL in the PostgreSQL run; '' on PGlite. */
    clusterUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = process.env.TEST_ENGINE === 'postgres' ? await startPgCluster() : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'supabase-local-test-'));
  const config = loadConfig({
    port: 0,
    inMemory: !cluster,
    databaseUrl: cluster?.url,
    dataDir,
    emailMinInterval: 0,
    bcryptCost: 4,
    // Small enough that the oversized-body tests stay cheap.
    maxBodyBytes: 1024 * 1024,
  });
  const server = await startLocalServer(config);
  // The same demo content `npm start` installs: spec-level tests read and write it.
  await seedIfEmpty(server);
  await migrate(server.engine, path.resolve(import.meta.dirname, '../fixtures/migrations'));
  await server.reloadSchema();
  project.provide('apiUrl', server.url);
  project.provide('publishableKey', config.publishableKey);
  project.provide('secretKey', config.secretKey);
  project.provide('anonKey', config.anonKey);
  project.provide('serviceRoleKey', config.serviceRoleKey);
  project.provide('jwtSecret', config.jwtSecret);
  project.provide('signingKey', config.signingKey);
  project.provide('engineKind', server.engine.kind);
  project.provide('dbConnections', server.engine.kind === 'pglite' ? 1 : config.dbPool);
  project.provide('dataDir', dataDir);
  project.provide('clusterUrl', cluster?.url ?? '');
  return async () => {
    await server.close();
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
