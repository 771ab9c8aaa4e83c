/**
 * The newsletter sender (issue 30), modelled on the publish worker (scripts/lib/publish/): a loop
 * that works the send queue in Postgres through the API with a secret key, and a small HTTP
 * surface for the unsubscribe links (./http.ts).
 *
 * - At start it fails the rows a stopped sender left 'sending' (newsletter_recover): they may
 *   have gone out, so they are never sent again. Delivery is at most once: a row is claimed
 *   before its message is handed to SMTP, and reported within `flushMs` after.
 * - It claims due rows in batches, renders and composes each issue once (compose.ts: the
 *   recipient and the personal unsubscribe link are filled in per message), sends at
 *   `ratePerSecond` over a pool of `concurrency` SMTP connections, and reports: sent; a temporary
 *   failure (4xx, or no answer) is retried after `retryBaseMs` × 2^(attempt − 1) up to
 *   `maxAttempts`; a permanent one (5xx) is failed at once.
 * - Every `dueEveryMs` it starts scheduled issues whose time has come (newsletter_due).
 * - It idles `pollMs` when the queue is empty (the welcome mail goes out within that time).
 */
import { render } from '@react-email/components';
import type * as Nodemailer from 'nodemailer';
import { createTransport } from 'nodemailer';
import { NEWSLETTER_MAIL } from '../../../src/lib/messages/newsletter.ts';
import { IssueEmail, WelcomeEmail, type EmailContext } from '../../../src/lib/rules/newsletter/email.ts';
import { createSenderApi, type ClaimedDelivery, type DeliveryResult, type SenderApi } from './api.ts';
import { composeTemplate, mailOptions, type MailContent, type MessageTemplate } from './compose.ts';
import { unsubscribeUrl } from './token.ts';

interface SmtpTarget {
  host: string;
  port: number;
  user?: string;
  pass?: string;
}

export interface NewsletterSenderOptions {
  apiUrl: string | (() => string);
  secretKey: string;
  smtp: SmtpTarget;
  from: { name?: string; address: string };
  /** The site's canonical origin and where the images live (EmailContext). */
  email: EmailContext;
  /** The public origin of the unsubscribe links (this sender's HTTP surface). */
  publicUrl: string | (() => string);
  unsubscribeSecret: string;
  ratePerSecond?: number;
  concurrency?: number;
  batchSize?: number;
  maxAttempts?: number;
  retryBaseMs?: number;
  pollMs?: number;
  dueEveryMs?: number;
  flushMs?: number;
  log?: (line: string) => void;
}

export const SENDER_DEFAULTS = {
  ratePerSecond: 20,
  concurrency: 5,
  batchSize: 100,
  maxAttempts: 5,
  retryBaseMs: 60_000,
  pollMs: 5_000,
  dueEveryMs: 30_000,
  flushMs: 250,
} as const;

const MAX_RETRY_MS = 6 * 3600_000;

interface SenderStats {
  running: boolean;
  sent: number;
  retried: number;
  failed: number;
  recovered: number;
  lastError: string | null;
}

export interface NewsletterSender {
  readonly api: SenderApi;
  start(): Promise<void>;
  /** Finishes the batch in hand, reports it and stops. */
  stop(): Promise<void>;
  /** Ends the idle wait at once (new work was queued). */
  wake(): void;
  stats(): SenderStats;
  unsubscribeLink(subscriberId: number, email: string): string;
}

interface Rendered extends MailContent {
  /** The message composed once; each recipient's is filled in (compose.ts). */
  template: MessageTemplate;
}

/** Temporary (retry) or permanent (fail), by the SMTP reply code; no reply at all is temporary. */
function classifySmtpError(e: unknown): { permanent: boolean; error: string } {
  const err = e as { responseCode?: number; response?: string; message?: string };
  const code = typeof err.responseCode === 'number' ? err.responseCode : null;
  const error = (err.response ?? err.message ?? String(e)).slice(0, 500);
  return { permanent: code !== null && code >= 500, error };
}

