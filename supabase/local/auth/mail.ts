/**
 * Verification e-mails (signup confirmation, recovery, e-mail change), as GoTrue sends them
 * (internal/api/mail.go): a 6-digit OTP, and its token hash = hex(sha224(email + otp)) stored in
 * the user's token column. The link carries the hash; POST /verify accepts either the hash or the
 * e-mail plus the OTP. Mail goes to the local mailbox, or through SMTP when SMTP_HOST is set
 * (auth/mail-config.ts), inside the caller's transaction either way: a mail that cannot be sent
 * rolls the request back, as in GoTrue, and the client gets GoTrue's 500, never the cause.
 */
import { createHash, randomInt } from 'node:crypto';
import type { ServerConfig } from '../config.ts';
import type { Queryable } from '../db/engine.ts';
import { AuthError } from './errors.ts';
import { EmailBucket } from './mail-config.ts';
import { deliverMail } from './mailbox.ts';
import { renderMail, renderMailText, subjectFor, type MailKind } from './mail-templates.ts';
import { sendSmtp } from './smtp.ts';

/** How long an e-mail link / OTP stays valid (GoTrue's MAILER_OTP_EXP default is 1 h; 24 h here). */
export const OTP_TTL_SECONDS = 24 * 60 * 60;

export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

/** Which auth.users columns hold a kind's token hash and send time. */
export const TOKEN_COLUMNS = {
  signup: { token: 'confirmation_token', sent: 'confirmation_sent_at' },
  recovery: { token: 'recovery_token', sent: 'recovery_sent_at' },
  magiclink: { token: 'recovery_token', sent: 'recovery_sent_at' },
  email_change: { token: 'email_change_token_new', sent: 'email_change_sent_at' },
} as const;

/**
 * One e-mail per address per `emailMinInterval` seconds (GoTrue's SMTP_MAX_FREQUENCY). Through
 * SMTP it is GoTrue's rule: one timer per user and token column (the `*_sent_at` columns). The
 * mailbox keeps one timer per recipient, read from the mailbox.
 */
async function checkRateLimit(db: Queryable, config: ServerConfig, m: VerificationMail): Promise<void> {
  if (config.emailMinInterval <= 0) return;
  const r = config.smtp
    ? await db.query<{ wait: string }>(
        `select ($2 - extract(epoch from clock_timestamp() - ${TOKEN_COLUMNS[m.kind].sent}))::float8::text as wait
          from auth.users where id = $1`,
        [m.userId, config.emailMinInterval],
      )
    : await db.query<{ wait: string }>(
        `select ($2 - extract(epoch from clock_timestamp() - created_at))::float8::text as wait
          from _local.mail where lower(recipient) = lower($1) order by created_at desc limit 1`,
        [m.recipient, config.emailMinInterval],
      );
  const wait = Number(r.rows[0]?.wait ?? '0');
  if (wait > 0) {
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.ceil(wait)} seconds.`,
    );
  }
}

/** The hourly limit on mail through SMTP: one bucket per server, as GoTrue keeps one per process. */
const buckets = new WeakMap<ServerConfig, EmailBucket>();

function takeFromHourlyLimit(config: ServerConfig): void {
  let bucket = buckets.get(config);
  if (!bucket) buckets.set(config, (bucket = new EmailBucket(config.rateLimitEmailSent)));
  // GoTrue's words (EmailRateLimitExceeded), for every kind of mail.
  if (!bucket.take()) throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
}

/** GoTrue's 500 message when the mailer fails, per kind. */
const SEND_FAILED: Record<MailKind, string> = {
  signup: 'Error sending confirmation email',
  recovery: 'Error sending recovery email',
  email_change: 'Error sending email change email',
  magiclink: 'Error sending magic link email',
};

export interface VerificationMail {
  userId: string;
  /** The address the mail goes to and the token hash is bound to (the new one for email_change). */
  recipient: string;
  kind: MailKind;
  redirectTo: string;
}

export async function sendVerificationMail(db: Queryable, config: ServerConfig, m: VerificationMail): Promise<void> {
  // Both limits are checked before anything is written (verify.ts relies on it).
  await checkRateLimit(db, config, m);
  if (config.smtp) takeFromHourlyLimit(config);
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const recipient = m.recipient.toLowerCase();
  const hash = tokenHash(recipient, otp);
  const cols = TOKEN_COLUMNS[m.kind];
  const emailChange = m.kind === 'email_change' ? ', email_change = lower($3)' : '';
  await db.query(
    `update auth.users set ${cols.token} = $2, ${cols.sent} = now()${emailChange} where id = $1`,
    m.kind === 'email_change' ? [m.userId, hash, m.recipient] : [m.userId, hash],
  );
  const link =
    `${config.publicUrl}/auth/v1/verify?token=${hash}&type=${m.kind}` +
    `&redirect_to=${encodeURIComponent(m.redirectTo)}`;
  const values = { link, otp, email: m.recipient };
  const subject = subjectFor(m.kind);
  const html = renderMail(m.kind, values);
  if (!config.smtp) {
    await deliverMail(db, { recipient, subject, kind: m.kind, html, link });
    return;
  }
  try {
    await sendSmtp(config.smtp, { to: recipient, subject, text: renderMailText(m.kind, values), html });
  } catch (e) {
    // The cause (refused connection, bad credentials, a 5xx reply) is for the operator only.
    process.stderr.write(`[auth] ${SEND_FAILED[m.kind]}: ${(e as Error).message}\n`);
    throw new AuthError(500, 'unexpected_failure', SEND_FAILED[m.kind]);
  }
}
