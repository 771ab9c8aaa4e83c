/**
 * A local SMTP mail catcher, the role Inbucket / Mailpit play in the Supabase CLI stack: it
 * accepts every message sent to it on 127.0.0.1 (smtp-server), parses it (mailparser), keeps the
 * newest `maxMessages` in memory (and, when `dir` is set, as .eml files there) and shows them:
 *
 *   GET    /api/messages?to=addr   summaries, newest first: [{id, from, to, subject, date, size}]
 *   GET    /api/messages/:id       one message: its headers, text and html parts
 *   DELETE /api/messages           empties the store
 *
 * Tests use the functions: `waitForMessage({ to, subject })` resolves as soon as a matching
 * message is in the store (it is woken by each arrival, no polling interval).
 *
 * Loopback only: both listeners bind 127.0.0.1, and the HTTP API answers only requests whose
 * Host is this machine, so a web page cannot read the caught sign-in links through DNS
 * rebinding. No STARTTLS (nothing leaves the machine); AUTH is accepted in clear text, any
 * credentials unless `credentials` are given. Messages above `maxMessageBytes` are refused (552).
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

const HOST = '127.0.0.1';

export interface MailCatcherOptions {
  /** SMTP port; 0 (default) = any free port. */
  smtpPort?: number;
  /** HTTP API port; 0 (default) = any free port; null = no HTTP API. */
  httpPort?: number | null;
  /** Also keep each message as `<received>-<id>.eml` here (the same bound applies). */
  dir?: string;
  /** Messages kept; the oldest go first (default 500). */
  maxMessages?: number;
  /** Largest message accepted, in bytes (default 1 MiB). */
  maxMessageBytes?: number;
  /** When set, the SMTP server requires AUTH with exactly these credentials. */
  credentials?: { user: string; pass: string };
  /**
   * Called with each parsed message and its raw bytes before the catcher answers 250 (`npm start`
   * stores it in the local mailbox). If it rejects, the client gets 451, a temporary failure.
   */
  onMessage?: (message: CaughtMessage, raw: Buffer) => Promise<void> | void;
  /** Keep no messages in memory (a sink in `onMessage` has them): for long benchmark runs. */
  keepNone?: boolean;
}

interface CaughtAddress {
  name: string;
  address: string;
}

export interface CaughtMessage {
  id: string;
  receivedAt: string;
  /** The SMTP envelope: MAIL FROM and RCPT TO (lower-cased). */
  envelope: { from: string | null; to: string[] };
  /** The user the client authenticated as, if it did. */
  authUser: string | null;
  from: CaughtAddress | null;
  to: CaughtAddress[];
  subject: string;
  date: string | null;
  messageId: string | null;
  /** Every header by lower-case name (repeated headers joined by a newline), unfolded. */
  headers: Record<string, string>;
  text: string;
  html: string | null;
  /** Size of the raw message in bytes. */
  size: number;
}

interface MessageSummary {
  id: string;
  receivedAt: string;
  from: CaughtAddress | null;
  to: CaughtAddress[];
  subject: string;
  date: string | null;
  size: number;
}

interface WaitOptions {
  /** A recipient (envelope or To header), case-insensitive. */
  to?: string;
  subject?: string | RegExp;
  /** Only messages that arrived after the one with this id. */
  after?: string;
  /** How long to wait for it (default 10 s). */
  timeoutMs?: number;
}

export interface MailCatcher {
  readonly smtpPort: number;
  /** The HTTP API's origin, or null without one. */
  readonly httpUrl: string | null;
  /** Messages accepted so far (also those not kept: `keepNone`). */
  readonly received: number;
  /** Messages, newest first, optionally for one recipient. */
  messages(filter?: { to?: string }): CaughtMessage[];
  message(id: string): CaughtMessage | undefined;
  clear(): void;
  /** The newest message matching `options`, waiting for one to arrive when there is none yet. */
  waitForMessage(options: WaitOptions): Promise<CaughtMessage>;
  close(): Promise<void>;
}

