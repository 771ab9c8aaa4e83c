/** The staff list as a TanStack Query hook: the author picker and the history's names share it. */
import { useQuery } from '@tanstack/react-query';
import { listStaff } from './list-staff.ts';

export function useStaff(enabled = true) {
  return useQuery({ queryKey: ['staff'], queryFn: listStaff, enabled, staleTime: 60_000 });
}
