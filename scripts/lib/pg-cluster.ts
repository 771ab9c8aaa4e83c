/**
 * A throw-away PostgreSQL 15 cluster: the integration suite's "real server" run, the benchmarks
 * and the type generator start one.
 * Root may not run postgres, so the cluster belongs to the `postgres` system user.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function asPostgres(cmd: string, args: string[]): string[] {
  return process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', cmd, ...args] : [cmd, ...args];
}

export interface PgCluster {
  url: string;
  stop(): Promise<void>;
}

export async function startPgCluster(): Promise<PgCluster> {
  if (!fs.existsSync(path.join(BIN, 'postgres'))) {
    throw new Error(`PostgreSQL binaries not found in ${BIN} (apt-get install postgresql-15, or set PG_BIN)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-test-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const run = (cmd: string, args: string[]) => {
    const [bin, ...rest] = asPostgres(path.join(BIN, cmd), args);
    execFileSync(bin!, rest, { stdio: 'pipe' });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  const [bin, ...args] = asPostgres(path.join(BIN, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-h',
    '127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=50',
  ]);
  const child = spawn(bin!, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ready = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ready && /ready to accept connections/.test(stderr)) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`postgres did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      // runuser ignores SIGINT, so signal the postmaster itself (its pid heads postmaster.pid):
      // SIGINT is PostgreSQL's fast shutdown.
      const pid = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const exited = new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        child.kill('SIGTERM');
      }
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