function addresses(value: AddressObject | AddressObject[] | undefined): CaughtAddress[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((o) =>
    o.value.flatMap((a) =>
      (a.group ?? [a]).filter((x) => x.address).map((x) => ({ name: x.name, address: x.address! })),
    ),
  );
}

function recipients(m: CaughtMessage): string[] {
  return [...m.envelope.to, ...m.to.map((a) => a.address.toLowerCase())];
}

function matches(m: CaughtMessage, o: WaitOptions): boolean {
  if (o.to && !recipients(m).includes(o.to.toLowerCase())) return false;
  if (typeof o.subject === 'string' && m.subject !== o.subject) return false;
  if (o.subject instanceof RegExp && !o.subject.test(m.subject)) return false;
  if (o.after !== undefined && Number(m.id) <= Number(o.after)) return false;
  return true;
}

function summary(m: CaughtMessage): MessageSummary {
  return { id: m.id, receivedAt: m.receivedAt, from: m.from, to: m.to, subject: m.subject, date: m.date, size: m.size };
}

/** Header lines as `name → value`, folded lines joined (RFC 5322 unfolding). */
function headerMap(lines: readonly { key: string; line: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, line } of lines) {
    const value = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    out[key] = key in out ? `${out[key]}\n${value}` : value;
  }
  return out;
}

