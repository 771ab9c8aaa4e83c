/**
 * Sign-in brute-force throttle: failed password grants are counted per (e-mail, client IP) in a
 * sliding window; once `signInFailureLimit` failures are reached, every password grant for that
 * pair is answered 429 `over_request_rate_limit` until the oldest failure leaves the window, even
 * with the right password (a guesser learns nothing from the answer). Hosted GoTrue limits
 * /token per IP (`RATE_LIMIT_TOKEN_REFRESH`); counting failures per address as well keeps one
 * attacker IP from guessing one account's password while honest repeated sign-ins (test suites,
 * several tabs) are never slowed. 0 turns it off.
 */
import type { IncomingMessage } from 'node:http';
import type { ServerConfig } from '../config.ts';
import { AuthError } from './errors.ts';

const failures = new WeakMap<ServerConfig, Map<string, number[]>>();

function keyFor(req: IncomingMessage, email: string): string {
  // The socket address, never X-Forwarded-For: a client could set that header to anything.
  return `${email.trim().toLowerCase()}|${req.socket.remoteAddress ?? ''}`;
}

function recent(config: ServerConfig, key: string, now: number): number[] {
  let table = failures.get(config);
  if (!table) failures.set(config, (table = new Map()));
  const windowMs = config.signInFailureWindowSeconds * 1000;
  const kept = (table.get(key) ?? []).filter((t) => now - t < windowMs);
  if (kept.length) table.set(key, kept);
  else table.delete(key);
  return kept;
}

export function assertNotThrottled(config: ServerConfig, req: IncomingMessage, email: string): void {
  if (config.signInFailureLimit <= 0) return;
  if (recent(config, keyFor(req, email), Date.now()).length >= config.signInFailureLimit) {
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
}

export function recordFailure(config: ServerConfig, req: IncomingMessage, email: string): void {
  if (config.signInFailureLimit <= 0) return;
  const now = Date.now();
  const key = keyFor(req, email);
  const list = recent(config, key, now);
  list.push(now);
  failures.get(config)!.set(key, list);
}
