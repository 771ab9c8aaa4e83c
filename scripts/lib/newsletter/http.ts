/**
 * The sender's HTTP surface (issue 30):
 *
 * - `GET /unsubscribe?s=<id>&t=<token>`: the link in every mail. Checks the signed token,
 *   unsubscribes the address at once and says so on a page; no login.
 * - `POST /unsubscribe?s=<id>&t=<token>` (body `List-Unsubscribe=One-Click`): RFC 8058's
 *   one-click unsubscribe, as mail clients send it from the List-Unsubscribe header. The same.
 * - `GET /status`: the sender's counters (no addresses).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UNSUBSCRIBE_PAGE } from '../../../src/lib/messages/newsletter.ts';
import { SITE_NAME } from '../../../src/lib/site.ts';
import type { NewsletterSender } from './sender.ts';
import { verifyUnsubscribeToken } from './token.ts';

export interface SenderHttpOptions {
  sender: NewsletterSender;
  unsubscribeSecret: string;
  siteUrl: string;
  log?: (line: string) => void;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, heading: string, lines: string[], siteUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(`${title} · ${SITE_NAME}`)}</title>
<style>
body { margin: 0; background: #f4f6f4; color: #1c2420; font: 17px/1.5 -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif; }
main { max-width: 560px; margin: 10vh auto; padding: 32px 24px; background: #fff; border-radius: 12px; }
h1 { color: #14532d; font-size: 1.6rem; margin: 0 0 12px; }
a { color: #15803d; font-weight: 600; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(siteUrl)}">${escapeHtml(UNSUBSCRIBE_PAGE.backToSite)}</a></p>
</main>
</body>
</html>`;
}

function send(res: http.ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8'): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(body);
}

type UnsubscribeOutcome = 'done' | 'already' | 'invalid' | 'test';

/** Checks the token and unsubscribes: what the page says. */
async function unsubscribeByLink(
  sender: NewsletterSender,
  secret: string,
  params: URLSearchParams,
): Promise<UnsubscribeOutcome> {
  if (params.get('test') === '1') return 'test';
  const id = Number(params.get('s'));
  const token = params.get('t') ?? '';
  if (!Number.isSafeInteger(id) || id <= 0 || !token) return 'invalid';
  const subscriber = await sender.api.subscriberEmail(id);
  if (!subscriber || !verifyUnsubscribeToken(secret, id, subscriber.email, token)) return 'invalid';
  if (subscriber.status !== 'active') return 'already';
  return (await sender.api.unsubscribe(id, subscriber.email)) ? 'done' : 'already';
}

export function createSenderHttp(options: SenderHttpOptions): {
  listen(port: number, host: string): Promise<number>;
  close(): Promise<void>;
} {
  const { sender, siteUrl } = options;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sender');
    const method = req.method ?? 'GET';
    if (url.pathname === '/status' && (method === 'GET' || method === 'HEAD')) {
      return send(res, 200, JSON.stringify(sender.stats()), 'application/json');
    }
    if (url.pathname !== '/unsubscribe') return send(res, 404, page('Not found', 'Not found', [], siteUrl));
    if (method !== 'GET' && method !== 'POST' && method !== 'HEAD') {
      res.setHeader('allow', 'GET, POST');
      return send(res, 405, page('Not allowed', 'Not allowed', [], siteUrl));
    }
    // HEAD (link checkers) changes nothing.
    if (method === 'HEAD') return send(res, 200, '');
    req.resume();
    unsubscribeByLink(sender, options.unsubscribeSecret, url.searchParams).then(
      (outcome) => {
        if (outcome === 'invalid') {
          return send(
            res,
            400,
            page(UNSUBSCRIBE_PAGE.invalidTitle, UNSUBSCRIBE_PAGE.invalidTitle, [UNSUBSCRIBE_PAGE.invalid], siteUrl),
          );
        }
        const lines =
          outcome === 'test'
            ? [UNSUBSCRIBE_PAGE.test]
            : [outcome === 'done' ? UNSUBSCRIBE_PAGE.doneBody : UNSUBSCRIBE_PAGE.already, UNSUBSCRIBE_PAGE.resubscribe];
        send(res, 200, page(UNSUBSCRIBE_PAGE.title, UNSUBSCRIBE_PAGE.done, lines, siteUrl));
      },
      (e: unknown) => {
        options.log?.(`newsletter: unsubscribe failed: ${String((e as Error).message ?? e)}`);
        send(
          res,
          503,
          page(UNSUBSCRIBE_PAGE.failedTitle, UNSUBSCRIBE_PAGE.failedTitle, [UNSUBSCRIBE_PAGE.failed], siteUrl),
        );
      },
    );
  });
  return {
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve((server.address() as AddressInfo).port);
        });
      });
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
