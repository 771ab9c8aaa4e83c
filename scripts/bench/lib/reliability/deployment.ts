/**
 * The server under test in the fault and load scenario (scenario.ts): the local server in its own
 * process (../api-target.ts), so it can be SIGKILLed, over a database that outlives it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../../supabase/local/config.ts';
import { startPgCluster, type PgCluster } from '../../../lib/pg-cluster.ts';
import { startServerProcess, stopProcess, type ServerProcess } from '../api-target.ts';

export type Engine = 'pglite' | 'postgres';

/** A local server in its own process over a database that outlives it (restarts). */
export interface Deployment {
  engine: Engine;
  url: string;
  publishableKey: string;
  secretKey: string;
  /** The PostgreSQL cluster's URL (engine 'postgres'), else null. */
  databaseUrl: string | null;
  /** The server process now running. */
  server: ServerProcess;
  /** SIGKILL: no shutdown, no flush; resolves when the process is gone. */
  kill(): Promise<void>;
  /** Starts the server again on the same data (after kill()). */
  restart(): Promise<void>;
  /** Stops the server and the PostgreSQL cluster and removes the data. */
  stop(): Promise<void>;
}

const SERVER_ENV = { BCRYPT_COST: '4', EMAIL_MIN_INTERVAL: '0' };

/**
 * PGlite in a data folder on disk, or a throw-away PostgreSQL 15 cluster (pg-cluster.ts) that
 * keeps running while the API server is killed.
 */
export async function deploy(engine: Engine): Promise<Deployment> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `reliability-${engine}-`));
  let cluster: PgCluster | undefined;
  try {
    if (engine === 'postgres') cluster = await startPgCluster();
    const start = () => startServerProcess(dataDir, cluster?.url, { port: 0, env: SERVER_ENV });
    let server = await start();
    const config = loadConfig();
    const deployment: Deployment = {
      engine,
      get url() {
        return server.url;
      },
      publishableKey: config.publishableKey,
      secretKey: config.secretKey,
      databaseUrl: cluster?.url ?? null,
      get server() {
        return server;
      },
      async kill() {
        if (server.child.exitCode !== null || server.child.signalCode !== null) return;
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGKILL');
        await exited;
      },
      async restart() {
        server = await start();
      },
      async stop() {
        await stopProcess(server.child);
        await cluster?.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
    return deployment;
  } catch (e) {
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}
