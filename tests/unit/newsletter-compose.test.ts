/**
 * The newsletter's messages composed once and filled in per recipient
 * (scripts/lib/newsletter/compose.ts): parsed with mailparser, each is the message nodemailer
 * composes for that recipient (subject, From, To, both bodies with the personal link, the RFC 8058
 * headers), and it takes the composing path unless the address needs nodemailer's care.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTransport } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { composeTemplate, mailOptions, type MailContent } from '../../scripts/lib/newsletter/compose.ts';
import { UNSUBSCRIBE_PLACEHOLDER } from '../../src/lib/rules/newsletter/email.ts';

const from = { name: 'ESG Africa News — Friday', address: 'newsletter@esg.example' };
const longLine = 'Carbon tax, just transition and the grid: '.repeat(12);
const content: MailContent = {
  subject: 'The week’s ESG: Ünïcode, “quotes” and a subject long enough to be folded over several lines',
  html:
    `<!DOCTYPE html><html><body><p>${longLine}</p>\n.a line that starts with a dot\n` +
    `<p>Ça va — <a href="${UNSUBSCRIBE_PLACEHOLDER}">Unsubscribe</a></p>` +
    `<p style="x">${'x'.repeat(70)}<a href="${UNSUBSCRIBE_PLACEHOLDER}">again</a> = 100%</p></body></html>`,
  text: `ESG Africa News\n\n${longLine}\n.dot\nUnsubscribe: ${UNSUBSCRIBE_PLACEHOLDER} \n\nEnd ·`,
};
const recipient = {
  email: 'Reader.One+esg@bench.example',
  unsubscribeUrl: 'https://news.example/unsubscribe?s=123456&t=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcdefgh',
  deliveryId: 987654,
};

const transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
async function composedByNodemailer(r = recipient): Promise<ParsedMail> {
  const info = await transport.sendMail(mailOptions(from, content, r));
  return simpleParser(info.message as Buffer);
}

describe('composeTemplate', () => {
  it('fills in a message that parses as the one nodemailer composes', async () => {
    const template = await composeTemplate(from, content);
    const raw = template.personalise(recipient);
    expect(raw).toBeInstanceOf(Buffer);
    const [ours, theirs] = await Promise.all([simpleParser(raw!), composedByNodemailer()]);
    expect(ours.subject).toBe(content.subject);
    expect(ours.subject).toBe(theirs.subject);
    expect(ours.from!.value).toEqual(theirs.from!.value);
    expect(ours.to).toEqual(theirs.to);
    expect(ours.html).toBe(theirs.html);
    expect(ours.text).toBe(theirs.text);
    expect(ours.html).toContain(`href="${recipient.unsubscribeUrl.replace(/&/g, '&amp;')}"`);
    expect(ours.html).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
    expect(ours.text).toContain(`Unsubscribe: ${recipient.unsubscribeUrl} \n`);
    const line = (m: ParsedMail, key: string) => m.headerLines.find((l) => l.key === key)?.line;
    for (const header of ['list-unsubscribe', 'list-unsubscribe-post', 'x-newsletter-delivery', 'mime-version']) {
      expect(line(ours, header), header).toBe(line(theirs, header));
    }
    expect(line(ours, 'list-unsubscribe')).toBe(`List-Unsubscribe:\r\n <${recipient.unsubscribeUrl}>`);
    expect(line(ours, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(ours.headers.get('x-newsletter-delivery')).toBe('987654');
    expect(Math.abs(ours.date!.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('writes CRLF line ends and body lines of at most 76 characters', async () => {
    const raw = (await composeTemplate(from, content)).personalise(recipient)!.toString('utf8');
    const lines = raw.split('\r\n');
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    // Headers may run longer (the List-Unsubscribe URL); the bodies are wrapped Quoted-Printable.
    const body = lines.slice(lines.indexOf(''));
    expect(body.filter((l) => l.length > 76)).toEqual([]);
  });

  it('gives every message its own recipient, Message-ID and link', async () => {
    const template = await composeTemplate(from, content);
    const other = {
      email: 'two@bench.example',
      unsubscribeUrl: 'https://news.example/unsubscribe?s=2&t=x',
      deliveryId: 2,
    };
    const [a, b] = await Promise.all([
      simpleParser(template.personalise(recipient)!),
      simpleParser(template.personalise(other)!),
    ]);
    expect(a.messageId).not.toBe(b.messageId);
    expect(b.messageId).toMatch(/@esg\.example>$/);
    const theirs = await composedByNodemailer(other);
    expect(b.to).toEqual(theirs.to);
    const unsubscribeLine = (m: ParsedMail) => m.headerLines.find((l) => l.key === 'list-unsubscribe')?.line;
    expect(unsubscribeLine(b)).toBe(`List-Unsubscribe: <${other.unsubscribeUrl}>`);
    expect(unsubscribeLine(b)).toBe(unsubscribeLine(theirs));
    expect(b.text).toContain(other.unsubscribeUrl);
    expect(b.text).not.toContain(recipient.unsubscribeUrl);
  });

  it('leaves an address that is not plain ASCII to nodemailer', async () => {
    const template = await composeTemplate(from, content);
    expect(template.personalise({ ...recipient, email: 'jürgen@bench.example' })).toBeNull();
    expect(template.personalise({ ...recipient, email: '"two words"@bench.example' })).toBeNull();
  });
});