const isLocalHostHeader = (host: string | undefined, port: number) =>
  host === `${HOST}:${port}` || host === `localhost:${port}`;

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const maxMessages = options.maxMessages ?? 500;
  const maxBytes = options.maxMessageBytes ?? 1024 * 1024;
  const dir = options.dir;
  if (dir) fs.mkdirSync(dir, { recursive: true });

  const store: CaughtMessage[] = [];
  const files = new Map<string, string>();
  const arrivals = new EventEmitter();
  arrivals.setMaxListeners(0);
  let nextId = 1;
  let received = 0;
  let closed = false;

  function keep(m: CaughtMessage, raw: Buffer): void {
    received += 1;
    store.push(m);
    if (dir) {
      const file = path.join(dir, `${m.receivedAt.replace(/[:.]/g, '-')}-${m.id}.eml`);
      fs.writeFileSync(file, raw);
      files.set(m.id, file);
    }
    while (store.length > maxMessages) drop(store.shift()!);
    arrivals.emit('message', m);
  }

  function drop(m: CaughtMessage): void {
    const file = files.get(m.id);
    if (!file) return;
    files.delete(m.id);
    fs.rmSync(file, { force: true });
  }

  async function onData(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    }
    if (stream.sizeExceeded || size > maxBytes) {
      throw Object.assign(new Error('Message exceeds the fixed maximum message size'), { responseCode: 552 });
    }
    const raw = Buffer.concat(chunks);
    const parsed = await simpleParser(raw);
    const envelopeFrom = session.envelope.mailFrom;
    const message: CaughtMessage = {
      id: String(nextId++),
      receivedAt: new Date().toISOString(),
      envelope: {
        from: envelopeFrom ? envelopeFrom.address : null,
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
      },
      authUser: typeof session.user === 'string' ? session.user : null,
      from: addresses(parsed.from)[0] ?? null,
      to: addresses(parsed.to),
      subject: parsed.subject ?? '',
      date: parsed.date ? parsed.date.toISOString() : null,
      messageId: parsed.messageId ?? null,
      headers: headerMap(parsed.headerLines),
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : null,
      size: raw.length,
    };
    if (options.onMessage) {
      try {
        await options.onMessage(message, raw);
      } catch {
        throw Object.assign(new Error('Temporary local failure, try again later'), { responseCode: 451 });
      }
    }
    if (options.keepNone) {
      received += 1;
      arrivals.emit('message', message);
      return;
    }
    keep(message, raw);
  }

  const credentials = options.credentials;
  const smtp = new SMTPServer({
    banner: 'local mail catcher',
    disabledCommands: ['STARTTLS'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    size: maxBytes,
    rejectOversized: true,
    maxClients: 50,
    closeTimeout: 1000,
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && (auth.username !== credentials.user || auth.password !== credentials.pass)) {
        return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
      callback(null, { user: auth.username ?? '' });
    },
    onData(stream, session, callback) {
      onData(stream, session).then(
        () => callback(),
        (e: unknown) => callback(e as Error),
      );
    },
  });
  const smtpPort = await new Promise<number>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort ?? 0, HOST, () => {
      smtp.off('error', reject);
      resolve((smtp.server.address() as AddressInfo).port);
    });
  });
  // A client that misbehaves must not take the catcher down.
  smtp.on('error', () => {});

  function messages(filter: { to?: string } = {}): CaughtMessage[] {
    return store.filter((m) => matches(m, { to: filter.to })).reverse();
  }

  let httpServer: http.Server | undefined;
  let httpUrl: string | null = null;
  if (options.httpPort !== null) {
    httpServer = http.createServer((req, res) => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        });
        res.end(body === undefined ? undefined : JSON.stringify(body));
      };
      const port = (httpServer!.address() as AddressInfo).port;
      if (!isLocalHostHeader(req.headers.host, port)) return send(403, { message: 'Forbidden host' });
      const url = new URL(req.url ?? '/', `http://${HOST}:${port}`);
      const method = req.method ?? 'GET';
      if (url.pathname === '/api/messages') {
        if (method === 'GET') return send(200, messages({ to: url.searchParams.get('to') ?? undefined }).map(summary));
        if (method === 'DELETE') {
          store.splice(0).forEach(drop);
          return send(204, undefined);
        }
        return send(405, { message: 'Method not allowed' });
      }
      const one = /^\/api\/messages\/(\d+)$/.exec(url.pathname);
      if (one) {
        if (method !== 'GET') return send(405, { message: 'Method not allowed' });
        const m = store.find((x) => x.id === one[1]);
        return m ? send(200, m) : send(404, { message: 'No such message' });
      }
      send(404, { message: 'Not found' });
    });
    const server = httpServer;
    const port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.httpPort ?? 0, HOST, () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
    httpUrl = `http://${HOST}:${port}`;
  }

  return {
    smtpPort,
    httpUrl,
    get received() {
      return received;
    },
    messages,
    message: (id) => store.find((m) => m.id === id),
    clear() {
      store.splice(0).forEach(drop);
    },
    waitForMessage(o) {
      const newest = () => messages().find((m) => matches(m, o));
      const found = newest();
      if (found) return Promise.resolve(found);
      if (closed) return Promise.reject(new Error('The mail catcher is closed'));
      return new Promise<CaughtMessage>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          arrivals.off('message', onMessage);
          arrivals.off('close', onClose);
        };
        const onMessage = (m: CaughtMessage) => {
          if (!matches(m, o)) return;
          done();
          resolve(m);
        };
        const onClose = () => {
          done();
          reject(new Error('The mail catcher closed while waiting for a message'));
        };
        const timer = setTimeout(() => {
          done();
          const seen = messages({ to: o.to }).map((m) => `"${m.subject}"`);
          reject(
            new Error(
              `No message ${o.to ? `to ${o.to} ` : ''}${o.subject ? `with subject ${String(o.subject)} ` : ''}` +
                `within ${o.timeoutMs ?? 10_000} ms (${o.to ? 'for that address: ' : 'caught: '}${seen.join(', ') || 'none'})`,
            ),
          );
        }, o.timeoutMs ?? 10_000);
        arrivals.on('message', onMessage);
        arrivals.on('close', onClose);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      arrivals.emit('close');
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        httpServer &&
          new Promise<void>((resolve) => {
            httpServer.close(() => resolve());
            httpServer.closeAllConnections();
          }),
      ]);
    },
  };
}
