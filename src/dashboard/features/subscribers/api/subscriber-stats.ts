import { getBrowserClient } from '../../../../lib/browser/supabase.ts';

export interface SubscriberStats {
  total: number;
  newThisWeek: number;
  newThisMonth: number;
  active: number;
  unsubscribed: number;
}

/** The five stat cards, counted in the database (7 days; 30 days = 720 hours). */
export async function getSubscriberStats(): Promise<SubscriberStats> {
  const { data, error } = await getBrowserClient().rpc('subscriber_stats').single();
  if (error) throw new Error(error.message);
  return {
    total: data.total,
    newThisWeek: data.new_this_week,
    newThisMonth: data.new_this_month,
    active: data.active,
    unsubscribed: data.unsubscribed,
  };
}
