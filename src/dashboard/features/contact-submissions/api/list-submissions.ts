import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import { pageRange, type ListPage } from '../../../shared/paging/paging.ts';
import type { Database } from '../../../../lib/database.types.ts';

export type Submission = Database['public']['Tables']['contact_submissions']['Row'];
export type SubmissionStatus = 'new' | 'read' | 'replied';
export type FormType = 'contact' | 'advertise';
export interface SubmissionFilters {
  status: SubmissionStatus | '';
  formType: FormType | '';
}

/**
 * One page of enquiries filtered by status and form type ('' = any), newest first (spec §7), with
 * how many match in all: filtered and paged in the database, so none is ever out of reach.
 */
export async function listSubmissions(filters: SubmissionFilters, page: number): Promise<ListPage<Submission>> {
  let query = getBrowserClient()
    .from('contact_submissions')
    .select('*', { count: 'exact' })
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (filters.status) query = query.eq('status', filters.status);
  if (filters.formType) query = query.eq('form_type', filters.formType);
  const { data, error, count } = await query.range(...pageRange(page));
  if (error) throw new Error(error.message);
  return { rows: data, total: count ?? data.length };
}
