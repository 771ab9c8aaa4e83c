import { describe, expect, it } from 'vitest';
import { EMPTY_EVENT, eventRow, toLocalInput, validateEvent } from '../../src/dashboard/features/events/event-rules.ts';
import { EVENTS } from '../../src/lib/messages/dashboard.ts';
import { REFUSALS } from '../../src/lib/messages/refusals.ts';

const ok = { ...EMPTY_EVENT, title: 'ESG Summit', eventDate: '2027-03-04T09:30', location: 'Durban' };

describe('validateEvent: title, date and location are required (spec §5)', () => {
  it.each([
    ['title', { ...ok, title: '  ' }],
    ['date', { ...ok, eventDate: '' }],
    ['location', { ...ok, location: '' }],
    ['an unparsable date', { ...ok, eventDate: 'soon' }],
  ])('missing %s → the spec message', (_what, draft) => {
    expect(validateEvent(draft)).toBe('Title, date, and location are required.');
    expect(validateEvent(draft)).toBe(EVENTS.required);
  });
  it('description, image and link are optional', () => {
    expect(validateEvent(ok)).toBeNull();
  });
});

describe('eventRow and the datetime-local round trip', () => {
  it('trims and turns blanks into null', () => {
    const row = eventRow({ ...ok, title: ' ESG Summit ', link: ' ' });
    expect(row).toMatchObject({
      title: 'ESG Summit',
      location: 'Durban',
      description: null,
      link: null,
      image_url: null,
    });
    expect(toLocalInput(row.event_date)).toBe('2027-03-04T09:30');
  });
  it.each([null, undefined, '', 'nope'])('%s → empty input', (v) => {
    expect(toLocalInput(v)).toBe('');
  });
});

describe('the link: www.example.org is saved as https://www.example.org, else a message says what to fix', () => {
  it('puts https:// in front of an address typed without a scheme', () => {
    expect(eventRow({ ...ok, link: ' www.example.org ' }).link).toBe('https://www.example.org');
    expect(validateEvent({ ...ok, link: 'www.example.org' })).toBeNull();
  });
  it.each(['https://not a link', 'example', 'ftp://example.org', 'https://'])('%s → the catalogue message', (link) => {
    expect(validateEvent({ ...ok, link })).toBe(REFUSALS.eventLink);
  });
});
