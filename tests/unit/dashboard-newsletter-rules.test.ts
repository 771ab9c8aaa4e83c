import { describe, expect, it } from 'vitest';
import { NEWSLETTERS } from '../../src/lib/messages/dashboard-newsletters.ts';
import {
  addStory,
  moveStory,
  nextFridayMorning,
  sendProblem,
} from '../../src/dashboard/features/newsletters/newsletter-rules.ts';

describe('nextFridayMorning: Friday 07:00 in Johannesburg', () => {
  it.each([
    // Thursday 26 Nov 2026 10:00 SAST → Friday 27 Nov.
    ['2026-11-26T08:00:00Z', '2026-11-27T07:00'],
    // Friday 27 Nov 2026 06:59 SAST → the same morning.
    ['2026-11-27T04:59:00Z', '2026-11-27T07:00'],
    // Friday 07:00 exactly and later → the next Friday.
    ['2026-11-27T05:00:00Z', '2026-12-04T07:00'],
    // Thursday 23:30 UTC is already Friday 01:30 in Johannesburg.
    ['2026-11-26T23:30:00Z', '2026-11-27T07:00'],
  ])('%s → %s', (now, expected) => {
    expect(nextFridayMorning(new Date(now))).toBe(expected);
  });
});

describe('story list', () => {
  const a = { id: 1, title: 'A' };
  const b = { id: 2, title: 'B' };
  const c = { id: 3, title: 'C' };
  it('moves up and down, and not past the ends', () => {
    expect(moveStory([a, b, c], 1, -1)).toEqual([b, a, c]);
    expect(moveStory([a, b, c], 1, 1)).toEqual([a, c, b]);
    expect(moveStory([a, b, c], 0, -1)).toEqual([a, b, c]);
    expect(moveStory([a, b, c], 2, 1)).toEqual([a, b, c]);
  });
  it('adds at the end, once', () => {
    expect(addStory([a], b)).toEqual([a, b]);
    expect(addStory([a, b], a)).toEqual([a, b]);
  });
  it('needs a subject and a story to send', () => {
    expect(sendProblem(' ', [a])).toBe(NEWSLETTERS.subjectRequired);
    expect(sendProblem('S', [])).toBe(NEWSLETTERS.storiesRequired);
    expect(sendProblem('S', [a])).toBeNull();
  });
});
