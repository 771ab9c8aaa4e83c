/**
 * Dates as the spec shows them (§9): en-ZA with a long month on listings and articles, en-GB long
 * dates for events and relative-time fallbacks, always in Africa/Johannesburg time, whatever the
 * time zone of the machine that builds the site.
 */
import type { Article } from '../types.ts';
import { LOCALE, LOCALE_GB, TIME_ZONE } from '../site.ts';

const ARTICLE_DATE = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
});
const LONG_DATE_GB = new Intl.DateTimeFormat(LOCALE_GB, { dateStyle: 'long', timeZone: TIME_ZONE });
const TIME_GB = new Intl.DateTimeFormat(LOCALE_GB, {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});

const DATE_TIME = new Intl.DateTimeFormat(LOCALE, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});

const MINUTE_MS = 60_000;
/** Relative time switches to a date at 23 hours (§9: "hours up to 23 hours (under 1380 minutes)"). */
export const RELATIVE_TIME_LIMIT_MINUTES = 1380;

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * An article or listing date, e.g. '19 November 2026' (en-ZA, long month, Johannesburg time).
 * An empty or unparsable value gives '' so a bad row shows no date rather than 'Invalid Date'.
 */
export function formatArticleDate(iso: string | null | undefined): string {
  if (!iso) return '';
  // An article's date is shown on its page and on every listing and card that has it: formatted
  // once per timestamp (an Intl format is ~30 µs; a build of 10,000 articles asks ~100,000 times).
  let text = articleDates.get(iso);
  if (text === undefined) {
    const date = parse(iso);
    text = date ? ARTICLE_DATE.format(date) : '';
    // Bounded, for a process that renders many builds.
    if (articleDates.size >= ARTICLE_DATES_LIMIT) articleDates.clear();
    articleDates.set(iso, text);
  }
  return text;
}

const articleDates = new Map<string, string>();
const ARTICLE_DATES_LIMIT = 200_000;

/** The date an article shows and is sorted by: published_at, else created_at (§2). */
export function articleDate(article: Pick<Article, 'publishedAt' | 'createdAt'>): string {
  return article.publishedAt ?? article.createdAt;
}

/**
 * An en-GB long date in Johannesburg time, e.g. '3 December 2026' (§9: events and relative-time
 * fallbacks). No weekday: the spec names only the "long format", which in en-GB has none.
 */
export function formatEventDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? LONG_DATE_GB.format(date) : '';
}

/**
 * A dashboard timestamp, e.g. '19 Nov 2026, 14:05' (§9: subscriber dates are en-ZA with year,
 * short month, day, hour and minute; comments and enquiries use the same format).
 */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? DATE_TIME.format(date) : '';
}

/** The time of day of an event in Johannesburg, 24-hour clock, e.g. '09:00'. */
export function formatEventTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? TIME_GB.format(date) : '';
}

/**
 * The preview page's relative time (§2, §9). The spec's buckets, made exact:
 *
 * Let m be the whole minutes elapsed (floor of the difference; a future time counts as 0).
 * Every label rounds *up* to the next bucket, as the spec's "under 1 minute: 1 minute ago" does:
 * - m = 0 (under 1 minute): '1 minute ago'
 * - 1 ≤ m ≤ 15: '15 minutes ago'; 16–30: '30 minutes ago'; 31–45: '45 minutes ago'
 * - 46 ≤ m ≤ 60: '1 hour ago' (so "under 60" and exactly 60 agree)
 * - 61 ≤ m < 1380: ⌈m / 60⌉ hours, '2 hours ago' … '23 hours ago'
 * - m ≥ 1380: the en-GB long date, e.g. '19 November 2026'
 *
 * An unparsable value gives ''.
 */
export function relativeTime(iso: string | null | undefined, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return '';
  const minutes = Math.max(0, Math.floor((now.getTime() - date.getTime()) / MINUTE_MS));
  if (minutes < 1) return '1 minute ago';
  if (minutes <= 15) return '15 minutes ago';
  if (minutes <= 30) return '30 minutes ago';
  if (minutes <= 45) return '45 minutes ago';
  if (minutes < RELATIVE_TIME_LIMIT_MINUTES) {
    const hours = Math.ceil(minutes / 60);
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  return LONG_DATE_GB.format(date);
}

/**
 * The machine-readable form for `<time datetime>` and JSON-LD: full ISO 8601 in UTC
 * ('2026-11-19T08:00:00.000Z'), or '' when the value is missing or unparsable.
 */
export function isoDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? date.toISOString() : '';
}

/**
 * The latest of some timestamps as ISO 8601 (unparsable ones ignored; '' when none parses): an
 * article's "last modified" is its last edit, never earlier than its publication (JSON-LD
 * dateModified, article:modified_time, sitemap lastmod).
 */
export function latestDate(...values: (string | null | undefined)[]): string {
  const times = values.map((v) => parse(v)?.getTime()).filter((t): t is number => t !== undefined);
  return times.length ? new Date(Math.max(...times)).toISOString() : '';
}
