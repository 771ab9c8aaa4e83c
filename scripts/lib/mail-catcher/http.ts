/**
 * The mail catcher's HTTP mailbox (scripts/lib/mail-catcher.ts), a JSON API on 127.0.0.1 that
 * answers only requests whose Host is this machine, so a web page cannot read the caught sign-in
 * links through DNS rebinding:
 *
 *   GET    /api/messages?to=addr   summaries, newest first: [{id, from, to, subject, date, size}]
 *   GET    /api/messages/:id       one message: its headers, text and html parts
 *   DELETE /api/messages           empties the store
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HOST, summary, type CaughtMessage } from './message.ts';

/** The catcher's store, as the mailbox reads and empties it. */
interface Mailbox {
  messages(filter: { to?: string }): CaughtMessage[];
  message(id: string): CaughtMessage | undefined;
  clear(): void;
}

const isLocalHostHeader = (host: string | undefined, port: number) =>
  host === `${HOST}:${port}` || host === `localhost:${port}`;

/** Listens on `httpPort` (0 = any free port); the server and its origin. */
export async function startMailboxHttp(httpPort: number, mailbox: Mailbox) {
  const httpServer: http.Server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const port = (httpServer.address() as AddressInfo).port;
    if (!isLocalHostHeader(req.headers.host, port)) return send(403, { message: 'Forbidden host' });
    const url = new URL(req.url ?? '/', `http://${HOST}:${port}`);
    const method = req.method ?? 'GET';
    if (url.pathname === '/api/messages') {
      if (method === 'GET')
        return send(200, mailbox.messages({ to: url.searchParams.get('to') ?? undefined }).map(summary));
      if (method === 'DELETE') {
        mailbox.clear();
        return send(204, undefined);
      }
      return send(405, { message: 'Method not allowed' });
    }
    const one = /^\/api\/messages\/(\d+)$/.exec(url.pathname);
    if (one) {
      if (method !== 'GET') return send(405, { message: 'Method not allowed' });
      const m = mailbox.message(one[1]!);
      return m ? send(200, m) : send(404, { message: 'No such message' });
    }
    send(404, { message: 'Not found' });
  });
  const server = httpServer;
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(httpPort, HOST, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
  return { httpServer, httpUrl: `http://${HOST}:${port}` };
}
