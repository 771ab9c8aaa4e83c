/**
 * Where e-mail links may send the browser, after GoTrue's IsRedirectURLValid / GetReferrer
 * (internal/utilities/request.go). Allowed are:
 * - URLs on the site URL's scheme and host (any port when the host is loopback);
 * - loopback IP literals (127.0.0.0/8, ::1), as GoTrue allows for native apps;
 * - entries of config.redirectAllowList. An entry without wildcards allows its origin (a bare
 *   origin entry) or every URL starting with it (an entry with a path); `*` matches within one
 *   host label or path segment and `**` matches anything, like GoTrue's globs.
 * Anything else falls back to the Referer header when that is allowed, else to the site URL.
 */
import type { IncomingMessage } from 'node:http';
import type { ServerConfig } from '../config.ts';
import { headerValue } from '../http/util.ts';

const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

function isLoopbackIp(host: string): boolean {
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host === '[::1]';
}

function isIpLiteral(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');
}

function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') {
      re += '[^./]*';
    } else if (c === '?') {
      re += '[^./]';
    } else {
      re += c.replace(/[.+^${}()|[\]\\/]/g, '\\$&');
    }
  }
  return new RegExp(`^${re}$`);
}

function matchesEntry(entry: string, candidate: string, target: URL): boolean {
  if (entry.includes('*') || entry.includes('?')) return globToRegExp(entry).test(candidate);
  let allowed: URL;
  try {
    allowed = new URL(entry);
  } catch {
    return false;
  }
  const bareOrigin = (allowed.pathname === '/' || allowed.pathname === '') && !allowed.search;
  if (bareOrigin) return allowed.origin === target.origin;
  return candidate.startsWith(entry);
}

function isRedirectAllowed(config: ServerConfig, candidate: string | null | undefined): candidate is string {
  if (!candidate) return false;
  let target: URL;
  let site: URL;
  try {
    target = new URL(candidate);
    site = new URL(config.siteUrl);
  } catch {
    return false;
  }
  const host = target.hostname;
  const loopback = host === 'localhost' || isLoopbackIp(host);
  if (host === site.hostname && target.protocol === site.protocol && (target.port === site.port || loopback)) {
    return true;
  }
  if (isIpLiteral(host)) return isLoopbackIp(host);
  const web = target.protocol === 'http:' || target.protocol === 'https:';
  if (web && !REGULAR_HOSTNAME.test(host)) return false;
  const withoutFragment = candidate.split('#')[0]!;
  return config.redirectAllowList.some((entry) => matchesEntry(entry, withoutFragment, target));
}

/** GoTrue's GetReferrer: `redirect_to` if allowed, else the Referer if allowed, else the site URL. */
export function resolveRedirect(config: ServerConfig, req: IncomingMessage, requested: string | null | undefined) {
  if (isRedirectAllowed(config, requested)) return requested;
  const referer = headerValue(req, 'referer');
  if (isRedirectAllowed(config, referer)) return referer;
  return config.siteUrl;
}

/** `base#k=v&…` with keys sorted, the way Go's url.Values.Encode writes GoTrue's fragments. */
export function withFragment(base: string, params: Record<string, string>): string {
  const q = new URLSearchParams(params);
  q.sort();
  return `${base.split('#')[0]}#${q.toString()}`;
}
