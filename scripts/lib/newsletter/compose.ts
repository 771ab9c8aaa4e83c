/**
 * The newsletter's messages as MIME, composed once per rendered e-mail and filled in per
 * recipient (issue 30: the sender keeps up ≥ 200 messages/s on a shared machine).
 *
 * nodemailer composing every message (its MIME tree, header encoding and Quoted-Printable
 * streams, one small socket write per encoded line) cost about 0.5 ms of CPU a message, half of
 * the sender's time. So nodemailer composes a template once (`composeTemplate`): the real From
 * and Subject, the multipart/alternative structure and the RFC 8058 headers, with a marker where
 * each personal value goes. `personalise` fills in the recipient, a fresh Message-ID and Date,
 * the unsubscribe link and the delivery id, and Quoted-Printable-encodes the two bodies with the
 * personal link in them (nodemailer's own encoder, as it would); the sender hands the bytes to
 * nodemailer's SMTP pool as `raw`. An address that is not plain ASCII, or a template nodemailer
 * laid out otherwise than expected (a marker missing or repeated), falls back to nodemailer
 * composing the message itself: the same message, slower.
 */
import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { encode, wrap } from 'nodemailer/lib/qp';
import { UNSUBSCRIBE_PLACEHOLDER } from '../../../src/lib/rules/newsletter/email.ts';

export interface MailContent {
  subject: string;
  html: string;
  /** The plain-text part. */
  text: string;
}

export interface Recipient {
  email: string;
  /** The personal unsubscribe link (body and List-Unsubscribe). */
  unsubscribeUrl: string;
  /** The queue row's id (X-Newsletter-Delivery). */
  deliveryId: number;
}

/** The From: a display name (optional) and the address. */
export interface Sender {
  name?: string;
  address: string;
}

/** Everything but the recipient's values: what nodemailer's `sendMail` takes. */
export interface MailOptions {
  from: { name: string; address: string } | string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export interface MessageTemplate {
  /** The whole message for one recipient (CRLF line ends), or null: compose it with `mailOptions`. */
  personalise(r: Recipient): Buffer | null;
}

/** An address nodemailer would write as it is: ASCII, no quoting, no display name. */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/;

const MARK = {
  to: 'newsletter-recipient@recipient.invalid',
  messageId: '<newsletter-message-id@recipient.invalid>',
  date: 'X-NEWSLETTER-DATE-MARK',
  delivery: 'X-NEWSLETTER-DELIVERY-MARK',
  text: 'X-NEWSLETTER-TEXT-BODY-MARK',
  html: 'X-NEWSLETTER-HTML-BODY-MARK',
  listUnsubscribe: 'X-NEWSLETTER-LIST-UNSUBSCRIBE-MARK',
} as const;
type Slot = keyof typeof MARK;

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;');

/** The message nodemailer composes itself (the fallback, and what the template matches). */
export function mailOptions(from: Sender, content: MailContent, r: Recipient): MailOptions {
  return {
    from: from.name ? { name: from.name, address: from.address } : from.address,
    to: r.email,
    subject: content.subject,
    html: content.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeAttr(r.unsubscribeUrl)),
    text: content.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, r.unsubscribeUrl),
    headers: {
      // RFC 8058 one-click: a POST of "List-Unsubscribe=One-Click" to this URL unsubscribes.
      'List-Unsubscribe': `<${r.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Newsletter-Delivery': String(r.deliveryId),
    },
  };
}

/** A body part's content, Quoted-Printable as nodemailer writes it: CRLF, lines of at most 76. */
const quotedPrintable = (s: string) => wrap(encode(s.replace(/\r?\n/g, '\r\n')), 76);

/**
 * The template for one rendered e-mail: the composed message cut at its markers, each of which
 * must occur exactly once (else every message is composed by nodemailer: `personalise` → null).
 */
export async function composeTemplate(from: Sender, content: MailContent): Promise<MessageTemplate> {
  // The message for a marker recipient; its bodies and personal headers are markers too.
  const base = mailOptions(from, content, { email: MARK.to, unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER, deliveryId: 0 });
  const composed = await new MailComposer({
    ...base,
    // Markers are short ASCII, so Quoted-Printable leaves them as they are; the real bodies are
    // encoded per recipient.
    html: { content: MARK.html, contentTransferEncoding: 'quoted-printable' },
    text: { content: MARK.text, contentTransferEncoding: 'quoted-printable' },
    messageId: MARK.messageId,
    headers: {
      ...base.headers,
      Date: MARK.date,
      'List-Unsubscribe': MARK.listUnsubscribe,
      'X-Newsletter-Delivery': MARK.delivery,
    },
  } as ConstructorParameters<typeof MailComposer>[0])
    .compile()
    .build();
  const raw = composed.toString('utf8');
  const pattern = new RegExp(
    Object.values(MARK)
      .map((m) => m.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
      .join('|'),
    'g',
  );
  const bySlot = new Map<string, Slot>(Object.entries(MARK).map(([slot, mark]) => [mark, slot as Slot]));
  const literals: string[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const m of raw.matchAll(pattern)) {
    literals.push(raw.slice(last, m.index));
    slots.push(bySlot.get(m[0])!);
    last = m.index + m[0].length;
  }
  literals.push(raw.slice(last));
  // "List-Unsubscribe: " keeps its space in the value: a folded value starts the next line.
  const list = slots.indexOf('listUnsubscribe');
  if (list >= 0 && literals[list]!.endsWith(': ')) literals[list] = literals[list]!.slice(0, -1);
  const complete = Object.keys(MARK).every((slot) => slots.filter((s) => s === slot).length === 1);
  const domain = from.address.split('@').pop() || 'localhost';

  return {
    personalise(r) {
      if (!complete || !PLAIN_ADDRESS.test(r.email)) return null;
      const personal = mailOptions(from, content, r);
      const values: Record<Slot, string> = {
        to: r.email,
        messageId: `<${randomUUID()}@${domain}>`,
        date: new Date().toUTCString().replace(/GMT/, '+0000'),
        delivery: String(r.deliveryId),
        text: quotedPrintable(personal.text),
        html: quotedPrintable(personal.html),
        // The URL is URL-encoded ASCII (token.ts); folded after the colon when the line would pass
        // 76 characters, as nodemailer folds it.
        listUnsubscribe: `${'List-Unsubscribe: '.length + r.unsubscribeUrl.length + 2 > 76 ? '\r\n' : ''} <${r.unsubscribeUrl}>`,
      };
      let out = literals[0]!;
      for (let i = 0; i < slots.length; i++) out += values[slots[i]!] + literals[i + 1]!;
      return Buffer.from(out, 'utf8');
    },
  };
}
