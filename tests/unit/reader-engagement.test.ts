/**
 * The newsletter, forms, popup and analytics rules (spec §4, §5, §9): validation messages, the
 * subscribe popup's eligibility, the visitor id's fingerprint rule, the analytics rows and the
 * reasons shown for the database's refusals.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages/reader.ts';
import { TIMINGS } from '../../src/lib/rules/reader/keys.ts';
import {
  checkEnquiry,
  checkNewsletterEmail,
  checkStoreEmail,
  normaliseEmail,
  type EnquiryFields,
} from '../../src/lib/rules/engagement/validation.ts';
import {
  parseTimestamp,
  popupVerdict,
  recentlySubscribed,
  type PopupFacts,
} from '../../src/lib/rules/engagement/popup-rules.ts';
import { fingerprint, hash, resolveVisitor } from '../../src/lib/rules/engagement/visitor.ts';
import { viewRows } from '../../src/lib/browser/engagement/analytics.ts';
import { REFUSALS } from '../../src/lib/messages/refusals.ts';
import { errorReport, serverReason } from '../../src/lib/browser/engagement/errors.ts';
import { freshCaller, isRateLimited } from '../../src/lib/browser/engagement/rest.ts';
import { subscribeFailureText } from '../../src/lib/browser/engagement/newsletter.ts';

describe('newsletter e-mail (§5)', () => {
  it.each([
    ['', MESSAGES.emailRequired],
    ['   ', MESSAGES.emailRequired],
    ['reader', MESSAGES.emailInvalid],
    ['reader@example', MESSAGES.emailInvalid],
    ['a b@example.com', MESSAGES.emailInvalid],
    ['@example.com', MESSAGES.emailInvalid],
    ['reader@@example.com', MESSAGES.emailInvalid],
  ])('%j is refused with %j', (raw, message) => {
    expect(checkNewsletterEmail(raw)).toEqual({ ok: false, error: message });
  });

  it('trims and lower-cases before use', () => {
    expect(checkNewsletterEmail('  Reader.One@Example.CO.ZA ')).toEqual({
      ok: true,
      value: 'reader.one@example.co.za',
    });
    expect(normaliseEmail(' A@B.C ')).toBe('a@b.c');
  });
});

describe('store notify e-mail (§5)', () => {
  it.each(['', 'nope', 'x@y'])('%j gets "Please enter a valid email."', (raw) => {
    expect(checkStoreEmail(raw)).toEqual({ ok: false, error: 'Please enter a valid email.' });
  });

  it('accepts an address', () => {
    expect(checkStoreEmail(' Me@Example.com')).toEqual({ ok: true, value: 'me@example.com' });
  });
});

describe('contact and advertise forms (§5)', () => {
  const full: EnquiryFields = { name: 'Thandi', email: 'thandi@example.com', company: 'Acme', message: 'Hello' };

  it.each([
    ['contact', 'name'],
    ['contact', 'email'],
    ['contact', 'message'],
    ['advertise', 'name'],
    ['advertise', 'email'],
    ['advertise', 'company'],
    ['advertise', 'message'],
  ] as const)('%s without %s: "Please fill in all required fields."', (formType, field) => {
    expect(checkEnquiry(formType, { ...full, [field]: '  ' })).toEqual({ ok: false, error: MESSAGES.requiredFields });
  });

  it('contact leaves company optional and sends null for it', () => {
    expect(checkEnquiry('contact', { ...full, company: ' ' })).toEqual({
      ok: true,
      value: { name: 'Thandi', email: 'thandi@example.com', company: null, message: 'Hello', formType: 'contact' },
    });
  });

  it('advertise keeps the trimmed company', () => {
    const checked = checkEnquiry('advertise', { ...full, company: ' Acme ' });
    expect(checked.ok && checked.value.company).toBe('Acme');
  });

  it('a malformed address is refused before sending', () => {
    expect(checkEnquiry('contact', { ...full, email: 'thandi' })).toEqual({ ok: false, error: MESSAGES.emailInvalid });
  });
});

describe('subscribe popup eligibility (§4)', () => {
  const now = Date.UTC(2026, 10, 25);
  const base: PopupFacts = {
    decided: true,
    dismissed: false,
    recentlySubscribedAt: null,
    now,
    signedIn: false,
    subscribed: undefined,
  };
  const day = 24 * 60 * 60 * 1000;

  it.each<[string, Partial<PopupFacts>, ReturnType<typeof popupVerdict>]>([
    ['shows an anonymous visitor after a decision', {}, 'show'],
    ['waits for the cookie decision', { decided: false }, 'wait'],
    ['never after a dismissal', { dismissed: true }, 'hide'],
    ['never after a dismissal, even undecided', { dismissed: true, decided: false }, 'hide'],
    ['waits until the session is read', { signedIn: undefined }, 'wait'],
    ['hides for 30 days after an anonymous sign-up', { recentlySubscribedAt: now - 29 * day }, 'hide'],
    ['shows again after 30 days', { recentlySubscribedAt: now - 30 * day }, 'show'],
    ['waits for a signed-in reader’s subscription', { signedIn: true, subscribed: undefined }, 'wait'],
    ['never for a signed-in subscriber', { signedIn: true, subscribed: true }, 'hide'],
    ['shows a signed-in reader who is not subscribed', { signedIn: true, subscribed: false }, 'show'],
    [
      'ignores the anonymous suppression for a signed-in reader',
      { signedIn: true, subscribed: false, recentlySubscribedAt: now - day },
      'show',
    ],
  ])('%s', (_name, facts, verdict) => {
    expect(popupVerdict({ ...base, ...facts })).toBe(verdict);
  });

  it('the suppression window is TIMINGS.anonymousSuppression (30 days)', () => {
    expect(TIMINGS.anonymousSuppression).toBe(30 * day);
    expect(recentlySubscribed(now - TIMINGS.anonymousSuppression + 1, now)).toBe(true);
    expect(recentlySubscribed(now - TIMINGS.anonymousSuppression, now)).toBe(false);
    expect(recentlySubscribed(null, now)).toBe(false);
  });

  it.each([
    [null, null],
    ['', null],
    ['abc', null],
    ['1764028800000', 1764028800000],
  ])('parseTimestamp(%j) is %j', (raw, value) => {
    expect(parseTimestamp(raw)).toBe(value);
  });
});

describe('visitor id (§3)', () => {
  const input = { userAgent: 'UA/1', language: 'en-ZA', screen: '390x844', timeZone: 'Africa/Johannesburg' };
  const print = fingerprint(input);
  let n = 0;
  const makeId = () => `id-${++n}`;

  it('the fingerprint is a short hash that changes with any input', () => {
    expect(print).toMatch(/^[0-9a-f]{8}$/);
    expect(fingerprint(input)).toBe(print);
    for (const key of Object.keys(input) as (keyof typeof input)[]) {
      expect(fingerprint({ ...input, [key]: `${input[key]}x` })).not.toBe(print);
    }
    expect(hash('')).toBe('811c9dc5');
  });

  it('creates an id when none is stored', () => {
    const result = resolveVisitor(null, print, makeId);
    expect(result.store).toEqual({ id: result.id, fingerprint: print });
  });

  it('keeps the stored id for the same fingerprint', () => {
    expect(resolveVisitor(JSON.stringify({ id: 'kept', fingerprint: print }), print, makeId)).toEqual({
      id: 'kept',
      store: null,
    });
  });

  it.each([
    ['another fingerprint', JSON.stringify({ id: 'old', fingerprint: 'deadbeef' })],
    ['unreadable JSON', '{'],
    ['a record without id', JSON.stringify({ fingerprint: print })],
  ])('regenerates on %s', (_name, stored) => {
    const result = resolveVisitor(stored, print, makeId);
    expect(result.id).not.toBe('old');
    expect(result.store).toEqual({ id: result.id, fingerprint: print });
  });
});

describe('analytics rows (§3, §7)', () => {
  const context = { path: '/article/x', userAgent: 'UA', referrer: 'https://example.com/', visitorId: 'v1' };
  const metadata = { path: '/article/x', user_agent: 'UA', referrer: 'https://example.com/', visitor_id: 'v1' };

  it('a page records one page_view', () => {
    expect(viewRows({ ...context, articleId: null })).toEqual([
      { event_type: 'page_view', article_id: null, metadata },
    ]);
  });

  it('an article page adds an article_view with its id', () => {
    expect(viewRows({ ...context, articleId: 7 })).toEqual([
      { event_type: 'page_view', article_id: null, metadata },
      { event_type: 'article_view', article_id: 7, metadata },
    ]);
  });

  it('long values are clipped to fit the 4000-byte metadata check', () => {
    const [row] = viewRows({ ...context, userAgent: 'u'.repeat(900), referrer: 'r'.repeat(2000), articleId: null });
    expect(JSON.stringify(row!.metadata).length).toBeLessThan(4000);
  });
});

describe('stored access token', () => {
  const now = 1_000_000_000_000;
  const stored = { access_token: 't', expires_at: now / 1000 + 3600, user: { id: 'u1' } };

  it('a fresh token is used as that user', () => {
    expect(freshCaller(stored, now)).toEqual({ token: 't', userId: 'u1' });
  });

  it.each([
    ['expired', { ...stored, expires_at: now / 1000 - 1 }],
    ['about to expire', { ...stored, expires_at: now / 1000 + 10 }],
    // The same minute's margin as the read client's (one rule, src/lib/browser/reader/session.ts).
    ['within a minute of expiry', { ...stored, expires_at: now / 1000 + 45 }],
    ['without a token', { ...stored, access_token: undefined }],
    ['nothing stored', null],
  ])('%s: not used', (_name, value) => {
    expect(freshCaller(value, now)).toBeNull();
  });
});

describe('server refusals', () => {
  const failure = (status: number, code: string, message: string) => ({ ok: false as const, status, code, message });

  it('a rate limit (429 / PT429) shows the catalogue’s sentence, not the server’s', () => {
    const limited = failure(429, 'PT429', 'Too many contact requests. Please try again in a moment.');
    expect(isRateLimited(limited)).toBe(true);
    expect(serverReason(limited)).toBe(REFUSALS.rateLimited);
  });

  it('a failed subscription says the rate-limit refusal, else the form’s own message', async () => {
    const limited = failure(429, 'PT429', 'Too many requests');
    const other = failure(500, 'XX000', 'relation "newsletter_subscribers" does not exist');
    expect(await subscribeFailureText(limited, MESSAGES.newsletterFailed)).toBe(REFUSALS.rateLimited);
    expect(await subscribeFailureText(other, MESSAGES.newsletterFailed)).toBe(MESSAGES.newsletterFailed);
  });

  it.each([
    ['contact_submissions_message_check', 'The message is too long (at most 5,000 characters).'],
    ['contact_submissions_name_check', 'The name is too long (at most 200 characters).'],
    ['newsletter_subscribers_email_check', 'The e-mail address is too long or not valid (at most 320 characters).'],
  ])('a size check (%s) names the limit', (constraint, reason) => {
    const message = `new row for relation "x" violates check constraint "${constraint}"`;
    expect(serverReason(failure(400, '23514', message))).toBe(reason);
  });

  it('other failures have no reason to show, a check no form can reach either', () => {
    expect(
      serverReason(failure(400, '23514', 'violates check constraint "contact_submissions_status_check"')),
    ).toBeNull();
    expect(serverReason(failure(400, '23514', 'violates check constraint "not_yet_mapped"'))).toBeNull();
    expect(serverReason(failure(500, 'XX000', 'boom'))).toBeNull();
    expect(serverReason(failure(0, 'network', 'Failed to fetch'))).toBeNull();
  });

  it('an error report carries user agent, referrer and path, clipped to the table’s limits', () => {
    const report = errorReport(
      'newsletter_subscribe_failed',
      failure(400, '23514', 'm'.repeat(3000)),
      { source: 'block' },
      { pathname: '/about' } as Location,
      { referrer: 'https://example.com/' } as Document,
      'U'.repeat(600),
    );
    expect(report).toEqual({
      event: 'newsletter_subscribe_failed',
      message: 'm'.repeat(2000),
      error_code: '23514',
      details: { status: 400, source: 'block' },
      user_agent: 'U'.repeat(500),
      referrer: 'https://example.com/',
      path: '/about',
    });
  });
});
