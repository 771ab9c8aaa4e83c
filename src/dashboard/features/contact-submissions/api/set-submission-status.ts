import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import type { SubmissionStatus } from './list-submissions.ts';

/** new → read → replied (or new → replied); the trigger refuses any other move. */
export async function setSubmissionStatus(id: number, status: SubmissionStatus): Promise<void> {
  const { data, error } = await getBrowserClient()
    .from('contact_submissions')
    .update({ status })
    .eq('id', id)
    .select('id');
  if (error) throw new Error(error.message);
  if (!data.length) throw new Error('Submission not found.');
}
