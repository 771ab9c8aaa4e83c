/**
 * The static host on its own thread. `npm start` runs the embedded Postgres (PGlite, WebAssembly)
 * on the main thread, where opening a large database or answering the build's data load holds
 * the event loop for seconds; a host on that loop would stall every reader meanwhile, exactly
 * while a restart is supposed to keep the previous build served. On a worker thread it answers
 * whatever the main thread is doing.
 */
import { Worker } from 'node:worker_threads';
import type { StaticServer, StaticServerOptions } from './static-server.ts';

/** The serialisable part of the options (a log callback cannot cross threads; lines come back). */
export type ThreadedStaticServerOptions = Omit<StaticServerOptions, 'log'> & { log?: (line: string) => void };

type FromWorker =
  | { type: 'ready'; url: string; port: number }
  | { type: 'error'; message: string; code?: string; port?: number }
  | { type: 'log'; line: string }
  | { type: 'closed' };

export async function startStaticServerThread(options: ThreadedStaticServerOptions): Promise<StaticServer> {
  const { log, ...serialisable } = options;
  const worker = new Worker(new URL('./static-server-worker.ts', import.meta.url), {
    workerData: { ...serialisable, log: Boolean(log) },
  });
  let closed: (() => void) | undefined;
  const ready = new Promise<{ url: string; port: number }>((resolve, reject) => {
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'ready') resolve(message);
      else if (message.type === 'log') log?.(message.line);
      else if (message.type === 'closed') closed?.();
      else if (message.type === 'error') {
        // Keeps what callers test for, e.g. EADDRINUSE with its port.
        reject(Object.assign(new Error(message.message), { code: message.code, port: message.port }));
      }
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`static server thread exited (${code})`)));
  });
  const { url, port } = await ready.catch(async (e: unknown) => {
    await worker.terminate();
    throw e;
  });
  let exited = false;
  worker.once('exit', () => {
    exited = true;
    closed?.();
  });
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        closed = () => void worker.terminate().then(() => resolve());
        // A thread that already died has nothing left to close.
        if (exited) closed();
        else worker.postMessage('close');
      }),
  };
}
