/**
 * The mail catcher's message (scripts/lib/mail-catcher.ts): what it keeps of each one, the summary
 * its HTTP mailbox lists, and how a wait or a filter matches one.
 */

/** Both listeners bind loopback only. */
export const HOST = '127.0.0.1';

export interface CaughtAddress {
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

export interface WaitOptions {
  /** A recipient (envelope or To header), case-insensitive. */
  to?: string;
  subject?: string | RegExp;
  /** Only messages that arrived after the one with this id. */
  after?: string;
  /** How long to wait for it (default 10 s). */
  timeoutMs?: number;
}

function recipients(m: CaughtMessage): string[] {
  return [...m.envelope.to, ...m.to.map((a) => a.address.toLowerCase())];
}

export function matches(m: CaughtMessage, o: WaitOptions): boolean {
  if (o.to && !recipients(m).includes(o.to.toLowerCase())) return false;
  if (typeof o.subject === 'string' && m.subject !== o.subject) return false;
  if (o.subject instanceof RegExp && !o.subject.test(m.subject)) return false;
  if (o.after !== undefined && Number(m.id) <= Number(o.after)) return false;
  return true;
}

export function summary(m: CaughtMessage): MessageSummary {
  return { id: m.id, receivedAt: m.receivedAt, from: m.from, to: m.to, subject: m.subject, date: m.date, size: m.size };
}
