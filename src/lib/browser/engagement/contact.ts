/**
 * Contact and advertising enquiries through `submit_contact()` (the id comes back without read
 * access to the table). The database checks sizes and rate-limits per address; those refusals
 * come back with their reason so the form can say what to change.
 */
import { MESSAGES } from '../../messages/reader.ts';
import type { Enquiry } from '../../rules/engagement/validation.ts';
import { serverReason } from './errors.ts';
import { currentCaller, rest } from './rest.ts';

export type SendOutcome = { ok: true; id: number } | { ok: false; message: string; reason: string | null };

export async function sendEnquiry(enquiry: Enquiry): Promise<SendOutcome> {
  const caller = await currentCaller(true);
  const result = await rest<number>('rpc/submit_contact', {
    caller,
    minimal: false,
    body: {
      p_name: enquiry.name,
      p_email: enquiry.email,
      p_message: enquiry.message,
      p_form_type: enquiry.formType,
      p_company: enquiry.company,
    },
  });
  if (result.ok) return { ok: true, id: Number(result.data) };
  // The server answered and refused: 'Failed to store submission'; no answer at all (network):
  // 'Failed to submit message' (spec §8).
  if (result.status === 0) return { ok: false, message: MESSAGES.submissionFailed, reason: null };
  return { ok: false, message: MESSAGES.submissionStoreFailed, reason: serverReason(result) };
}
