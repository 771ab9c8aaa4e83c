/**
 * The Subscribers screen's pure rules (spec §2, §5, §9): the search pattern, the derived status
 * and source, and the CSV export of what the screen shows.
 */
import { formatDateTime } from '../../../lib/rules/dates.ts';

export type SubscriberFilter = 'all' | 'active' | 'unsubscribed';

export interface SubscriberRow {
  id: number;
  email: string;
  subscribed_at: string | null;
  created_at: string;
  user_id: string | null;
  /** Active or unsubscribed, as the database keeps it (issue 30). */
  status: 'active' | 'unsubscribed';
}
export const SUBSCRIBER_SOURCE = 'Website';

/**
 * An `ilike` pattern matching the term anywhere in the e-mail, case-insensitively. `%`, `_` and
 * `\` in the term are escaped, so 'a_b' finds 'a_b' and not 'axb'. Blank → null (no filter).
 */
export function emailSearchPattern(term: string): string | null {
  const t = term.trim().toLowerCase();
  if (!t) return null;
  return `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function csvField(value: string): string {
  // Quote everything that could break a row, and defuse spreadsheet formulas (=, +, -, @).
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows as CSV with the screen's columns (Email, Status, Subscribed Date, Source), CRLF lines. */
export function subscribersCsv(rows: SubscriberRow[]): string {
  const lines = [['Email', 'Status', 'Subscribed Date', 'Source']];
  for (const r of rows) {
    lines.push([r.email, r.status, formatDateTime(r.subscribed_at ?? r.created_at), SUBSCRIBER_SOURCE]);
  }
  return lines.map((l) => l.map(csvField).join(',')).join('\r\n') + '\r\n';
}
