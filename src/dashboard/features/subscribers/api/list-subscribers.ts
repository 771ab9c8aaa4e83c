import { getBrowserClient } from '../../../../lib/supabase.ts';
import {
  emailSearchPattern,
  filterMatchesStatus,
  type SubscriberFilter,
  type SubscriberRow,
} from '../../../../lib/subscribers.ts';

/** The most the screen (and its CSV) holds; the API's own row cap is 1,000. */
export const SUBSCRIBER_LIMIT = 1000;

/**
 * Subscribers matching the e-mail search and the status filter, newest first (subscribed_at
 * descending, nulls last; spec §7). Admins only: the database returns nothing to anyone else.
 */
export async function listSubscribers(search: string, filter: SubscriberFilter): Promise<SubscriberRow[]> {
  if (!filterMatchesStatus(filter, 'active')) return [];
  let query = getBrowserClient()
    .from('newsletter_subscribers')
    .select('id, email, subscribed_at, created_at, user_id')
    .order('subscribed_at', { ascending: false, nullsFirst: false })
    .limit(SUBSCRIBER_LIMIT);
  const pattern = emailSearchPattern(search);
  if (pattern) query = query.ilike('email', pattern);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}
