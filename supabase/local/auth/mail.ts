/**
 * Verification e-mails (signup confirmation, recovery, e-mail change), as GoTrue sends them
 * (internal/api/mail.go): a 6-digit OTP, and its token hash = hex(sha224(email + otp)) stored in
 * the user's token column. The link carries the hash; POST /verify accepts either the hash or the
 * e-mail plus the OTP. Mail goes to the local mailbox instead of SMTP.
 */
import { createHash, randomInt } from 'node:crypto';
import type { ServerConfig } from '../config.ts';
import type { Queryable } from '../db/engine.ts';
import { AuthError } from './errors.ts';
import { deliverMail } from './mailbox.ts';
import { renderMail, subjectFor, type MailKind } from './mail-templates.ts';

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
 * One e-mail per address per `emailMinInterval` seconds (GoTrue's SMTP_MAX_FREQUENCY). GoTrue
 * keeps one timer per token column; here it is one per recipient, read from the mailbox.
 */
async function checkRateLimit(db: Queryable, config: ServerConfig, recipient: string): Promise<void> {
  if (config.emailMinInterval <= 0) return;
  const r = await db.query<{ wait: string }>(
    `select ($2 - extract(epoch from clock_timestamp() - created_at))::float8::text as wait
      from _local.mail where lower(recipient) = lower($1) order by created_at desc limit 1`,
    [recipient, config.emailMinInterval],
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

export interface VerificationMail {
  userId: string;
  /** The address the mail goes to and the token hash is bound to (the new one for email_change). */
  recipient: string;
  kind: MailKind;
  redirectTo: string;
}

export async function sendVerificationMail(db: Queryable, config: ServerConfig, m: VerificationMail): Promise<void> {
  await checkRateLimit(db, config, m.recipient);
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = tokenHash(m.recipient.toLowerCase(), otp);
  const cols = TOKEN_COLUMNS[m.kind];
  const emailChange = m.kind === 'email_change' ? ', email_change = lower($3)' : '';
  await db.query(
    `update auth.users set ${cols.token} = $2, ${cols.sent} = now()${emailChange} where id = $1`,
    m.kind === 'email_change' ? [m.userId, hash, m.recipient] : [m.userId, hash],
  );
  const link =
    `${config.publicUrl}/auth/v1/verify?token=${hash}&type=${m.kind}` +
    `&redirect_to=${encodeURIComponent(m.redirectTo)}`;
  await deliverMail(db, {
    recipient: m.recipient.toLowerCase(),
    subject: subjectFor(m.kind),
    kind: m.kind,
    html: renderMail(m.kind, { link, otp, email: m.recipient }),
    link,
  });
}
