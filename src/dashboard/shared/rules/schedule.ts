/**
 * Scheduled publishing in the article form (issue 12): 'Publish now' or a date and time in
 * Africa/Johannesburg, whatever the editor's own computer is set to, because the newsroom's
 * morning is Johannesburg's morning. The form's `datetime-local` value is a Johannesburg wall
 * time; the database stores the instant.
 */
import { SCHEDULE_MESSAGES } from '../../../lib/messages/dashboard-article-form.ts';
import { TIME_ZONE } from '../../../lib/site.ts';

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock fields of an instant in Johannesburg. */
function wallClock(date: Date): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const get = (type: string) => Number(PARTS.formatToParts(date).find((p) => p.type === type)?.value);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute'), s: get('second') };
}

/** Johannesburg's offset from UTC at an instant, in milliseconds (SAST: +2 h, no daylight saving). */
function offsetAt(date: Date): number {
  const w = wallClock(date);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(date.getTime() / 1000) * 1000;
}

const LOCAL_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A `datetime-local` value read as Johannesburg time, as an ISO instant; null when not a full value. */
export function johannesburgToIso(value: string): string | null {
  const m = LOCAL_VALUE.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(asUtc)) return null;
  const instant = asUtc - offsetAt(new Date(asUtc - offsetAt(new Date(asUtc))));
  return new Date(instant).toISOString();
}

/** An instant as the `datetime-local` value of its Johannesburg wall time ('' when empty). */
export function isoToJohannesburg(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const w = wallClock(date);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.y}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}

/** Whether a published article with this publication time is not public yet. */
export function isScheduled(status: string, publishedAt: string | null | undefined, now: Date = new Date()): boolean {
  if (status !== 'published' || !publishedAt) return false;
  const at = new Date(publishedAt).getTime();
  return !Number.isNaN(at) && at > now.getTime();
}

/**
 * The form's check of a schedule: a complete value, in the future. `value` is the
 * `datetime-local` text; null when fine.
 */
export function scheduleError(value: string, now: Date = new Date()): string | null {
  const iso = johannesburgToIso(value);
  if (!iso) return SCHEDULE_MESSAGES.timeRequired;
  if (new Date(iso).getTime() <= now.getTime()) return SCHEDULE_MESSAGES.timeInPast;
  return null;
}
