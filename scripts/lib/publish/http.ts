/**
 * The publish worker's HTTP surface (scripts/lib/publish/worker.ts):
 *
 * - `POST /webhook` with `Authorization: Bearer <secret>` (or `x-webhook-secret`; constant-time
 *   compare, 401 otherwise): 202, and the change is handed to `webhook(reason)`, the reason read
 *   from the payload's `type` and `table` when it has them.
 * - `GET /status`: `status(withSecret)`, so the failure's log tail is shown only with the secret.
 *   CORS-open so the dashboard can show an article's publish state.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

export interface WorkerHttpOptions {
  /** Shared with the database webhook. */
  secret: string;
  status: (withSecret: boolean) => unknown;
  /** Takes a change in; answers what the webhook's 202 body reports. */
  webhook: (reason: string) => object;
}

export interface WorkerHttp {
  /** The port it listens on (after listen()). */
  readonly port: number | undefined;
  handle(req: http.IncomingMessage, res: http.ServerResponse): void;
  listen(port: number, host: string): Promise<number>;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

/** Constant-time comparison of a presented secret with the expected one. */
function secretMatches(presented: string | undefined, expected: string): boolean {
  if (!presented || !expected) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function bearer(req: http.IncomingMessage): string | undefined {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  const header = req.headers['x-webhook-secret'];
  return typeof header === 'string' ? header : undefined;
}

function send(res: http.ServerResponse, code: number, body: unknown): void {
  res.writeHead(code, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'authorization, content-type',
  });
  res.end(JSON.stringify(body));
}

/** A webhook's reason: `<type> <table>` from its JSON payload, else just "webhook". */
function webhookReason(body: Buffer): string {
  try {
    const payload = JSON.parse(body.toString() || '{}') as { type?: string; table?: string };
    if (payload.table) return `${payload.type ?? 'change'} ${payload.table}`;
  } catch {
    // A webhook without a JSON body still means "something changed".
  }
  return 'webhook';
}

export function createWorkerHttp(options: WorkerHttpOptions): WorkerHttp {
  let server: http.Server | undefined;

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://worker');
    if (req.method === 'OPTIONS') return send(res, 204, null);
    if (url.pathname === '/status' && (req.method === 'GET' || req.method === 'HEAD')) {
      return send(res, 200, options.status(secretMatches(bearer(req), options.secret)));
    }
    if (url.pathname === '/webhook' && req.method === 'POST') {
      if (!secretMatches(bearer(req), options.secret)) {
        req.resume();
        return send(res, 401, { error: 'invalid or missing webhook secret' });
      }
      let size = 0;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_BODY) chunks.push(c);
      });
      req.on('end', () => {
        const answer = options.webhook(webhookReason(Buffer.concat(chunks)));
        send(res, 202, { accepted: true, ...answer });
      });
      return;
    }
    send(res, 404, { error: 'not found' });
  }

  return {
    get port() {
      const address = server?.address();
      return typeof address === 'object' && address ? address.port : undefined;
    },
    handle,
    async listen(port, host) {
      const listening = http.createServer(handle);
      server = listening;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => resolve());
      });
      return (listening.address() as { port: number }).port;
    },
    async close() {
      const open = server;
      if (!open) return;
      await new Promise<void>((resolve) => {
        open.close(() => resolve());
        open.closeAllConnections();
      });
    },
  };
}
