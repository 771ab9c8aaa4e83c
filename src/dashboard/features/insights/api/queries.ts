/** TanStack Query hooks of Insights (read-only). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getDailyViews, getMyArticleViews, getSiteInsights } from './insights.ts';

export const useSiteInsights = () => useQuery({ queryKey: ['insights', 'site'], queryFn: getSiteInsights });
export const useDailyViews = () => useQuery({ queryKey: ['insights', 'daily'], queryFn: () => getDailyViews(30) });
export const useMyArticleViews = (page: number, enabled: boolean) =>
  useQuery({
    queryKey: ['insights', 'mine', page],
    queryFn: () => getMyArticleViews(page),
    placeholderData: keepPreviousData,
    enabled,
  });
