import { describe, expect, it } from 'vitest';
import {
  RELATIVE_TIME_LIMIT_MINUTES,
  articleDate,
  formatArticleDate,
  formatEventDate,
  formatDateTime,
  formatEventTime,
  isoDate,
  relativeTime,
} from '../../src/lib/rules/dates.ts';

describe('formatArticleDate: en-ZA, long month, Africa/Johannesburg (UTC+2)', () => {
  it.each([
    ['2026-11-19T08:00:00Z', '19 November 2026'],
    ['2026-01-05T12:00:00+02:00', '5 January 2026'],
    // Around midnight UTC the Johannesburg date is already the next day from 22:00 UTC.
    ['2026-11-19T21:59:59Z', '19 November 2026'],
    ['2026-11-19T22:00:00Z', '20 November 2026'],
    ['2026-11-19T23:30:00Z', '20 November 2026'],
    ['2026-11-20T00:00:00Z', '20 November 2026'],
    ['2026-12-31T22:00:00Z', '1 January 2027'],
    ['2026-12-31T21:59:00Z', '31 December 2026'],
    ['2026-11-19T23:59:00-05:00', '20 November 2026'],
  ])('%s → %s', (iso, expected) => {
    expect(formatArticleDate(iso)).toBe(expected);
  });

  it.each([null, undefined, '', 'not a date'])('gives an empty string for %j', (value) => {
    expect(formatArticleDate(value)).toBe('');
  });
});

describe('articleDate: published_at, else created_at (§2)', () => {
  it('prefers published_at', () => {
    expect(articleDate({ publishedAt: '2026-11-19T08:00:00Z', createdAt: '2026-11-01T08:00:00Z' })).toBe(
      '2026-11-19T08:00:00Z',
    );
  });

  it('falls back to created_at', () => {
    expect(articleDate({ publishedAt: null, createdAt: '2026-11-01T08:00:00Z' })).toBe('2026-11-01T08:00:00Z');
  });
});

describe('formatEventDate and formatEventTime: en-GB long date, 24-hour time, Johannesburg', () => {
  it.each([
    ['2026-12-03T07:00:00Z', '3 December 2026', '09:00'],
    ['2026-12-03T21:45:00Z', '3 December 2026', '23:45'],
    ['2026-12-03T22:15:00Z', '4 December 2026', '00:15'],
    ['2027-02-28T23:00:00Z', '1 March 2027', '01:00'],
  ])('%s → %s at %s', (iso, date, time) => {
    expect(formatEventDate(iso)).toBe(date);
    expect(formatEventTime(iso)).toBe(time);
  });

  it.each([null, '', 'soon'])('gives empty strings for %j', (value) => {
    expect(formatEventDate(value)).toBe('');
    expect(formatEventTime(value)).toBe('');
  });
});

describe('relativeTime: the spec buckets (§9) at every boundary', () => {
  const now = new Date('2026-11-19T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const MIN = 60_000;
  const SEC = 1000;

  it.each([
    [0, '1 minute ago'],
    [59 * SEC, '1 minute ago'],
    [MIN, '15 minutes ago'],
    [14 * MIN + 59 * SEC, '15 minutes ago'],
    [15 * MIN, '15 minutes ago'],
    [15 * MIN + 59 * SEC, '15 minutes ago'],
    [16 * MIN, '30 minutes ago'],
    [30 * MIN, '30 minutes ago'],
    [31 * MIN, '45 minutes ago'],
    [45 * MIN, '45 minutes ago'],
    [46 * MIN, '1 hour ago'],
    [59 * MIN + 59 * SEC, '1 hour ago'],
    [60 * MIN, '1 hour ago'],
    [61 * MIN, '2 hours ago'],
    [120 * MIN, '2 hours ago'],
    [121 * MIN, '3 hours ago'],
    [5 * 60 * MIN, '5 hours ago'],
    [1320 * MIN, '22 hours ago'],
    [1321 * MIN, '23 hours ago'],
    [1379 * MIN + 59 * SEC, '23 hours ago'],
  ])('%i ms ago → %s', (ms, label) => {
    expect(relativeTime(ago(ms), now)).toBe(label);
  });

  it('switches to the en-GB long date at 1380 minutes', () => {
    expect(RELATIVE_TIME_LIMIT_MINUTES).toBe(1380);
    expect(relativeTime(ago(1380 * MIN), now)).toBe('18 November 2026');
  });

  it.each([
    ['2026-11-17T21:59:00Z', '17 November 2026'],
    ['2026-11-17T22:00:00Z', '18 November 2026'],
    ['2025-06-01T10:00:00Z', '1 June 2025'],
  ])('shows the Johannesburg date for %s', (iso, label) => {
    expect(relativeTime(iso, now)).toBe(label);
  });

  it("treats a time in the future (clock skew) as '1 minute ago'", () => {
    expect(relativeTime('2026-11-19T12:05:00Z', now)).toBe('1 minute ago');
  });

  it.each([null, '', 'yesterday'])('gives an empty string for %j', (value) => {
    expect(relativeTime(value, now)).toBe('');
  });

  it('defaults to the current time', () => {
    expect(relativeTime(new Date().toISOString())).toBe('1 minute ago');
  });
});

describe('isoDate: the <time datetime> value', () => {
  it.each([
    ['2026-11-19T10:00:00+02:00', '2026-11-19T08:00:00.000Z'],
    ['2026-11-19T08:00:00Z', '2026-11-19T08:00:00.000Z'],
    ['2026-11-19', '2026-11-19T00:00:00.000Z'],
    [null, ''],
    ['garbage', ''],
  ])('%j → %j', (iso, expected) => {
    expect(isoDate(iso)).toBe(expected);
  });
});

describe('formatDateTime: en-ZA, year, short month, day, hour, minute, Johannesburg (§9)', () => {
  it.each([
    ['2026-11-19T12:05:00Z', /^19 Nov 2026.*14:05$/],
    ['2026-12-31T22:30:00Z', /^01 Jan 2027.*00:30$|^1 Jan 2027.*00:30$/],
  ])('%s → %s', (iso, pattern) => {
    expect(formatDateTime(iso)).toMatch(pattern);
  });
  it.each([null, undefined, '', 'nonsense'])('%s → empty', (value) => {
    expect(formatDateTime(value)).toBe('');
  });
});
