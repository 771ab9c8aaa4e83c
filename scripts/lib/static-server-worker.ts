/** The worker side of static-server-thread.ts: runs startStaticServer and relays its events. */
import { parentPort, workerData } from 'node:worker_threads';
import { startStaticServer, type StaticServerOptions } from './static-server.ts';

const port = parentPort!;
const { log, ...options } = workerData as Omit<StaticServerOptions, 'log'> & { log: boolean };
try {
  const server = await startStaticServer({
    ...options,
    log: log ? (line) => port.postMessage({ type: 'log', line }) : undefined,
  });
  port.on('message', (message) => {
    if (message === 'close') void server.close().then(() => port.postMessage({ type: 'closed' }));
  });
  port.postMessage({ type: 'ready', url: server.url, port: server.port });
} catch (e) {
  const err = e as NodeJS.ErrnoException & { port?: number };
  port.postMessage({ type: 'error', message: err.message, code: err.code, port: err.port });
}
