import { describe, expect, it } from 'vitest';
import {
  emailSearchPattern,
  subscribersCsv,
  type SubscriberRow,
} from '../../src/dashboard/features/subscribers/subscriber-rules.ts';

describe('emailSearchPattern: case-insensitive substring, wildcards escaped', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['Thandi', '%thandi%'],
    ['  @Example.TEST ', '%@example.test%'],
    ['a_b', '%a\\_b%'],
    ['50%', '%50\\%%'],
    ['back\\slash', '%back\\\\slash%'],
  ])('%j → %j', (term, pattern) => {
    expect(emailSearchPattern(term)).toBe(pattern);
  });
});

describe('subscribersCsv', () => {
  const row = (email: string, status: SubscriberRow['status'] = 'active'): SubscriberRow => ({
    status,
    id: 1,
    email,
    subscribed_at: '2026-11-19T12:05:00Z',
    created_at: '2026-11-19T12:05:00Z',
    user_id: null,
  });
  it('has the screen’s columns, en-ZA dates and Website as source', () => {
    expect(subscribersCsv([row('a@b.test')])).toBe(
      'Email,Status,Subscribed Date,Source\r\na@b.test,active,"19 Nov 2026, 14:05",Website\r\n',
    );
  });
  it('has the real status (issue 30)', () => {
    expect(subscribersCsv([row('u@b.test', 'unsubscribed')]).split('\r\n')[1]).toBe(
      'u@b.test,unsubscribed,"19 Nov 2026, 14:05",Website',
    );
  });
  it('defuses spreadsheet formulas and quotes quotes', () => {
    const csv = subscribersCsv([row('=cmd"x@b.test')]);
    expect(csv.split('\r\n')[1]!.startsWith(`"'=cmd""x@b.test"`)).toBe(true);
  });
  it('an empty list is just the header', () => {
    expect(subscribersCsv([])).toBe('Email,Status,Subscribed Date,Source\r\n');
  });
});
