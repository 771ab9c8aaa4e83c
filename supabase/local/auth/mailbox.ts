/**
 * The local mailbox: where the auth server's e-mails land instead of SMTP (the role Inbucket /
 * Mailpit plays in the Supabase CLI stack), and every message the local SMTP catcher receives
 * (`storeCaughtMail`: the newsletter sender's mail, auth mail with LOCAL_SMTP=1), those with
 * their headers, plain-text part and raw source.
 *
 *   GET /mailbox                   an HTML page of every mail, newest first (?to= filters)
 *   GET /mailbox/messages?to=addr  the same as JSON: [{id, recipient, subject, kind, link, html,
 *                                  created_at, headers, text, raw}] (the last three null but for
 *                                  caught mail)
 *
 * The page escapes everything it prints. Each mail body is shown in a sandboxed iframe (srcdoc,
 * no scripts) so its own styling cannot leak into the page; its links open in a new tab that is
 * not sandboxed, and the mail's main link is repeated on the card as a plain link.
 */
import type { Queryable } from '../db/engine.ts';
import type { Handler } from '../http/context.ts';
import { escapeHtml, send, sendJson } from '../http/util.ts';

export interface OutgoingMail {
  recipient: string;
  subject: string;
  kind: string;
  html: string;
  link: string | null;
}

/** Stores a mail in the mailbox, inside the caller's transaction (no mail for rolled-back work). */
export async function deliverMail(tx: Queryable, mail: OutgoingMail): Promise<void> {
  await tx.query('insert into _local.mail (recipient, subject, kind, html, link) values ($1, $2, $3, $4, $5)', [
    mail.recipient,
    mail.subject,
    mail.kind,
    mail.html,
    mail.link,
  ]);
}

/** A message the SMTP catcher received, for one of its envelope recipients. */
export interface CaughtMail {
  recipient: string;
  subject: string;
  html: string | null;
  text: string;
  headers: Record<string, string>;
  raw: string;
}

/** Stores a caught SMTP message (kind 'smtp'), one row per envelope recipient. */
export async function storeCaughtMail(db: Queryable, mail: CaughtMail): Promise<void> {
  await db.query(
    `insert into _local.mail (recipient, subject, kind, html, link, headers, text_body, raw)
     values ($1, $2, 'smtp', $3, null, $4::jsonb, $5, $6)`,
    [mail.recipient, mail.subject, mail.html ?? '', JSON.stringify(mail.headers), mail.text, mail.raw],
  );
}

interface StoredMail {
  id: string;
  recipient: string;
  subject: string;
  kind: string;
  html: string;
  link: string | null;
  created_at: string;
  headers: Record<string, string> | null;
  text: string | null;
  raw: string | null;
}

const PAGE_LIMIT = 200;

async function listMail(db: Queryable, to: string | null): Promise<StoredMail[]> {
  const r = await db.query<StoredMail>(
    `select id::text, recipient, subject, kind, html, link, headers, text_body as text, raw,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from _local.mail where $1::text is null or lower(recipient) = lower($1)
      order by created_at desc, id desc limit ${PAGE_LIMIT}`,
    [to],
  );
  // jsonb comes back parsed or as text, depending on the engine.
  return r.rows.map((m) => ({
    ...m,
    headers: typeof m.headers === 'string' ? (JSON.parse(m.headers) as Record<string, string>) : m.headers,
  }));
}

/** Links in a mail body open in a new, unsandboxed tab (the app must run its scripts there). */
function framedBody(html: string): string {
  return html.replace(/<head>/i, '<head><base target="_blank">');
}

/** Caught mail: its plain-text part, headers and raw source, each folded away. */
function caughtParts(m: StoredMail): string {
  if (m.raw === null) return '';
  const headers = Object.entries(m.headers ?? {})
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('');
  return `<details><summary>Plain text</summary><pre>${escapeHtml(m.text ?? '')}</pre></details>
  <details><summary>Headers</summary><dl class="headers">${headers}</dl></details>
  <details><summary>Raw source</summary><pre>${escapeHtml(m.raw)}</pre></details>`;
}

