/** TanStack Query hooks of Insights (read-only). */
import { useQuery } from '@tanstack/react-query';
import { getDailyViews, getMyArticleViews, getSiteInsights } from './insights.ts';

export const useSiteInsights = () => useQuery({ queryKey: ['insights', 'site'], queryFn: getSiteInsights });
export const useDailyViews = () => useQuery({ queryKey: ['insights', 'daily'], queryFn: () => getDailyViews(30) });
export const useMyArticleViews = (enabled: boolean) =>
  useQuery({ queryKey: ['insights', 'mine'], queryFn: getMyArticleViews, enabled });
