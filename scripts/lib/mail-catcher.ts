/**
 * A local SMTP mail catcher, the role Inbucket / Mailpit play in the Supabase CLI stack: it
 * accepts every message sent to it on 127.0.0.1 (smtp-server: mail-catcher/smtp.ts), parses it
 * (mailparser: mail-catcher/parse.ts), keeps the newest `maxMessages` in memory (and, when `dir`
 * is set, as .eml files there) and shows them over HTTP (mail-catcher/http.ts):
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
import type http from 'node:http';
import path from 'node:path';
import type { SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { startMailboxHttp } from './mail-catcher/http.ts';
import { matches, type CaughtMessage, type WaitOptions } from './mail-catcher/message.ts';
import { parseMessage } from './mail-catcher/parse.ts';
import { readData, startSmtp } from './mail-catcher/smtp.ts';

export type { CaughtMessage } from './mail-catcher/message.ts';

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
    const raw = await readData(stream, maxBytes);
    const parsed = await parseMessage(raw, session);
    const message: CaughtMessage = { id: String(nextId++), ...parsed };
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

  const { smtp, smtpPort } = await startSmtp({
    port: options.smtpPort ?? 0,
    maxBytes,
    credentials: options.credentials,
    onData,
  });

  function messages(filter: { to?: string } = {}): CaughtMessage[] {
    return store.filter((m) => matches(m, { to: filter.to })).reverse();
  }

  let httpServer: http.Server | undefined;
  let httpUrl: string | null = null;
  if (options.httpPort !== null) {
    ({ httpServer, httpUrl } = await startMailboxHttp(options.httpPort ?? 0, {
      messages,
      message: (id) => store.find((m) => m.id === id),
      clear: () => store.splice(0).forEach(drop),
    }));
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
