/**
 * The pure parts of auth mail through SMTP: the SMTP_* and RATE_LIMIT_EMAIL_SENT settings, the
 * hourly token bucket, the From header and the plain-text part of each mail.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMAIL_RATE,
  EmailBucket,
  parseEmailRate,
  smtpFromEnv,
  type SmtpSettings,
} from '../../supabase/local/auth/mail-config.ts';
import { renderMail, renderMailText, type MailKind } from '../../supabase/local/auth/mail-templates.ts';
import { fromHeader } from '../../supabase/local/auth/smtp.ts';

describe('smtpFromEnv', () => {
  const base = { SMTP_HOST: 'smtp.example.com', SMTP_ADMIN_EMAIL: 'no-reply@auth.example.com' };

  it('is off (the local mailbox) without SMTP_HOST', () => {
    expect(smtpFromEnv({})).toBeUndefined();
    expect(smtpFromEnv({ SMTP_HOST: '  ', SMTP_ADMIN_EMAIL: 'a@b.co' })).toBeUndefined();
  });

  it("reads GoTrue's names, port 587 by default", () => {
    expect(smtpFromEnv(base)).toEqual({
      host: 'smtp.example.com',
      port: 587,
      user: undefined,
      pass: undefined,
      adminEmail: 'no-reply@auth.example.com',
      senderName: undefined,
    });
    expect(
      smtpFromEnv({ ...base, SMTP_PORT: '465', SMTP_USER: 'resend', SMTP_PASS: 're_key', SMTP_SENDER_NAME: ' ESG ' }),
    ).toMatchObject({ port: 465, user: 'resend', pass: 're_key', senderName: 'ESG' });
  });

  it('refuses a missing or malformed sender, a bad port and a sender name that could break the header', () => {
    expect(() => smtpFromEnv({ SMTP_HOST: 'smtp.example.com' })).toThrow(/SMTP_ADMIN_EMAIL/);
    expect(() => smtpFromEnv({ ...base, SMTP_ADMIN_EMAIL: 'News <a@b.co>' })).toThrow(/plain e-mail address/);
    expect(() => smtpFromEnv({ ...base, SMTP_PORT: '0' })).toThrow(/SMTP_PORT/);
    expect(() => smtpFromEnv({ ...base, SMTP_PORT: '58x' })).toThrow(/SMTP_PORT/);
    expect(() => smtpFromEnv({ ...base, SMTP_PORT: '70000' })).toThrow(/SMTP_PORT/);
    expect(() => smtpFromEnv({ ...base, SMTP_SENDER_NAME: 'News\r\nBcc: x@y.z' })).toThrow(/control characters/);
  });
});

describe('parseEmailRate', () => {
  it('takes a number per hour, or N per a period in s, m or h', () => {
    expect(parseEmailRate(undefined)).toEqual(DEFAULT_EMAIL_RATE);
    expect(DEFAULT_EMAIL_RATE).toEqual({ events: 30, seconds: 3600 });
    expect(parseEmailRate('')).toEqual(DEFAULT_EMAIL_RATE);
    expect(parseEmailRate('100')).toEqual({ events: 100, seconds: 3600 });
    expect(parseEmailRate('0')).toEqual({ events: 0, seconds: 3600 });
    expect(parseEmailRate('10/15m')).toEqual({ events: 10, seconds: 900 });
    expect(parseEmailRate('5/30s')).toEqual({ events: 5, seconds: 30 });
    expect(parseEmailRate('60/2h')).toEqual({ events: 60, seconds: 7200 });
  });

  it('refuses anything else', () => {
    for (const bad of ['-1', 'ten', '10/', '10/h', '10/1d', '10/0s', '1h']) {
      expect(() => parseEmailRate(bad), bad).toThrow(/RATE_LIMIT_EMAIL_SENT/);
    }
  });
});

describe('EmailBucket', () => {
  it('lets the hour’s sends through at once, then refills at the rate', () => {
    let now = 0;
    const bucket = new EmailBucket({ events: 2, seconds: 3600 }, () => now);
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false]);
    now += 1_799_000; // 29 min 59 s: not yet half an hour, so not yet one send back
    expect(bucket.take()).toBe(false);
    now += 1_000;
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    now += 10 * 3_600_000; // refills to the burst, never above it
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false]);
  });

  it('is no limit at 0 events', () => {
    const bucket = new EmailBucket({ events: 0, seconds: 3600 }, () => 0);
    expect(Array.from({ length: 100 }, () => bucket.take()).every(Boolean)).toBe(true);
  });
});

describe('fromHeader', () => {
  const s: SmtpSettings = {
    host: 'h',
    port: 587,
    user: undefined,
    pass: undefined,
    adminEmail: 'no-reply@auth.example.com',
    senderName: 'ESG Africa News',
  };
  it('names the sender when SMTP_SENDER_NAME is set', () => {
    expect(fromHeader(s)).toEqual({ name: 'ESG Africa News', address: 'no-reply@auth.example.com' });
    expect(fromHeader({ ...s, senderName: undefined })).toBe('no-reply@auth.example.com');
  });
});

describe('renderMailText', () => {
  const values = {
    link: 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup&redirect_to=http%3A%2F%2F127.0.0.1%3A4321',
    otp: '042917',
    email: 'reader@example.test',
  };
  const kinds: MailKind[] = ['signup', 'recovery', 'email_change', 'magiclink'];

  it('carries the same link, code and words as the HTML part, as plain text', () => {
    for (const kind of kinds) {
      const text = renderMailText(kind, values);
      const html = renderMail(kind, values);
      expect(text.split('\n')).toContain(values.link);
      expect(text).toContain('Or enter this code: 042917');
      expect(text).toContain('This message was sent to reader@example.test.');
      expect(text).not.toMatch(/[<>]|&#/);
      // Each line of words in the text is in the HTML (escaped there).
      const heading = text.split('\n')[2]!;
      expect(html).toContain(heading.replace(/'/g, '&#39;'));
    }
  });
});
