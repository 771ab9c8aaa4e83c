/**
 * Manage Events' rules (spec §5): title, date and location are required, and the date travels
 * between the form's `datetime-local` input (the editor's own clock) and an ISO timestamp.
 */
import { EVENTS } from '../../../lib/messages/dashboard.ts';
import { REFUSALS } from '../../../lib/messages/refusals.ts';

export interface EventDraft {
  title: string;
  eventDate: string;
  location: string;
  description: string;
  imageUrl: string;
  link: string;
}

export const EMPTY_EVENT: EventDraft = {
  title: '',
  eventDate: '',
  location: '',
  description: '',
  imageUrl: '',
  link: '',
};

/**
 * What the database's `events_link_check` accepts (migration 20261127400100): an http(s) address
 * whose host has a dot, with no spaces, at most 1,000 characters. Keep the two in step.
 */
export const EVENT_LINK_PATTERN = /^https?:\/\/[^\s/?#.]+(\.[^\s/?#.]+)+(:\d+)?([/?#]\S*)?$/i;
const EVENT_LINK_MAX_CHARS = 1000;

/**
 * The link as it is stored: trimmed, and `https://` put in front of an address typed without a
 * scheme ('www.example.org' → 'https://www.example.org'). Blank → null.
 */
export function eventLink(typed: string): string | null {
  const t = typed.trim();
  if (!t) return null;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(t) ? t : `https://${t}`;
}

/** Whether the link (as `eventLink` stores it) is one the database takes. */
function linkAccepted(link: string | null): boolean {
  return link === null || (link.length <= EVENT_LINK_MAX_CHARS && EVENT_LINK_PATTERN.test(link));
}

/**
 * The spec's one message when any of title, date or location is blank; a link the database would
 * refuse gets the catalogue's message saying what to fix; otherwise null.
 */
export function validateEvent(draft: EventDraft): string | null {
  const missing = [draft.title, draft.eventDate, draft.location].some((v) => !v.trim());
  if (missing || Number.isNaN(new Date(draft.eventDate).getTime())) return EVENTS.required;
  if (!linkAccepted(eventLink(draft.link))) return REFUSALS.eventLink;
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO timestamp as a `datetime-local` value in the browser's time zone ('' when empty). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (browser time zone) as an ISO timestamp. */
function fromLocalInput(value: string): string {
  return new Date(value).toISOString();
}

/** The row the database takes: blanks become null, the rest trimmed. */
export function eventRow(draft: EventDraft) {
  const optional = (v: string) => v.trim() || null;
  return {
    title: draft.title.trim(),
    event_date: fromLocalInput(draft.eventDate),
    location: draft.location.trim(),
    description: optional(draft.description),
    image_url: optional(draft.imageUrl),
    link: eventLink(draft.link),
  };
}
