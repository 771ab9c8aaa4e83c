/**
 * The Newsletters screen's pure rules (issue 30): the default send time (the next Friday at
 * 07:00 in Johannesburg), the story list's moves, and what must be filled in before sending.
 */
import { NEWSLETTERS } from '../../../lib/messages/dashboard-newsletters.ts';
import { isoToJohannesburg, johannesburgToIso } from '../../shared/rules/schedule.ts';

export interface StoryRef {
  id: number;
  title: string;
}

/** The Friday newsletter's slot: 07:00 in Johannesburg. */
const SEND_HOUR = '07:00';
const FRIDAY = 5;

/**
 * The next Friday 07:00 Johannesburg time after `now`, as a `datetime-local` value: today when
 * it is Friday before 07:00, else the coming Friday.
 */
export function nextFridayMorning(now: Date = new Date()): string {
  const today = isoToJohannesburg(now.toISOString()).slice(0, 10);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  for (let add = 0; add <= 7; add++) {
    const day = new Date(Date.UTC(y, m - 1, d + add));
    if (day.getUTCDay() !== FRIDAY) continue;
    const value = `${day.toISOString().slice(0, 10)}T${SEND_HOUR}`;
    if (new Date(johannesburgToIso(value)!).getTime() > now.getTime()) return value;
  }
  throw new Error('unreachable: a Friday within a week');
}

/** The list with the story at `index` moved by `by` (−1 up, +1 down); unchanged at the ends. */
export function moveStory<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Adds a story at the end unless it is already in the list. */
export function addStory<T extends StoryRef>(list: readonly T[], story: T): T[] {
  return list.some((s) => s.id === story.id) ? [...list] : [...list, story];
}

/** Why the issue cannot be sent yet, or null. */
export function sendProblem(subject: string, stories: readonly StoryRef[]): string | null {
  if (subject.trim() === '') return NEWSLETTERS.subjectRequired;
  if (stories.length === 0) return NEWSLETTERS.storiesRequired;
  return null;
}
