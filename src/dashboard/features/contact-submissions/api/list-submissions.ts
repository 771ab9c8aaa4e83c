import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import type { Database } from '../../../../lib/database.types.ts';

export type Submission = Database['public']['Tables']['contact_submissions']['Row'];
export type SubmissionStatus = 'new' | 'read' | 'replied';
export type FormType = 'contact' | 'advertise';
export interface SubmissionFilters {
  status: SubmissionStatus | '';
  formType: FormType | '';
}

/** Enquiries filtered by status and form type ('' = any), newest first (spec §7). */
export async function listSubmissions(filters: SubmissionFilters): Promise<Submission[]> {
  let query = getBrowserClient()
    .from('contact_submissions')
    .select('*')
    .order('created_at', { ascending: false })
    .limit(500);
  if (filters.status) query = query.eq('status', filters.status);
  if (filters.formType) query = query.eq('form_type', filters.formType);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}