function card(m: StoredMail): string {
  const link = m.link
    ? `<p class="link"><a href="${escapeHtml(m.link)}" rel="noreferrer">Follow the link in this mail</a></p>`
    : '';
  return `<article class="mail" id="mail-${escapeHtml(m.id)}">
  <header>
    <h2>${escapeHtml(m.subject)}</h2>
    <dl>
      <dt>To</dt><dd class="to">${escapeHtml(m.recipient)}</dd>
      <dt>Sent</dt><dd><time datetime="${escapeHtml(m.created_at)}">${escapeHtml(m.created_at.replace('T', ' ').replace('Z', ' UTC'))}</time></dd>
      <dt>Kind</dt><dd>${escapeHtml(m.kind)}</dd>
    </dl>
  </header>
  ${link}
  ${m.html ? `<iframe title="Body of: ${escapeHtml(m.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(framedBody(m.html))}"></iframe>` : ''}
  ${caughtParts(m)}
</article>`;
}

const STYLE = `
:root { color-scheme: dark; }
body { margin: 0; background: #111513; color: #e6ece8; font: 16px/1.5 system-ui, sans-serif; }
main { max-width: 760px; margin: 0 auto; padding: 24px 16px 48px; }
h1 { font-size: 1.6rem; margin: 0 0 4px; }
.hint { color: #a9b7ae; margin: 0 0 24px; }
a { color: #7fd6a0; }
form { display: flex; gap: 8px; margin-bottom: 24px; }
input { flex: 1; padding: 8px; border-radius: 6px; border: 1px solid #3a463f; background: #1b211e; color: inherit; }
button { padding: 8px 14px; border-radius: 6px; border: 0; background: #2f8f55; color: #fff; font-weight: 600; }
.mail { background: #1b211e; border: 1px solid #2c3631; border-radius: 10px; padding: 16px; margin-bottom: 20px; }
.mail h2 { font-size: 1.15rem; margin: 0 0 8px; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 0 0 8px; color: #c3cec7; font-size: .9rem; }
dt { color: #8d9b93; }
dd { margin: 0; word-break: break-all; }
.link { margin: 8px 0 12px; font-weight: 600; }
iframe { width: 100%; height: 460px; border: 0; border-radius: 8px; background: #f4f6f4; }
.empty { color: #a9b7ae; }
details { margin-top: 8px; }
summary { cursor: pointer; color: #c3cec7; }
pre { white-space: pre-wrap; word-break: break-all; background: #111513; padding: 8px; border-radius: 6px; font-size: .8rem; max-height: 400px; overflow: auto; }
.headers { font-size: .8rem; }
`;

function page(mails: StoredMail[], to: string | null): string {
  const body = mails.length ? mails.map(card).join('\n') : '<p class="empty">No mail yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Local mailbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <h1>Local mailbox</h1>
  <p class="hint">E-mails sent by the local auth server and caught by the local SMTP catcher, newest first. <a href="/mailbox">Refresh</a></p>
  <form method="get" action="/mailbox">
    <input type="email" name="to" placeholder="Filter by recipient" value="${escapeHtml(to ?? '')}" aria-label="Recipient">
    <button type="submit">Filter</button>
  </form>
  ${body}
</main>
</body>
</html>`;
}

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  // No scripts anywhere; the framed mail bodies inherit this policy. `frame-src about:` lets
  // the srcdoc frames load (Chromium applies frame-src to about:srcdoc).
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src about:; form-action 'self'",
};

export const handleMailbox: Handler = async (ctx, req, res, subpath, url) => {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') return sendJson(res, 405, { message: 'Method not allowed' });
  const to = url.searchParams.get('to') || null;
  if (subpath === '/' || subpath === '') {
    return send(res, 200, page(await listMail(ctx.engine, to), to), PAGE_HEADERS);
  }
  if (subpath === '/messages') {
    const mails = await listMail(ctx.engine, to);
    return sendJson(
      res,
      200,
      mails.map((m) => ({ ...m, id: Number(m.id) })),
      { 'Cache-Control': 'no-store' },
    );
  }
  sendJson(res, 404, { message: 'Not found' });
};
