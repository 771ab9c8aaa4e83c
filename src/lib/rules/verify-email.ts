/**
 * The verify-email page's resend rule (spec §8): a resend error is shown unless it says the
 * e-mail is not confirmed yet (which is exactly why the reader is here), in which case, as on
 * success, the reader is told a new e-mail is on its way.
 */
import { PROFILE } from '../messages/profile.ts';

export function resendOutcome(error: { message: string } | null): { text: string; error: boolean } {
  if (!error || /not confirmed/i.test(error.message)) return { text: PROFILE.resent, error: false };
  return { text: error.message, error: true };
}