export function createNewsletterSender(options: NewsletterSenderOptions): NewsletterSender {
  const o = { ...SENDER_DEFAULTS, ...options };
  const log = options.log ?? (() => {});
  const api = createSenderApi(options.apiUrl, options.secretKey);
  const stats: SenderStats = { running: false, sent: 0, retried: 0, failed: 0, recovered: 0, lastError: null };
  let transport: Nodemailer.Transporter | undefined;
  let stopped = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  const issues = new Map<number, Promise<Rendered>>();
  let welcome: Promise<Rendered> | undefined;

  const publicUrl = () => (typeof options.publicUrl === 'function' ? options.publicUrl() : options.publicUrl);
  const link = (id: number, email: string) => unsubscribeUrl(publicUrl(), options.unsubscribeSecret, id, email);

  async function renderBoth(subject: string, el: ReturnType<typeof WelcomeEmail>): Promise<Rendered> {
    const [html, text] = await Promise.all([render(el), render(el, { plainText: true })]);
    const content = { subject, html, text };
    return { ...content, template: await composeTemplate(options.from, content) };
  }

  async function renderIssue(issueId: number, test: boolean): Promise<Rendered | null> {
    const content = await api.content(issueId);
    if (!content) return null;
    const subject = test ? `[Test] ${content.subject}` : content.subject;
    return renderBoth(subject, IssueEmail(content, options.email, { test }));
  }

  async function messageFor(row: ClaimedDelivery): Promise<Rendered | null> {
    if (row.kind === 'welcome') {
      welcome ??= renderBoth(NEWSLETTER_MAIL.welcomeSubject, WelcomeEmail(options.email));
      return welcome;
    }
    // A test renders the draft as it is now; an issue under way no longer changes.
    if (row.kind === 'test') return renderIssue(row.issue_id!, true);
    let cached = issues.get(row.issue_id!);
    if (!cached) {
      cached = renderIssue(row.issue_id!, false).then((r) => {
        if (!r) throw new Error(`issue ${row.issue_id} not found`);
        return r;
      });
      cached.catch(() => issues.delete(row.issue_id!));
      issues.set(row.issue_id!, cached);
    }
    return cached;
  }

  // ------------------------------------------------------------------ rate
  let nextSlot = 0;
  async function slot(): Promise<void> {
    const now = performance.now();
    const at = Math.max(now, nextSlot);
    nextSlot = at + 1000 / o.ratePerSecond;
    if (at > now + 1) await new Promise((r) => setTimeout(r, at - now));
  }

  function smtpTransport(): Nodemailer.Transporter {
    const secure = o.smtp.port === 465;
    transport ??= createTransport({
      pool: true,
      maxConnections: o.concurrency,
      maxMessages: Infinity,
      host: o.smtp.host,
      port: o.smtp.port,
      secure,
      requireTLS: !secure && !!o.smtp.user && !['127.0.0.1', 'localhost', '::1'].includes(o.smtp.host),
      auth: o.smtp.user ? { user: o.smtp.user, pass: o.smtp.pass ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return transport;
  }

  async function sendOne(row: ClaimedDelivery): Promise<DeliveryResult> {
    let message: Rendered | null;
    try {
      message = await messageFor(row);
    } catch (e) {
      return { id: row.id, outcome: 'failed', error: `render: ${String((e as Error).message ?? e)}`.slice(0, 500) };
    }
    if (!message) return { id: row.id, outcome: 'failed', error: 'the issue no longer exists' };
    const unsub = row.subscriber_id !== null ? link(row.subscriber_id, row.email) : `${publicUrl()}/unsubscribe?test=1`;
    const recipient = { email: row.email, unsubscribeUrl: unsub, deliveryId: row.id };
    const raw = message.template.personalise(recipient);
    await slot();
    try {
      await smtpTransport().sendMail(
        raw
          ? { envelope: { from: options.from.address, to: [row.email] }, raw }
          : mailOptions(options.from, message, recipient),
      );
      stats.sent += 1;
      return { id: row.id, outcome: 'sent' };
    } catch (e) {
      const { permanent, error } = classifySmtpError(e);
      if (permanent || row.attempts >= o.maxAttempts) {
        stats.failed += 1;
        return { id: row.id, outcome: 'failed', error };
      }
      stats.retried += 1;
      const retry = Math.min(o.retryBaseMs * 2 ** (row.attempts - 1), MAX_RETRY_MS);
      return { id: row.id, outcome: 'retry', error, retry_in_ms: retry };
    }
  }

  /** Sends a batch with `concurrency` in flight, reporting as results come in. */
  async function sendBatch(rows: ClaimedDelivery[]): Promise<void> {
    let pending: DeliveryResult[] = [];
    let reporting = Promise.resolve();
    const flush = () => {
      if (pending.length === 0) return reporting;
      const chunk = pending;
      pending = [];
      reporting = reporting.then(() => reportWithRetry(chunk));
      return reporting;
    };
    const timer = setInterval(() => void flush(), o.flushMs);
    let next = 0;
    const workers = Array.from({ length: Math.min(o.concurrency, rows.length) }, async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        // Not `pending.push(await …)`: flush() swaps `pending` while the send is under way.
        const result = await sendOne(row);
        pending.push(result);
      }
    });
    try {
      await Promise.all(workers);
    } finally {
      clearInterval(timer);
      await flush();
    }
  }

  async function reportWithRetry(results: DeliveryResult[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await api.report(results);
        return;
      } catch (e) {
        stats.lastError = String((e as Error).message ?? e);
        // Unreported rows stay 'sending' and are failed at the next start: never sent twice.
        if (attempt >= 5) return log(`newsletter: could not report ${results.length} results: ${stats.lastError}`);
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  }

  function idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function run(): Promise<void> {
    let lastDue = 0;
    while (!stopped) {
      try {
        if (Date.now() - lastDue >= o.dueEveryMs) {
          lastDue = Date.now();
          const started = await api.due();
          if (started > 0) log(`newsletter: ${started} scheduled issue(s) started`);
        }
        const rows = await api.claim(o.batchSize);
        if (rows.length === 0) {
          await idle(o.pollMs);
          continue;
        }
        await sendBatch(rows);
      } catch (e) {
        stats.lastError = String((e as Error).message ?? e);
        log(`newsletter: ${stats.lastError}`);
        if (!stopped) await idle(o.pollMs);
      }
    }
  }

  return {
    api,
    async start() {
      if (loop) return;
      stopped = false;
      stats.recovered = await api.recover();
      if (stats.recovered > 0) {
        log(`newsletter: ${stats.recovered} message(s) interrupted by the last stop were marked failed, not resent`);
      }
      stats.running = true;
      loop = run().finally(() => {
        stats.running = false;
      });
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      loop = undefined;
      transport?.close();
      transport = undefined;
    },
    wake() {
      wakeUp?.();
    },
    stats: () => ({ ...stats }),
    unsubscribeLink: link,
  };
}
