import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getBrowserClient } from '../../../lib/browser/supabase.ts';
import { getStaffSession } from './get-staff-session.ts';

export const sessionKey = ['session'] as const;

/** The session query; re-read when supabase-js reports a sign-in or sign-out (other tabs too). */
export function useStaffSession() {
  const client = useQueryClient();
  useEffect(() => {
    const { data } = getBrowserClient().auth.onAuthStateChange((event) => {
      if (event === 'SIGNED_IN' || event === 'SIGNED_OUT' || event === 'USER_UPDATED') {
        void client.invalidateQueries({ queryKey: sessionKey });
      }
    });
    return () => data.subscription.unsubscribe();
  }, [client]);
  return useQuery({ queryKey: sessionKey, queryFn: getStaffSession, staleTime: Infinity });
}
