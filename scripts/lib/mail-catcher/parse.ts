/**
 * The mail catcher's MIME side (scripts/lib/mail-catcher.ts): a raw message as the catcher keeps
 * it, parsed by mailparser, with the SMTP session's envelope.
 */
import { simpleParser, type AddressObject } from 'mailparser';
import type { SMTPServerSession } from 'smtp-server';
import type { CaughtAddress, CaughtMessage } from './message.ts';

function addresses(value: AddressObject | AddressObject[] | undefined): CaughtAddress[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((o) =>
    o.value.flatMap((a) =>
      (a.group ?? [a]).filter((x) => x.address).map((x) => ({ name: x.name, address: x.address! })),
    ),
  );
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

/** The message `raw` as the catcher keeps it, all but its id (the catcher numbers it once parsed). */
export async function parseMessage(raw: Buffer, session: SMTPServerSession): Promise<Omit<CaughtMessage, 'id'>> {
  const parsed = await simpleParser(raw);
  const envelopeFrom = session.envelope.mailFrom;
  return {
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
}
