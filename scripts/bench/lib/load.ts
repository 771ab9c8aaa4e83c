/**
 * A small closed-loop load generator for `npm run bench:api`: N clients, each sending its next
 * request as soon as the previous one is answered, for a fixed time. Plain node:http with
 * keep-alive sockets, because the clients share the machine (2 cores) with the server they
 * measure and fetch costs several times more CPU per request.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface LoadRequest {
  method: 'GET' | 'POST';
  /** Path and query, e.g. `/rest/v1/articles_meta?select=id`. */
  path: string;
  headers: Record<string, string>;
  body?: string;
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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
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
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    r.on('error', (e) => resolve(e.name === 'AbortError' ? 'timeout' : 0));
    r.end(req.body);
  });
}

/**
 * Runs `clients` concurrent loops against `baseUrl` for `durationMs`; `next(i)` builds each
 * request (i counts requests across all clients). Requests still running at the end are
 * awaited, so every answer is counted.
 */
export async function runLoad(
  baseUrl: string,
  next: (i: number) => LoadRequest,
  { clients, durationMs, timeoutMs }: { clients: number; durationMs: number; timeoutMs: number },
): Promise<LoadResult> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const latencies: number[] = [];
  const errors: Record<number, number> = {};
  let timeouts = 0;
  let counter = 0;
  const started = performance.now();
  const end = started + durationMs;
  const loop = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      const status = await send(agent, base, next(counter++), timeoutMs);
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
