import { getBrowserClient } from '../../../lib/browser/supabase.ts';

export interface StaffMember {
  id: string;
  displayName: string;
}

/**
 * The author picker's choices: staff with a non-empty display name (spec §5). A failure is
 * logged and gives an empty list (spec §8, "Authors query").
 */
export async function listStaff(): Promise<StaffMember[]> {
  const { data, error } = await getBrowserClient().rpc('staff_profiles');
  if (error) {
    console.error('Failed to load authors', error);
    return [];
  }
  return data
    .filter((p) => (p.display_name ?? '').trim() !== '')
    .map((p) => ({ id: p.id, displayName: p.display_name! }));
}
