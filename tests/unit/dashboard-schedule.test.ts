/** Scheduled publishing's times: the form's wall time is Johannesburg's, whatever the browser's zone. */
import { describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES } from '../../src/lib/messages/dashboard-article-form.ts';
import {
  isScheduled,
  isoToJohannesburg,
  johannesburgToIso,
  scheduleError,
} from '../../src/dashboard/shared/rules/schedule.ts';

describe('Johannesburg wall time', () => {
  it('reads a datetime-local value as SAST (UTC+2)', () => {
    expect(johannesburgToIso('2026-12-01T08:00')).toBe('2026-12-01T06:00:00.000Z');
    expect(johannesburgToIso('2027-01-01T00:30')).toBe('2026-12-31T22:30:00.000Z');
  });

  it('shows an instant as its Johannesburg wall time', () => {
    expect(isoToJohannesburg('2026-12-01T06:00:00.000Z')).toBe('2026-12-01T08:00');
    expect(isoToJohannesburg('2026-12-31T22:30:00Z')).toBe('2027-01-01T00:30');
    expect(isoToJohannesburg(null)).toBe('');
    expect(isoToJohannesburg('nonsense')).toBe('');
  });

  it('round-trips', () => {
    for (const v of ['2026-06-15T23:59', '2026-02-28T00:00', '2028-02-29T12:15']) {
      expect(isoToJohannesburg(johannesburgToIso(v))).toBe(v);
    }
  });

  it('refuses incomplete values', () => {
    expect(johannesburgToIso('')).toBeNull();
    expect(johannesburgToIso('2026-12-01')).toBeNull();
    expect(johannesburgToIso('2026-12-01T8:00')).toBeNull();
  });
});

describe('schedule rules', () => {
  const now = new Date('2026-11-24T10:00:00Z'); // 12:00 in Johannesburg

  it('needs a complete time in the future', () => {
    expect(scheduleError('', now)).toBe(SCHEDULE_MESSAGES.timeRequired);
    expect(scheduleError('2026-11-24T12:00', now)).toBe(SCHEDULE_MESSAGES.timeInPast);
    expect(scheduleError('2026-11-24T11:59', now)).toBe(SCHEDULE_MESSAGES.timeInPast);
    expect(scheduleError('2026-11-24T12:01', now)).toBeNull();
  });

  it('a published article with a future time is scheduled; drafts and past times are not', () => {
    expect(isScheduled('published', '2026-11-24T10:00:01Z', now)).toBe(true);
    expect(isScheduled('published', '2026-11-24T10:00:00Z', now)).toBe(false);
    expect(isScheduled('draft', '2026-12-24T10:00:00Z', now)).toBe(false);
    expect(isScheduled('published', null, now)).toBe(false);
  });
});
