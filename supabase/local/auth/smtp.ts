/**
 * Auth mail through a real SMTP server (nodemailer), when SMTP_HOST is set (auth/mail-config.ts).
 * One connection per message, as GoTrue's mailer does: nothing to keep open or close.
 *
 * Credentials only travel encrypted: with SMTP_USER set and a host other than this machine, the
 * connection must be TLS (port 465) or upgrade with STARTTLS, else the send fails. (Go's
 * net/smtp, which GoTrue's mailer uses, refuses plain-text AUTH the same way.)
 */
import type * as Nodemailer from 'nodemailer';
import type { SmtpSettings } from './mail-config.ts';
import { isLoopbackHost } from '../config.ts';

export interface SmtpMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Bounds on a dead or slow server, so a request waits seconds, not nodemailer's minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

let nodemailer: Promise<typeof Nodemailer> | undefined;

/** The From header: `"Sender Name" <address>`, or the bare address. */
export function fromHeader(s: SmtpSettings): { name: string; address: string } | string {
  return s.senderName ? { name: s.senderName, address: s.adminEmail } : s.adminEmail;
}

/** Sends one message; rejects with nodemailer's error (for the log, never for the client). */
export async function sendSmtp(s: SmtpSettings, m: SmtpMessage): Promise<void> {
  // Loaded on first use: a server without SMTP never loads it.
  nodemailer ??= import('nodemailer');
  const { createTransport } = await nodemailer;
  const secure = s.port === 465;
  const transport = createTransport({
    host: s.host,
    port: s.port,
    secure,
    requireTLS: !secure && !!s.user && !isLoopbackHost(s.host),
    auth: s.user ? { user: s.user, pass: s.pass ?? '' } : undefined,
    ...TIMEOUTS,
  });
  try {
    await transport.sendMail({
      from: fromHeader(s),
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      // RFC 3834: an automatic message; out-of-office replies should not answer it.
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  } finally {
    transport.close();
  }
}
