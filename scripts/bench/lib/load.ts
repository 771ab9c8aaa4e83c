/**
 * A small closed-loop load generator for `npm run bench:api`: N clients, each sending its next
 * request as soon as the previous one is answered, for a fixed time. Plain node:http with
 * keep-alive sockets, because the clients share the machine (2 cores) with the server they
 * measure and fetch costs several times more CPU per request.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from './proc.ts';

export interface LoadRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path and query, e.g. `/rest/v1/articles_meta?select=id`. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * Called with the answer's status and body (0 and '' when the request failed at network level
   * or timed out: its outcome is unknown). Set it to track writes; without it the body is skipped.
   */
  onAnswer?: (status: number, body: string) => void;
}

export interface LoadResult {
  clients: number;
  /** Answers with a 2xx status, per second of the run. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  /** Answers with any other status, by status. */
  errors: Record<number, number>;
  /** Requests the client gave up on after `timeoutMs` (it then disconnects). */
  timeouts: number;
}

function send(agent: http.Agent, base: URL, req: LoadRequest, timeoutMs: number): Promise<number | 'timeout'> {
  return new Promise((resolve) => {
    const r = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.path,
        headers: req.body ? { ...req.headers, 'Content-Length': Buffer.byteLength(req.body) } : req.headers,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        if (req.onAnswer) res.on('data', (d: Buffer) => chunks.push(d));
        else res.resume();
        res.on('end', () => {
          req.onAnswer?.(res.statusCode ?? 0, Buffer.concat(chunks).toString());
          resolve(res.statusCode ?? 0);
        });
        res.on('error', () => {
          req.onAnswer?.(0, '');
          resolve(0);
        });
      },
    );
    r.on('error', (e) => {
      req.onAnswer?.(0, '');
      resolve(e.name === 'AbortError' ? 'timeout' : 0);
    });
    r.end(req.body);
  });
}

/**
 * Runs `clients` concurrent loops against `baseUrl` for `durationMs` (or until `signal` aborts);
 * `next(i, client)` builds each request (i counts requests across all clients, client is the
 * loop's index, 0 … clients-1, so a loop can act as one user). Requests still running at the
 * end are awaited, so every answer is counted.
 */
export async function runLoad(
  baseUrl: string,
  next: (i: number, client: number) => LoadRequest,
  {
    clients,
    durationMs,
    timeoutMs,
    signal,
  }: { clients: number; durationMs: number; timeoutMs: number; signal?: AbortSignal },
): Promise<LoadResult> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const latencies: number[] = [];
  const errors: Record<number, number> = {};
  let timeouts = 0;
  let counter = 0;
  const started = performance.now();
  const end = started + durationMs;
  const loop = async (_: unknown, client: number) => {
    while (performance.now() < end && !signal?.aborted) {
      const t = performance.now();
      const status = await send(agent, base, next(counter++, client), timeoutMs);
      if (status === 'timeout') timeouts += 1;
      else if (status >= 200 && status < 300) latencies.push(performance.now() - t);
      else errors[status] = (errors[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    clients,
    rps: latencies.length / elapsed,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    ok: latencies.length,
    errors,
    timeouts,
  };
}
