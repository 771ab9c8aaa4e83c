/** TanStack Query hooks of Subscribers (read-only screen). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SubscriberFilter } from '../subscriber-rules.ts';
import { listSubscribers } from './list-subscribers.ts';
import { getSubscriberStats } from './subscriber-stats.ts';

export function useSubscribers(search: string, filter: SubscriberFilter, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['subscribers', 'list', search.trim().toLowerCase(), filter, page],
    queryFn: () => listSubscribers(search, filter, page),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSubscriberStats(enabled: boolean) {
  return useQuery({ queryKey: ['subscribers', 'stats'], queryFn: getSubscriberStats, enabled });
}
