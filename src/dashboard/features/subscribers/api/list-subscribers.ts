import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import { pageRange } from '../../../shared/paging/paging.ts';
import { emailSearchPattern, type SubscriberFilter, type SubscriberRow } from '../subscriber-rules.ts';

/** The API's own row cap per request: the CSV reads the list in batches of it. */
const SUBSCRIBER_LIMIT = 1000;

export interface SubscriberPage {
  rows: SubscriberRow[];
  /** How many subscribers match in all (the table shows one page of them). */
  matching: number;
}

function matchingQuery(search: string, filter: SubscriberFilter, count = false) {
  let query = getBrowserClient()
    .from('newsletter_subscribers')
    .select('id, email, subscribed_at, created_at, user_id, status', count ? { count: 'exact' } : undefined)
    .order('subscribed_at', { ascending: false, nullsFirst: false })
    .order('id', { ascending: false });
  const pattern = emailSearchPattern(search);
  if (pattern) query = query.ilike('email', pattern);
  if (filter !== 'all') query = query.eq('status', filter);
  return query;
}

/**
 * One page of the subscribers matching the e-mail search and the status filter, newest first
 * (subscribed_at descending, nulls last; spec §7), with how many match in all: searched and paged
 * in the database (issue 28). Admins only: the database returns nothing to anyone else.
 */
export async function listSubscribers(search: string, filter: SubscriberFilter, page: number): Promise<SubscriberPage> {
  const { data, error, count } = await matchingQuery(search, filter, true).range(...pageRange(page));
  if (error) throw new Error(error.message);
  return { rows: data as SubscriberRow[], matching: count ?? data.length };
}

/** Every matching subscriber, for the CSV: read 1,000 at a time (the API's cap per request). */
export async function allSubscribers(search: string, filter: SubscriberFilter): Promise<SubscriberRow[]> {
  const rows: SubscriberRow[] = [];
  for (let from = 0; ; from += SUBSCRIBER_LIMIT) {
    const { data, error } = await matchingQuery(search, filter).range(from, from + SUBSCRIBER_LIMIT - 1);
    if (error) throw new Error(error.message);
    rows.push(...(data as SubscriberRow[]));
    if (data.length < SUBSCRIBER_LIMIT) return rows;
  }
}
