/**
 * How the auth server sends mail, read from the environment under the names GoTrue and the
 * Supabase CLI's self-hosted `.env` use:
 *
 *   SMTP_HOST          the SMTP server; unset = every mail goes to the local mailbox (the default)
 *   SMTP_PORT          587 unless set; 465 means implicit TLS, any other port upgrades with
 *                      STARTTLS when the server offers it (as GoTrue's mailer does)
 *   SMTP_USER, SMTP_PASS   credentials, when the server wants them
 *   SMTP_ADMIN_EMAIL   the sender address (From), required with SMTP_HOST
 *   SMTP_SENDER_NAME   the sender's display name in From
 *   RATE_LIMIT_EMAIL_SENT  auth mails per hour through SMTP, all recipients together (GoTrue's
 *                      default and hosted Supabase's once custom SMTP is set: 30); "N/30m"
 *                      style rates as GoTrue accepts them; 0 = no limit. Like the Supabase CLI's
 *                      `auth.rate_limit.email_sent`, it applies only when SMTP is configured.
 */

export interface SmtpSettings {
  host: string;
  port: number;
  user: string | undefined;
  pass: string | undefined;
  /** The From address (GoTrue's SMTP_ADMIN_EMAIL). */
  adminEmail: string;
  /** The From display name (GoTrue's SMTP_SENDER_NAME). */
  senderName: string | undefined;
}

/** A token-bucket rate: up to `events` at once, refilled at `events` per `seconds`. */
export interface EmailRate {
  events: number;
  seconds: number;
}

const DEFAULT_SMTP_PORT = 587;
export const DEFAULT_EMAIL_RATE: EmailRate = { events: 30, seconds: 3600 };

// One address, no display name: the sender name has its own setting.
const ADDRESS = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

/** The SMTP settings of `env`, undefined when SMTP_HOST is unset; throws on a bad value. */
export function smtpFromEnv(env: Record<string, string | undefined>): SmtpSettings | undefined {
  const host = env.SMTP_HOST?.trim();
  if (!host) return undefined;
  const rawPort = env.SMTP_PORT?.trim();
  const port = rawPort ? Number(rawPort) : DEFAULT_SMTP_PORT;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`SMTP_PORT must be a port number (1-65535), got "${rawPort}"`);
  }
  const adminEmail = env.SMTP_ADMIN_EMAIL?.trim();
  if (!adminEmail) throw new Error('SMTP_ADMIN_EMAIL (the sender address) is required with SMTP_HOST');
  if (!ADDRESS.test(adminEmail)) {
    throw new Error(`SMTP_ADMIN_EMAIL must be a plain e-mail address, got "${adminEmail}"`);
  }
  const senderName = env.SMTP_SENDER_NAME?.trim() || undefined;
  // eslint-disable-next-line no-control-regex
  if (senderName && /[\x00-\x1f\x7f]/.test(senderName)) {
    throw new Error('SMTP_SENDER_NAME must not contain control characters');
  }
  return {
    host,
    port,
    user: env.SMTP_USER || undefined,
    pass: env.SMTP_PASS || undefined,
    adminEmail,
    senderName,
  };
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600 };

/**
 * GoTrue's rate syntax: "30" is 30 per hour; "10/15m" is 10 per 15 minutes (s, m or h; Go
 * durations such as "1h30m" are not taken). Blank gives `fallback`.
 */
export function parseEmailRate(raw: string | undefined, fallback: EmailRate = DEFAULT_EMAIL_RATE): EmailRate {
  const value = raw?.trim();
  if (!value) return fallback;
  const m = /^(\d+(?:\.\d+)?)(?:\/(\d+(?:\.\d+)?)([smh]))?$/.exec(value);
  if (!m) throw new Error(`RATE_LIMIT_EMAIL_SENT must be a number per hour or "N/<n>s|m|h", got "${raw}"`);
  const events = Number(m[1]);
  const seconds = m[2] ? Number(m[2]) * UNIT_SECONDS[m[3]!]! : 3600;
  if (seconds <= 0) throw new Error(`RATE_LIMIT_EMAIL_SENT needs a period above zero, got "${raw}"`);
  return { events, seconds };
}

/**
 * GoTrue's e-mail limiter (a token bucket, golang.org/x/time/rate under tollbooth): full at
 * start, holds `events` sends, refilled continuously at `events / seconds` per second. One
 * bucket for every recipient; 0 events = no limit here.
 */
export class EmailBucket {
  private tokens: number;
  private last: number;
  private readonly rate: EmailRate;
  private readonly now: () => number;

  constructor(rate: EmailRate, now: () => number = Date.now) {
    this.rate = rate;
    this.now = now;
    this.tokens = rate.events;
    this.last = now();
  }

  /** Takes one send when there is one; false when the limit is reached. */
  take(): boolean {
    if (this.rate.events <= 0) return true;
    const t = this.now();
    const refill = ((t - this.last) / 1000) * (this.rate.events / this.rate.seconds);
    this.tokens = Math.min(this.rate.events, this.tokens + refill);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
